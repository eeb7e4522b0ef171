#include "views/hypercubeview.h"

#include "document/circulantmodel.h"
#include "paint/viewcolors.h"
#include "paint/viewframe.h"
#include "paint/viewstyle.h"
#include "views/circulantview.h"

#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace collscope::app {

namespace {

/// A vertex's largest radius, in units, that keeps it off the edges it is not on (the
/// clearances of hypercubeDirection's layout, with room to spare) and leaves 40 % of the
/// shortest edge (bit 2's, 0.6 units) visible between its two vertices.
constexpr std::array<double, HypercubeModel::maxDimension + 1> maxRadius{0.3,  0.3,  0.3,
                                                                         0.18, 0.17, 0.13};

bool rectHitsSegment(const QRectF& rect, QPointF a, QPointF b) {
  constexpr int samples = 16;
  for (int i = 0; i <= samples; ++i)
    if (rect.contains(a + (b - a) * (static_cast<double>(i) / samples))) return true;
  return false;
}

double distanceToRect(const QRectF& rect, QPointF point) {
  const double dx = std::max({rect.left() - point.x(), 0.0, point.x() - rect.right()});
  const double dy = std::max({rect.top() - point.y(), 0.0, point.y() - rect.bottom()});
  return std::hypot(dx, dy);
}

} // namespace

HypercubeView::HypercubeView(const ViewContext& context) : TraceView(context), m_context(context) {}

HypercubeView::~HypercubeView() = default;

