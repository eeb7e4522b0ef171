#include "views/circulantview.h"

#include "format/units.h"
#include "paint/roundstroke.h"
#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "paint/viewstyle.h"

#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace collscope::app {

namespace {

/// Beyond this the circle gets crowded anyway, and a repaint must stay fast.
constexpr std::size_t maxBigChords = 10000;

} // namespace

void CirculantView::refresh(const Playback& playback) {
  const int index = CollectiveInstance::indexAt(document(), playback);
  if (!m_instance || index != m_index) {
    m_instance = CollectiveInstance::build(document(), index);
    m_model = CirculantModel::build(*m_instance);
    m_index = index;
  }
  m_activeRound = -1;
  m_allDelivered = true;
  for (const InstanceMessage& m : m_instance->messages()) {
    const Playback::MessageState state = playback.messageState(m.message);
    if (state != Playback::MessageState::delivered) m_allDelivered = false;
    if (state != Playback::MessageState::pending) m_activeRound = std::max(m_activeRound, m.round);
  }
}

void CirculantView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  const ViewStyle style = styleFor(target.size());
  refresh(playback);
  m_chords.clear();
  m_nodes.clear();
  m_note.clear();
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.fillRect(target, style.background);

  const QFontMetricsF titleMetrics(style.titleFont);
  const QFontMetricsF legendMetrics(style.legendFont);
  const double pad = style.padding;
  const QRectF header(target.left() + 2 * pad, target.top() + pad, target.width() - 4 * pad,
                      titleMetrics.height() * 1.3 + legendMetrics.height() * 1.2);
  const QRectF body(target.left() + 2 * pad, header.bottom() + pad, target.width() - 4 * pad,
                    target.bottom() - header.bottom() - 3 * pad);
  if (m_model.chordCount() == 0) {
    painter.setFont(style.labelFont);
    painter.setPen(style.text);
    painter.drawText(body, Qt::AlignCenter | Qt::TextWordWrap,
                     m_instance->messages().empty()
                         ? QStringLiteral("No messages in this run: nothing to draw.")
                         : QStringLiteral("No messages between different ranks: no chords."));
    paintHeader(painter, header, style, playback);
    painter.restore();
    return;
  }

  // Landscape: the big circle left, the rounds right; portrait: the rounds below.
  if (body.width() >= body.height() * 1.3) {
    const double side = std::min(body.height(), body.width() * 0.55);
    paintBigCircle(painter,
                   QRectF(body.left(), body.top() + (body.height() - side) / 2, side, side), style,
                   playback);
    paintSmallMultiples(painter,
                        QRectF(body.left() + side + 2 * pad, body.top(),
                               body.width() - side - 2 * pad, body.height()),
                        style, playback);
  } else {
    const double side = std::min(body.width(), body.height() * 0.6);
    paintBigCircle(painter, QRectF(body.left() + (body.width() - side) / 2, body.top(), side, side),
                   style, playback);
    paintSmallMultiples(
        painter,
        QRectF(body.left(), body.top() + side + pad, body.width(), body.height() - side - pad),
        style, playback);
  }
  paintHeader(painter, header, style, playback);
  painter.restore();
}

void CirculantView::paintHeader(QPainter& painter, const QRectF& area, const ViewStyle& style,
                                const Playback& playback) const {
  const QFontMetricsF titleMetrics(style.titleFont);
  const QRectF top(area.left(), area.top(), area.width(), titleMetrics.height() * 1.3);
  paintTitleLine(painter, top, style, QStringLiteral("Circulant: ") + m_instance->title(),
                 m_instance->progressText(playback));
  painter.setFont(style.legendFont);
  painter.setPen(palette::secondaryInk);
  QString explain = QStringLiteral(
      "rank i sends to i + d (mod p) · colour = round · bold: latest round, pale: earlier ones");
  if (m_model.hypercube())
    explain += QStringLiteral(" · dim k: ranks i − root, j − root differ in bit k");
  if (!m_note.isEmpty()) explain += QStringLiteral(" · ") + m_note;
  painter.drawText(QRectF(area.left(), top.bottom(), area.width(), area.bottom() - top.bottom()),
                   Qt::AlignVCenter | Qt::AlignLeft,
                   fitLine(explain, QFontMetricsF(style.legendFont), area.width(), style));
}

StrokeEmphasis CirculantView::emphasisOf(const Chord& chord, const Playback& playback) const {
  const Playback::MessageState state = playback.messageState(chord.message);
  if (state == Playback::MessageState::pending) return StrokeEmphasis::ghost;
  if (m_allDelivered) return StrokeEmphasis::plain;
  if (chord.round == m_activeRound) return StrokeEmphasis::bold;
  // A late message of an earlier round is still news while it travels.
  return state == Playback::MessageState::inFlight ? StrokeEmphasis::plain : StrokeEmphasis::faded;
}

void CirculantView::paintChord(QPainter& painter, const Chord& chord, const QPolygonF& path,
                               double width, double head, StrokeEmphasis emphasis, double progress,
                               bool big) {
  RoundStroke stroke;
  stroke.colour = roundColor(chord.round, m_model.roundCount());
  stroke.width = width;
  stroke.head = head;
  stroke.emphasis = emphasis;
  stroke.progress = progress;
  stroke.selected = chord.message == selectedMessage();
  const QPolygonF drawn = paintRoundStroke(painter, path, stroke);
  if (!drawn.isEmpty())
    m_chords.push_back({chord.message, big, drawn, std::max(6.0, width / 2 + 4)});
}

