#include "paint/viewframe.h"

#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace collscope::app {

namespace {

// Shorter forms of a view's title, from the full one: without the view's name ("Tree · ",
// "Circulant: "), then the collective and algorithm alone ("bcast/binomial-preorder").
QStringList shorterTitles(const QString& title) {
  QStringList forms{title};
  QString rest = title;
  for (const QString& prefix : {QStringLiteral(" · "), QStringLiteral(": ")}) {
    const qsizetype at = rest.indexOf(prefix);
    if (at > 0 && at < 24) {
      rest = rest.mid(at + prefix.size());
      forms << rest;
      break;
    }
  }
  // Then the details after the name, two spaces apart ("  p = 8  root 4  count …"), one by
  // one from the end.
  QStringList shorter;
  for (qsizetype at = rest.lastIndexOf(QStringLiteral("  ")); at > 0;
       at = rest.lastIndexOf(QStringLiteral("  "), at - 1))
    shorter << rest.left(at).trimmed();
  forms += shorter;
  forms.removeDuplicates();
  return forms;
}

// A slide's title line: the first form that fits whole at a font from the style's title size
// down to the floor, with the state beside it if that still fits.
std::optional<TitleLineLayout> fitOnSlide(const QRectF& line, const ViewStyle& style,
                                          const QString& title, const QString& state) {
  const double gap = 2 * style.padding;
  const int largest = style.titleFont.pixelSize();
  const int smallest = std::min(largest, static_cast<int>(std::ceil(style.minimumTextPixels)));
  // The collective, algorithm, p and root matter more than where the cursor stands (the
  // slide's footer says the round): each form is tried with the state, then without. Among
  // the forms that keep p and the root, the largest size wins over the longer form, so that
  // scenes side by side, of one width, set their titles at one size.
  const QStringList forms = shorterTitles(title);
  const auto keepsEssentials = [&title](const QString& form) {
    for (const QString& part : {QStringLiteral("p = "), QStringLiteral("root ")})
      if (title.contains(part) && !form.contains(part)) return false;
    return title.contains(QStringLiteral("p = "));
  };
  const auto fitted = [&](const QString& form, bool withState,
                          int pixels) -> std::optional<TitleLineLayout> {
    QFont font = style.titleFont;
    font.setPixelSize(pixels);
    QFont stateFont = style.labelFont;
    stateFont.setPixelSize(std::min(stateFont.pixelSize(), pixels));
    const double stateWidth =
        state.isEmpty() ? 0.0 : QFontMetricsF(stateFont).horizontalAdvance(state) + gap;
    const double width = QFontMetricsF(font).horizontalAdvance(form) + 2;
    if (width + (withState ? stateWidth : 0.0) > line.width()) return std::nullopt;
    TitleLineLayout layout;
    layout.titleFont = font;
    layout.stateFont = stateFont;
    layout.titleText = form;
    layout.title = QRectF(line.left(), line.top(), width, line.height());
    if (withState && !state.isEmpty()) {
      layout.stateText = state;
      const double w = stateWidth - gap;
      layout.state = QRectF(line.right() - w, line.top(), w, line.height());
    }
    return layout;
  };
  for (int pixels = largest; pixels >= smallest; --pixels)
    for (const QString& form : forms)
      if (keepsEssentials(form))
        for (const bool withState : {true, false})
          if (auto layout = fitted(form, withState, pixels)) return layout;
  for (const QString& form : forms) {
    for (const bool withState : {true, false}) {
      for (int pixels = largest; pixels >= smallest; --pixels)
        if (auto layout = fitted(form, withState, pixels)) return layout;
    }
  }
  return std::nullopt;
}

} // namespace

TitleLineLayout layoutTitleLine(const QRectF& line, const ViewStyle& style, const QString& title,
                                const QString& state) {
  if (style.minimumTextPixels > 0)
    if (auto fitted = fitOnSlide(line, style, title, state)) return *fitted;
  const QFontMetricsF titleMetrics(style.titleFont);
  const QFontMetricsF stateMetrics(style.labelFont);
  const double gap = 2 * style.padding;
  const double wanted = state.isEmpty() ? 0.0 : stateMetrics.horizontalAdvance(state) + gap;
  const double titleSpace = std::min(titleMetrics.horizontalAdvance(title) + 2,
                                     std::max(line.width() * 0.55, line.width() - wanted));
  TitleLineLayout layout;
  layout.titleFont = style.titleFont;
  layout.stateFont = style.labelFont;
  layout.titleText = titleMetrics.elidedText(title, Qt::ElideRight, titleSpace);
  layout.title = QRectF(line.left(), line.top(), titleSpace, line.height());
  const double stateSpace = line.width() - titleSpace - gap;
  if (stateSpace > 0 && !state.isEmpty()) {
    layout.stateText = stateMetrics.elidedText(state, Qt::ElideLeft, stateSpace);
    const double w = std::min(stateSpace, stateMetrics.horizontalAdvance(layout.stateText) + 2);
    layout.state = QRectF(line.right() - w, line.top(), w, line.height());
  }
  return layout;
}