void HypercubeView::refresh(const Playback& playback) {
  const int index = CollectiveInstance::indexAt(document(), playback);
  if (!m_instance || index != m_index) {
    m_instance = CollectiveInstance::build(document(), index);
    m_model = HypercubeModel::build(*m_instance);
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

QString HypercubeView::fallbackNote() const {
  if (!m_fellBack) return {};
  return m_model.fallbackReason() +
         QStringLiteral(": no hypercube to draw · the circulant pattern instead");
}

void HypercubeView::render(QPainter& painter, const QRect& target, const Playback& playback) {
  const ViewStyle style = styleFor(target.size());
  refresh(playback);
  m_paths.clear();
  m_vertices.clear();
  m_fellBack = !m_model.drawable();
  if (m_fellBack) {
    // The circulant drawing above, the reason below it on a band of its own.
    if (!m_circulant) m_circulant = std::make_unique<CirculantView>(m_context);
    m_circulant->setMinimumTextPixels(minimumTextPixels());
    const QFontMetricsF metrics(style.legendFont);
    const int band = static_cast<int>(std::ceil(metrics.height() * 1.6));
    painter.save();
    m_circulant->render(painter, target.adjusted(0, 0, 0, -band), playback);
    const QRectF note(target.left(), target.bottom() - band + 1, target.width(), band);
    painter.fillRect(note, style.background);
    painter.setFont(style.legendFont);
    painter.setPen(style.text);
    painter.drawText(note.adjusted(2 * style.padding, 0, -2 * style.padding, 0), Qt::AlignCenter,
                     fitLine(fallbackNote(), metrics, note.width() - 4 * style.padding, style));
    painter.restore();
    return;
  }
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  const QRectF body =
      paintViewHeader(painter, target, style, QStringLiteral("Hypercube: ") + m_instance->title(),
                      subtitle(), m_instance->progressText(playback));
  if (m_model.messageCount() == 0) {
    painter.setFont(style.labelFont);
    painter.setPen(style.text);
    painter.drawText(body, Qt::AlignCenter | Qt::TextWordWrap,
                     m_instance->messages().empty()
                         ? QStringLiteral("No messages in this run: nothing to draw.")
                         : QStringLiteral("No messages between different ranks: no edges."));
    painter.restore();
    return;
  }
  // Landscape: the big cube left, the rounds right; portrait: the rounds below. The big cube
  // takes the room its shape needs (a tesseract is wide), up to 62 % of the body.
  const double pad = style.padding;
  const double aspect = hypercubeAspect(m_model.dimension());
  if (body.width() >= body.height() * 1.3) {
    const double width = std::min(body.width() * 0.62, body.height() * std::max(1.0, aspect));
    paintBigCube(painter, QRectF(body.left(), body.top(), width, body.height()), style, playback);
    paintSmallMultiples(painter,
                        QRectF(body.left() + width + 2 * pad, body.top(),
                               body.width() - width - 2 * pad, body.height()),
                        style, playback);
  } else {
    const double height = std::min(body.height() * 0.6, body.width() / std::max(1.0, aspect));
    paintBigCube(painter, QRectF(body.left(), body.top(), body.width(), height), style, playback);
    paintSmallMultiples(
        painter,
        QRectF(body.left(), body.top() + height + pad, body.width(), body.height() - height - pad),
        style, playback);
  }
  painter.restore();
}

QString HypercubeView::subtitle() const {
  QStringList parts;
  if (m_model.offEdgeCount() > 0)
    parts << QStringLiteral("%1 of %2 messages not along a cube edge (dashed)")
                 .arg(m_model.offEdgeCount())
                 .arg(m_model.messageCount());
  else
    parts << QStringLiteral("every message along a cube edge");
  parts << QStringLiteral("dim k joins vertices differing in bit k");
  if (m_model.shifted())
    parts << QStringLiteral("vertex = rank − root (mod p) in binary");
  else
    parts << QStringLiteral("vertex = rank in binary");
  parts << QStringLiteral("colour = round");
  return parts.join(QStringLiteral(" · "));
}

StrokeEmphasis HypercubeView::emphasisOf(const CubeMessage& message,
                                         const Playback& playback) const {
  const Playback::MessageState state = playback.messageState(message.message);
  if (state == Playback::MessageState::pending) return StrokeEmphasis::ghost;
  if (m_allDelivered) return StrokeEmphasis::plain;
  if (message.round == m_activeRound) return StrokeEmphasis::bold;
  // A late message of an earlier round is still news while it travels.
  return state == Playback::MessageState::inFlight ? StrokeEmphasis::plain : StrokeEmphasis::faded;
}

void HypercubeView::paintMessage(QPainter& painter, const CubeMessage& message,
                                 const QPolygonF& path, double width, double head,
                                 StrokeEmphasis emphasis, double progress, bool big) {
  RoundStroke stroke;
  stroke.colour = roundColor(message.round, m_model.roundCount());
  stroke.width = width;
  stroke.head = head;
  stroke.emphasis = emphasis;
  stroke.progress = progress;
  stroke.dashed = message.dimension < 0;
  stroke.selected = message.message == selectedMessage();
  const QPolygonF drawn = paintRoundStroke(painter, path, stroke);
  if (!drawn.isEmpty())
    m_paths.push_back({message.message, big, drawn, std::max(6.0, width / 2 + 4)});
}

void paintCubeSkeleton(QPainter& painter, const CubeLayout& layout, int d, const QColor& colour,
                       double width) {
  painter.setPen(QPen(colour, width, Qt::SolidLine, Qt::RoundCap));
  for (int v = 0; v < static_cast<int>(layout.vertices.size()); ++v)
    for (int k = 0; k < d; ++k)
      if (const int w = v ^ (1 << k); w > v)
        painter.drawLine(layout.vertices[static_cast<std::size_t>(v)],
                         layout.vertices[static_cast<std::size_t>(w)]);
}

void HypercubeView::paintBigCube(QPainter& painter, const QRectF& area, const ViewStyle& style,
                                 const Playback& playback) {
  const int d = m_model.dimension();
  const double scale = style.scale;
  // Room around the cube for binary names written beside their vertices.
  const QFontMetricsF binaryMetrics(style.legendFont);
  const QFontMetricsF labelMetrics(style.labelFont);
  const QString widest = QString::number(m_model.size() - 1);
  const double nameWidth = binaryMetrics.horizontalAdvance(HypercubeModel::binary(0, d));
  // Rank and binary name stacked inside the vertex where they fit, else the rank alone inside.
  const double inside = std::hypot(std::max(labelMetrics.horizontalAdvance(widest), nameWidth) / 2,
                                   (labelMetrics.height() + binaryMetrics.height()) / 2) +
                        3 * scale;
  const double alone =
      std::hypot(labelMetrics.horizontalAdvance(widest) / 2, labelMetrics.height() / 2) + 3 * scale;
  const auto radiusFor = [&](double unit) {
    const double largest = maxRadius[static_cast<std::size_t>(d)] * unit;
    return inside <= largest ? std::min(largest, std::max(inside, 0.1 * unit))
                             : std::max(alone, largest * 0.8);
  };
  // Room around the cube for the vertices and the names written beside them; a second pass
  // when the vertices came out bigger than the first guess.
  double margin = std::max(std::max(nameWidth, binaryMetrics.height()) * 0.8, inside) + 12 * scale;
  CubeLayout layout = hypercubeLayout(d, area.adjusted(margin, margin, -margin, -margin));
  if (layout.vertices.empty()) return;
  if (const double needed = radiusFor(layout.unit) + 6 * scale; needed > margin) {
    margin = needed;
    layout = hypercubeLayout(d, area.adjusted(margin, margin, -margin, -margin));
    if (layout.vertices.empty()) return;
  }
  const double radius = radiusFor(layout.unit);

  paintCubeSkeleton(painter, layout, d, style.grid, std::max(1.5, 3 * scale));

  // Messages: faded earlier rounds under the latest, in-flight ones on top; pending ones are
  // left to the small cubes.
  std::vector<std::pair<const CubeMessage*, StrokeEmphasis>> order;
  for (const CubeRound& round : m_model.rounds())
    for (const CubeMessage& m : round.messages)
      if (const StrokeEmphasis e = emphasisOf(m, playback); e != StrokeEmphasis::ghost)
        order.emplace_back(&m, e);
  const auto layer = [&playback](const std::pair<const CubeMessage*, StrokeEmphasis>& entry) {
    const int inFlight =
        playback.messageState(entry.first->message) == Playback::MessageState::inFlight;
    return 2 * static_cast<int>(entry.second == StrokeEmphasis::bold) + inFlight;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&layer](const auto& a, const auto& b) { return layer(a) < layer(b); });
  const double width = style.arrowWidth * (d <= 3 ? 1.2 : 1.0);
  const double head = std::min(style.arrowHead * 1.2, layout.unit * 0.2);
  // a → b and b → a on either side of the edge; an edge used in several rounds fans out, as
  // far as the vertex's rim allows.
  const double step = std::max(width * 1.6, 5 * scale);
  const int fit = std::max(1, static_cast<int>(radius * 0.8 / step));
  for (const auto& [m, emphasis] : order) {
    const QPointF a = layout.vertices[static_cast<std::size_t>(m_model.vertexOf(m->from))];
    const QPointF b = layout.vertices[static_cast<std::size_t>(m_model.vertexOf(m->to))];
    QPolygonF path;
    if (m->dimension >= 0) {
      const int lane = std::max(0, m->lane - std::max(0, m->lanes - fit));
      const double offset = step * (0.6 + lane);
      const double reach = radius + 2 * scale;
      path = cubeEdgePath(a, b, std::sqrt(std::max(0.0, reach * reach - offset * offset)), offset);
    } else {
      path = cubeChordPath(a, b, radius + 2 * scale, 0.12 + 0.06 * std::min(m->lane, 4));
    }
    paintMessage(painter, *m, path, width, head, emphasis, playback.progress(m->message), true);
  }
  const bool stacked = radius >= inside;
  paintVertices(painter, layout, radius, stacked, style);
  if (stacked) return;
  // Names that did not fit inside go beside their vertex: the direction whose box hits no
  // other vertex or name and crosses the fewest edges; none where every direction is taken.
  std::vector<QRectF> placed;
  painter.setFont(style.legendFont);
  for (HitVertex& vertex : m_vertices) {
    const QString text = HypercubeModel::binary(m_model.vertexOf(vertex.rank), d);
    const QSizeF size(binaryMetrics.horizontalAdvance(text) + 8 * scale, binaryMetrics.height());
    double bestPenalty = 1e9;
    for (int i = 0; i < 16; ++i) {
      const double angle = 2 * std::numbers::pi * i / 16;
      const QPointF direction(std::cos(angle), std::sin(angle));
      const double reach =
          std::abs(direction.x()) * size.width() / 2 + std::abs(direction.y()) * size.height() / 2;
      const QPointF c = vertex.center + direction * (radius + 4 * scale + reach);
      const QRectF box(c.x() - size.width() / 2, c.y() - size.height() / 2, size.width(),
                       size.height());
      if (!area.contains(box)) continue;
      bool blocked = false;
      for (const HitVertex& other : m_vertices)
        blocked = blocked || distanceToRect(box, other.center) < radius + 2 * scale;
      for (const QRectF& taken : placed) blocked = blocked || taken.intersects(box);
      if (blocked) continue;
      double penalty = 0;
      for (int v = 0; v < static_cast<int>(layout.vertices.size()); ++v)
        for (int k = 0; k < d; ++k)
          if (const int w = v ^ (1 << k);
              w > v && rectHitsSegment(box, layout.vertices[static_cast<std::size_t>(v)],
                                       layout.vertices[static_cast<std::size_t>(w)]))
            penalty += 1;
      // A name nearer another vertex than its own would be read as that vertex's.
      const double own = QLineF(box.center(), vertex.center).length();
      for (const HitVertex& other : m_vertices)
        if (other.rank != vertex.rank && QLineF(box.center(), other.center).length() < own)
          penalty += 2;
      penalty += i * 1e-3; // ties: the first direction, to the right
      if (penalty < bestPenalty) {
        bestPenalty = penalty;
        vertex.binary = box;
      }
    }
    if (vertex.binary.isEmpty()) continue; // no free room: the rank alone says who it is
    placed.push_back(vertex.binary);
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette::withAlpha(style.background, 225));
    painter.drawRoundedRect(vertex.binary, 4 * scale, 4 * scale);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(palette::secondaryInk);
    painter.drawText(vertex.binary, Qt::AlignCenter, text);
  }
}

