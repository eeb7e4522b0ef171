#include "paint/roundstroke.h"

#include "document/circulantmodel.h"
#include "paint/viewcolors.h"

#include <QLineF>
#include <QPen>
#include <algorithm>
#include <cmath>

namespace collscope::app {

QColor casingFor(const QColor& colour) {
  const double luminance =
      0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF();
  return luminance > 0.75 ? colour.darker(165) : QColor();
}

void paintArrowHead(QPainter& painter, const QPolygonF& path, double head, const QColor& colour,
                    const QColor& outline) {
  const double length = pathLength(path);
  if (path.size() < 2 || length <= 0) return;
  const QPointF tip = path.back();
  const QPolygonF before = pathPrefix(path, std::max(0.0, 1.0 - head / length));
  const QPointF base = before.isEmpty() ? path.front() : before.back();
  const QLineF axis(tip, base);
  if (axis.length() <= 0) return;
  const QPointF unit = (base - tip) / axis.length();
  const QPointF normal(-unit.y(), unit.x());
  const QPointF back = tip + unit * head;
  QPolygonF triangle;
  triangle << tip << back + normal * head * 0.45 << back - normal * head * 0.45;
  painter.setPen(outline.isValid() ? QPen(outline, 1.2) : QPen(Qt::NoPen));
  painter.setBrush(colour);
  painter.drawPolygon(triangle);
  painter.setBrush(Qt::NoBrush);
}

QColor mixedColour(const QColor& colour, const QColor& with, double amount) {
  const auto mix = [amount](int a, int b) {
    return static_cast<int>(std::lround(a + (b - a) * amount));
  };
  return QColor(mix(colour.red(), with.red()), mix(colour.green(), with.green()),
                mix(colour.blue(), with.blue()));
}

QPolygonF paintRoundStroke(QPainter& painter, const QPolygonF& path, const RoundStroke& stroke) {
  if (path.size() < 2) return {};
  QColor colour = stroke.colour;
  double width = stroke.width;
  Qt::PenStyle style = stroke.dashed ? Qt::DashLine : Qt::SolidLine;
  switch (stroke.emphasis) {
  case StrokeEmphasis::faded:
    colour = mixedColour(colour, Qt::white, 0.6);
    width *= 0.8;
    break;
  case StrokeEmphasis::ghost:
    // Pending: one neutral grey for every round, so that light round colours cannot vanish.
    colour = palette::pending;
    style = Qt::DashLine;
    width *= 0.75;
    break;
  case StrokeEmphasis::bold:
    width *= 1.45;
    break;
  case StrokeEmphasis::plain:
    break;
  }
  const double progress = stroke.emphasis == StrokeEmphasis::ghost ? 1.0 : stroke.progress;
  const QColor casing = stroke.emphasis == StrokeEmphasis::ghost ? QColor() : casingFor(colour);
  const QPolygonF drawn = pathPrefix(path, progress);
  if (stroke.selected && !drawn.isEmpty()) {
    painter.setPen(QPen(palette::yellow, width + 10 * std::max(0.5, width / 4), Qt::SolidLine,
                        Qt::RoundCap, Qt::RoundJoin));
    painter.drawPolyline(drawn);
  }
  const auto line = [&](const QPolygonF& part, Qt::PenCapStyle cap) {
    if (casing.isValid()) {
      painter.setPen(QPen(casing, width + std::max(1.5, width * 0.5), style, cap, Qt::RoundJoin));
      painter.drawPolyline(part);
    }
    painter.setPen(QPen(colour, width, style, cap, Qt::RoundJoin));
    painter.drawPolyline(part);
  };
  if (progress < 1.0) {
    // Where it is going, as a pending message is drawn, under how far it got.
    painter.setPen(QPen(palette::pending, std::max(1.0, width * 0.5), Qt::DashLine));
    painter.drawPolyline(path);
    if (!drawn.isEmpty()) {
      line(drawn, Qt::RoundCap);
      painter.setPen(casing.isValid() ? QPen(casing, 1.2) : QPen(Qt::NoPen));
      painter.setBrush(colour);
      painter.drawEllipse(drawn.back(), width * 1.8, width * 1.8);
      painter.setBrush(Qt::NoBrush);
    }
    return drawn;
  }
  const double length = pathLength(path);
  const double head = stroke.head * (stroke.emphasis == StrokeEmphasis::bold ? 1.15 : 1.0);
  line(pathPrefix(path, std::max(0.0, 1.0 - head * 0.7 / std::max(1e-9, length))), Qt::FlatCap);
  paintArrowHead(painter, path, head, colour, casing);
  return path;
}

} // namespace collscope::app