void CirculantView::paintBigCircle(QPainter& painter, const QRectF& area, const ViewStyle& style,
                                   const Playback& playback) {
  const int p = m_model.size();
  const double scale = style.scale;
  const QFontMetricsF metrics(style.labelFont);
  const double labelWidth = metrics.horizontalAdvance(QString::number(std::max(0, p - 1)));
  const double gap = 8 * scale;
  const QPointF center = area.center();
  const double radius = std::max(20.0, area.width() / 2 - labelWidth - gap - 16 * scale);
  const double spacing = 2 * std::numbers::pi * radius / std::max(1, p);
  const double nodeRadius = std::clamp(spacing * 0.2, 3.0 * scale, 14.0 * scale);
  const double width = style.arrowWidth * std::clamp(24.0 / p, 0.55, 1.0);
  const double head = std::min(style.arrowHead, std::max(8.0 * scale, spacing * 0.6));

  painter.setPen(QPen(style.grid, std::max(1.0, 2 * scale)));
  painter.drawEllipse(center, radius, radius);

  // Chords: faded earlier rounds under the latest, in-flight ones on top.
  std::vector<std::pair<const Chord*, StrokeEmphasis>> order;
  for (const CirculantRound& round : m_model.rounds())
    for (const Chord& chord : round.chords) {
      const StrokeEmphasis emphasis = emphasisOf(chord, playback);
      if (emphasis != StrokeEmphasis::ghost) order.emplace_back(&chord, emphasis);
    }
  const auto rank = [&playback](const std::pair<const Chord*, StrokeEmphasis>& entry) {
    const int inFlight =
        playback.messageState(entry.first->message) == Playback::MessageState::inFlight;
    return 2 * static_cast<int>(entry.second == StrokeEmphasis::bold) + inFlight;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&rank](const auto& a, const auto& b) { return rank(a) < rank(b); });
  // Level of detail for huge traces: the newest chords only (the oldest faded ones go first).
  const std::size_t total = order.size();
  if (total > maxBigChords)
    order.erase(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(total - maxBigChords));
  // Chords of the same pair in several rounds (the ring's i → i + 1) fan out, newest innermost,
  // as many as fit between the chord and the centre.
  const auto bendOf = [&](const Chord& chord) {
    if (chord.lanes <= 1) return defaultChordBend;
    const double length =
        QLineF(circlePoint(center, radius, chord.from, p), circlePoint(center, radius, chord.to, p))
            .length();
    const double step = 2 * std::max(5 * scale, width * 2.2) / std::max(1.0, length);
    const int fit = std::max(1, static_cast<int>((0.6 - defaultChordBend) / step) + 1);
    const int lane = std::max(0, chord.lane - std::max(0, chord.lanes - fit));
    return defaultChordBend + lane * step;
  };
  if (total > order.size())
    m_note = QStringLiteral("the newest %1 of %2 chords drawn")
                 .arg(formatCount(order.size()), formatCount(total));
  for (const auto& [chord, emphasis] : order)
    paintChord(painter, *chord,
               chordPath(center, radius, chord->from, chord->to, p, nodeRadius + 2 * scale,
                         bendOf(*chord)),
               width, head, emphasis, playback.progress(chord->message), true);

  // Rank markers and thinned-out labels; the root filled, the selected rank on yellow.
  const int selected = m_instance->commRank(selectedRank());
  const double labelHeight = metrics.height();
  const double labelSpacing =
      2 * std::numbers::pi * (radius + nodeRadius + gap + labelHeight / 2) / std::max(1, p);
  const int step = labelStride(labelSpacing, std::max(labelWidth, labelHeight) * 1.25);
  painter.setFont(style.labelFont);
  for (int r = 0; r < p; ++r) {
    const QPointF at = circlePoint(center, radius, r, p);
    HitNode node{r, at, nodeRadius, QRectF()};
    if (r == selected) {
      painter.setPen(Qt::NoPen);
      painter.setBrush(style.highlight);
      painter.drawEllipse(at, nodeRadius + 7 * scale, nodeRadius + 7 * scale);
    }
    painter.setPen(QPen(style.text, std::max(1.0, 2.2 * scale)));
    painter.setBrush(r == m_instance->root() ? style.text : style.background);
    painter.drawEllipse(at, nodeRadius, nodeRadius);
    painter.setBrush(Qt::NoBrush);
    const bool labelled = (r % step == 0 && (r == 0 || r + step <= p)) || r == selected;
    if (labelled) {
      const QString text = QString::number(r);
      const double w = metrics.horizontalAdvance(text) + 6 * scale;
      const double angle = 2 * std::numbers::pi * r / p - std::numbers::pi / 2;
      const double reach =
          std::abs(std::cos(angle)) * w / 2 + std::abs(std::sin(angle)) * labelHeight / 2;
      const QPointF c = circlePoint(center, radius + nodeRadius + gap + reach, r, p);
      node.label = QRectF(c.x() - w / 2, c.y() - labelHeight / 2, w, labelHeight);
      if (r == selected) painter.fillRect(node.label, style.highlight);
      painter.setPen(style.text);
      painter.drawText(node.label, Qt::AlignCenter, text);
    }
    m_nodes.push_back(node);
  }
}

} // namespace collscope::app