void HypercubeView::paintVertices(QPainter& painter, const CubeLayout& layout, double radius,
                                  bool stacked, const ViewStyle& style) {
  const int d = m_model.dimension();
  const double scale = style.scale;
  const int selected = m_instance->commRank(selectedRank());
  const QFontMetricsF labelMetrics(style.labelFont);
  const QFontMetricsF binaryMetrics(style.legendFont);
  for (int v = 0; v < static_cast<int>(layout.vertices.size()); ++v) {
    const int rank = m_model.rankOf(v);
    const QPointF at = layout.vertices[static_cast<std::size_t>(v)];
    HitVertex vertex{rank, at, radius, QRectF()};
    if (rank == selected) {
      painter.setPen(Qt::NoPen);
      painter.setBrush(style.highlight);
      painter.drawEllipse(at, radius + 7 * scale, radius + 7 * scale);
    }
    const bool root = rank == m_instance->root();
    painter.setPen(QPen(style.text, std::max(1.0, 2.2 * scale)));
    painter.setBrush(root ? style.text : style.background);
    painter.drawEllipse(at, radius, radius);
    painter.setBrush(Qt::NoBrush);
    const QColor ink = root ? style.background : style.text;
    painter.setFont(style.labelFont);
    painter.setPen(ink);
    const QString number = QString::number(rank);
    if (stacked) {
      const double total = labelMetrics.height() + binaryMetrics.height();
      const QRectF top(at.x() - radius, at.y() - total / 2, 2 * radius, labelMetrics.height());
      painter.drawText(top, Qt::AlignCenter, number);
      const QString name = HypercubeModel::binary(v, d);
      const double nameWidth = binaryMetrics.horizontalAdvance(name);
      vertex.binary =
          QRectF(at.x() - nameWidth / 2, top.bottom(), nameWidth, binaryMetrics.height());
      painter.setFont(style.legendFont);
      painter.setPen(root ? style.background : palette::secondaryInk);
      painter.drawText(vertex.binary, Qt::AlignCenter, name);
    } else {
      painter.drawText(QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius),
                       Qt::AlignCenter, number);
    }
    m_vertices.push_back(vertex);
  }
}