void paintTitleLine(QPainter& painter, const QRectF& line, const ViewStyle& style,
                    const QString& title, const QString& state) {
  const TitleLineLayout layout = layoutTitleLine(line, style, title, state);
  painter.setPen(style.text);
  painter.setFont(layout.titleFont);
  painter.drawText(layout.title, Qt::AlignVCenter | Qt::AlignLeft, layout.titleText);
  if (layout.stateText.isEmpty()) return;
  painter.setFont(layout.stateFont);
  painter.drawText(layout.state, Qt::AlignVCenter | Qt::AlignRight, layout.stateText);
}

QString fitLine(const QString& text, const QFontMetricsF& metrics, double width,
                const ViewStyle& style) {
  if (metrics.horizontalAdvance(text) <= width) return text;
  if (style.minimumTextPixels > 0) {
    // " · " and "; " part whole statements: the last of them that fits, if any; else the
    // last ", ", " (" or ": " that fits (they may part a list or an aside).
    const std::array<std::array<QString, 3>, 2> strengths{
        {{QStringLiteral(" · "), QStringLiteral("; "), QString()},
         {QStringLiteral(", "), QStringLiteral(" ("), QStringLiteral(": ")}}};
    for (const auto& cuts : strengths) {
      qsizetype best = -1;
      for (const QString& cut : cuts)
        for (qsizetype at = cut.isEmpty() ? -1 : text.indexOf(cut); at > 0;
             at = text.indexOf(cut, at + 1))
          if (at > best && metrics.horizontalAdvance(text.left(at)) <= width) best = at;
      if (best > 0) return text.left(best);
    }
    // Not even the first clause fits: better no line than half a sentence.
    return {};
  }
  return metrics.elidedText(text, Qt::ElideRight, width);
}

int labelStride(double spacing, double needed) {
  static constexpr std::array<int, 14> steps{1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100, 128};
  for (int step : steps)
    if (spacing * step >= needed) return step;
  return 256;
}

void paintHatch(QPainter& painter, const QRectF& box, const QColor& colour, double spacing,
                double width) {
  painter.setPen(QPen(colour, width));
  for (double c = box.left() + box.top() + spacing / 2; c < box.right() + box.bottom();
       c += spacing) {
    const double x0 = std::max(box.left(), c - box.bottom());
    const double x1 = std::min(box.right(), c - box.top());
    if (x1 > x0) painter.drawLine(QPointF(x0, c - x0), QPointF(x1, c - x1));
  }
}

QRectF paintViewHeader(QPainter& painter, const QRectF& target, const ViewStyle& style,
                       const QString& title, const QString& subtitle, const QString& state) {
  painter.fillRect(target, style.background);
  const double pad = style.padding;
  const QFontMetricsF titleMetrics(style.titleFont);
  const QFontMetricsF subMetrics(style.tickFont);
  QRectF line(target.left() + pad, target.top() + pad, target.width() - 2 * pad,
              titleMetrics.height());
  paintTitleLine(painter, line, style, title, state);
  line = QRectF(line.left(), line.bottom() + pad * 0.3, line.width(), subMetrics.height());
  painter.setFont(style.tickFont);
  painter.setPen(style.text.lighter(180));
  painter.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                   fitLine(subtitle, subMetrics, line.width(), style));
  return QRectF(target.left() + pad, line.bottom() + pad, target.width() - 2 * pad,
                target.bottom() - line.bottom() - 2 * pad);
}

QRectF paintViewLegend(QPainter& painter, const QRectF& area, const ViewStyle& style,
                       const std::vector<LegendEntry>& entries) {
  if (entries.empty()) return area;
  const QFontMetricsF metrics(style.legendFont);
  const double h = metrics.height();
  const double swatch = h * 0.8;
  const double gap = h * 0.9;
  // Rows from the left, wrapping when an entry does not fit.
  std::vector<std::vector<std::size_t>> rows(1);
  double x = 0.0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const double w = swatch * (entries[i].dashed ? 2.0 : 1.0) + h * 0.3 +
                     metrics.horizontalAdvance(entries[i].text) + gap;
    if (x + w > area.width() && !rows.back().empty()) {
      rows.emplace_back();
      x = 0.0;
    }
    rows.back().push_back(i);
    x += w;
  }
  const double height = static_cast<double>(rows.size()) * h * 1.25;
  double y = area.bottom() - height;
  painter.setFont(style.legendFont);
  for (const auto& row : rows) {
    double left = area.left();
    for (std::size_t i : row) {
      const LegendEntry& entry = entries[i];
      const double sw = swatch * (entry.dashed ? 2.0 : 1.0);
      const QRectF box(left, y + (h - swatch) / 2, sw, swatch);
      if (entry.dashed) {
        painter.setPen(QPen(entry.colour, std::max(1.5, 3.0 * style.scale), Qt::DashLine));
        painter.drawLine(QPointF(box.left(), box.center().y()),
                         QPointF(box.right(), box.center().y()));
      } else {
        painter.fillRect(box, entry.colour);
        painter.setPen(QPen(QColor(60, 60, 60), 1));
        painter.drawRect(box);
      }
      painter.setPen(style.text);
      const double tw = metrics.horizontalAdvance(entry.text);
      painter.drawText(QRectF(box.right() + h * 0.3, y, tw + 2, h),
                       Qt::AlignLeft | Qt::AlignVCenter, entry.text);
      left = box.right() + h * 0.3 + tw + gap;
    }
    y += h * 1.25;
  }
  return QRectF(area.left(), area.top(), area.width(),
                std::max(0.0, area.height() - height - style.padding));
}

} // namespace collscope::app
