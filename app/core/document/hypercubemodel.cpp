#include "document/hypercubemodel.h"

#include "document/circulantmodel.h"

#include <QLineF>
#include <QStringList>
#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <set>

namespace collscope::app {

namespace {

// Chosen by searching for the directions that keep every vertex farthest from the edges it is
// not on (at least 0.4 units up to d = 3, 0.23 at d = 4, 0.18 at d = 5, which
// test_hypercube_view.cpp checks) while the drawing stays compact.
constexpr std::array<QPointF, HypercubeModel::maxDimension> directions{
    QPointF(1, 0), QPointF(0, 1), QPointF(0.45, -0.4), QPointF(1.72, 0.42), QPointF(-0.35, 1.87)};

QPointF rawPosition(int vertex, int d) {
  QPointF at;
  for (int k = 0; k < d; ++k)
    if (vertex >> k & 1) at += directions[static_cast<std::size_t>(k)];
  return at;
}

QRectF rawBounds(int d) {
  double left = 0, top = 0, right = 0, bottom = 0;
  for (int v = 0; v < (1 << d); ++v) {
    const QPointF at = rawPosition(v, d);
    left = std::min(left, at.x());
    right = std::max(right, at.x());
    top = std::min(top, at.y());
    bottom = std::max(bottom, at.y());
  }
  // A line (d = 1) still gets a square's room, so that its edge is not drawn across the page.
  const double width = std::max(1.0, right - left), height = std::max(1.0, bottom - top);
  return QRectF((left + right - width) / 2, (top + bottom - height) / 2, width, height);
}

QPolygonF reversed(const QPolygonF& path) {
  QPolygonF back;
  for (auto it = path.rbegin(); it != path.rend(); ++it) back << *it;
  return back;
}

/// `path` without `inset` pixels at either end; empty if nothing is left.
QPolygonF trimmedBoth(const QPolygonF& path, double inset) {
  const double length = pathLength(path);
  if (length <= 2 * inset) return {};
  const double keep = 1.0 - inset / length;
  return reversed(
      pathPrefix(reversed(pathPrefix(path, keep)), (length - 2 * inset) / (length - inset)));
}

int countOnEdges(const CollectiveInstance& instance, int shift) {
  const int p = instance.size();
  int on = 0;
  for (const InstanceMessage& m : instance.messages())
    if (m.sender != m.receiver &&
        HypercubeModel::edgeDimension(CirculantModel::skip(shift, m.sender, p),
                                      CirculantModel::skip(shift, m.receiver, p)) >= 0)
      ++on;
  return on;
}

} // namespace

HypercubeModel HypercubeModel::build(const CollectiveInstance& instance) {
  HypercubeModel model;
  const int p = instance.size();
  model.m_size = p;
  if (p >= 1 && std::has_single_bit(static_cast<unsigned>(p)) &&
      std::countr_zero(static_cast<unsigned>(p)) <= maxDimension)
    model.m_dimension = std::countr_zero(static_cast<unsigned>(p));
  if (instance.root() > 0 && p > 0 &&
      countOnEdges(instance, instance.root()) > countOnEdges(instance, 0))
    model.m_shift = instance.root();
  model.m_rounds.resize(static_cast<std::size_t>(std::max(0, instance.roundCount())));
  std::vector<std::set<int>> dimensions(model.m_rounds.size());
  for (const InstanceMessage& m : instance.messages()) {
    if (m.round < 0 || m.round >= model.roundCount() || m.sender == m.receiver) continue;
    const int k = edgeDimension(model.vertexOf(m.sender), model.vertexOf(m.receiver));
    const auto r = static_cast<std::size_t>(m.round);
    model.m_rounds[r].messages.push_back({m.sender, m.receiver, k, m.message, m.round});
    ++model.m_messageCount;
    if (k >= 0) {
      dimensions[r].insert(k);
    } else {
      ++model.m_rounds[r].offEdges;
      ++model.m_offEdgeCount;
    }
  }
  for (std::size_t r = 0; r < dimensions.size(); ++r)
    model.m_rounds[r].dimensions.assign(dimensions[r].begin(), dimensions[r].end());
  std::map<std::pair<int, int>, std::vector<CubeMessage*>> pairs;
  for (CubeRound& round : model.m_rounds)
    for (CubeMessage& m : round.messages) pairs[{m.from, m.to}].push_back(&m);
  for (auto& [pair, uses] : pairs)
    for (std::size_t i = 0; i < uses.size(); ++i) {
      uses[i]->lanes = static_cast<int>(uses.size());
      uses[i]->lane = static_cast<int>(i);
    }
  return model;
}

QString HypercubeModel::fallbackReason() const {
  if (drawable()) return {};
  if (m_size < 1) return QStringLiteral("no ranks");
  if (!std::has_single_bit(static_cast<unsigned>(m_size)))
    return QStringLiteral("p = %1 is not a power of two").arg(m_size);
  return QStringLiteral("p = %1: a %2-cube is too big to draw (at most %3 ranks)")
      .arg(m_size)
      .arg(std::countr_zero(static_cast<unsigned>(m_size)))
      .arg(1 << maxDimension);
}

int HypercubeModel::vertexOf(int rank) const {
  return CirculantModel::skip(m_shift, rank, m_size);
}

int HypercubeModel::rankOf(int vertex) const {
  return m_size > 0 ? (vertex + m_shift) % m_size : 0;
}

QString HypercubeModel::roundText(int column) const {
  const CubeRound& r = round(column);
  QString text;
  if (!r.dimensions.empty()) {
    QStringList dims;
    for (int k : r.dimensions) dims << QString::number(k);
    text = QStringLiteral("dim ") + dims.join(QStringLiteral(", "));
  }
  if (r.offEdges > 0) {
    const QString off = QStringLiteral("%1 off edges").arg(r.offEdges);
    text = text.isEmpty() ? off : text + QStringLiteral(" + ") + off;
  }
  return text.isEmpty() ? QStringLiteral("no messages") : text;
}

QString HypercubeModel::binary(int vertex, int d) {
  QString digits;
  for (int k = d - 1; k >= 0; --k) digits += QLatin1Char((vertex >> k & 1) ? '1' : '0');
  return digits;
}

int HypercubeModel::edgeDimension(int a, int b) {
  if (a < 0 || b < 0) return -1;
  const auto bit = static_cast<unsigned>(a ^ b);
  return std::has_single_bit(bit) ? std::countr_zero(bit) : -1;
}

QPointF hypercubeDirection(int k) {
  return k >= 0 && k < HypercubeModel::maxDimension ? directions[static_cast<std::size_t>(k)]
                                                    : QPointF();
}

double hypercubeAspect(int d) {
  const QRectF bounds = rawBounds(std::clamp(d, 0, HypercubeModel::maxDimension));
  return bounds.width() / bounds.height();
}

CubeLayout hypercubeLayout(int d, const QRectF& area) {
  CubeLayout layout;
  if (d < 0 || d > HypercubeModel::maxDimension || area.isEmpty()) return layout;
  const QRectF bounds = rawBounds(d);
  layout.unit = std::min(area.width() / bounds.width(), area.height() / bounds.height());
  const QPointF offset = area.center() - bounds.center() * layout.unit;
  for (int v = 0; v < (1 << d); ++v)
    layout.vertices.push_back(offset + rawPosition(v, d) * layout.unit);
  return layout;
}

QPolygonF cubeEdgePath(QPointF a, QPointF b, double inset, double offset) {
  const QLineF line(a, b);
  const double length = line.length();
  if (length <= 2 * inset) return {};
  const QPointF unit = (b - a) / length;
  const QPointF right(-unit.y(), unit.x()); // right of the direction of travel (y down)
  QPolygonF path;
  path << a + unit * inset + right * offset << b - unit * inset + right * offset;
  return path;
}

QPolygonF cubeChordPath(QPointF a, QPointF b, double inset, double bend) {
  const QPointF d = b - a;
  if (QLineF(a, b).length() <= 2 * inset) return {};
  const QPointF control = (a + b) / 2.0 + QPointF(-d.y(), d.x()) * bend;
  constexpr int samples = 32;
  QPolygonF path;
  for (int i = 0; i <= samples; ++i) {
    const double t = static_cast<double>(i) / samples;
    path << a * (1 - t) * (1 - t) + control * 2 * t * (1 - t) + b * t * t;
  }
  return trimmedBoth(path, inset);
}

} // namespace collscope::app