int HypercubeView::rankAt(const QPointF& point) const {
  if (m_fellBack && m_circulant) return m_circulant->rankAt(point);
  if (!m_instance) return -1;
  for (const HitVertex& vertex : m_vertices)
    if (QLineF(vertex.center, point).length() <= std::max(vertex.radius + 4, 10.0) ||
        vertex.binary.contains(point))
      return m_instance->worldRank(vertex.rank);
  return -1;
}

int HypercubeView::messageAt(const QPointF& point) const {
  if (m_fellBack && m_circulant) return m_circulant->messageAt(point);
  for (const HitVertex& vertex : m_vertices)
    if (QLineF(vertex.center, point).length() <= vertex.radius) return -1;
  int best = -1;
  double bestDistance = 0;
  for (auto it = m_paths.rbegin(); it != m_paths.rend(); ++it) {
    const double distance = distanceToPath(it->path, point);
    if (distance <= it->reach && (best < 0 || distance < bestDistance)) {
      best = it->message;
      bestDistance = distance;
    }
  }
  return best;
}

QPolygonF HypercubeView::bigPath(int message) const {
  for (const HitPath& path : m_paths)
    if (path.big && path.message == message) return path.path;
  return {};
}

QPolygonF HypercubeView::smallPath(int message) const {
  for (const HitPath& path : m_paths)
    if (!path.big && path.message == message) return path.path;
  return {};
}

QPointF HypercubeView::vertexCenter(int rank) const {
  for (const HitVertex& vertex : m_vertices)
    if (vertex.rank == rank) return vertex.center;
  return {};
}

QRectF HypercubeView::binaryLabel(int rank) const {
  for (const HitVertex& vertex : m_vertices)
    if (vertex.rank == rank) return vertex.binary;
  return {};
}

} // namespace collscope::app
