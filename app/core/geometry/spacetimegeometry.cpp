#include "geometry/spacetimegeometry.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <limits>

namespace collscope::app {

SpaceTimeGeometry::SpaceTimeGeometry(const QRectF& target, int ranks, const SpaceTimeMetrics& style,
                                     double legendHeight, const std::vector<int>& nodeOf)
    : m_target(target), m_ranks(std::max(ranks, 1)) {
  m_row.resize(static_cast<std::size_t>(m_ranks));
  m_rankAtRow.resize(static_cast<std::size_t>(m_ranks));
  for (int r = 0; r < m_ranks; ++r) m_row[r] = m_rankAtRow[r] = r;
  const int nodes = nodeOf.size() == static_cast<std::size_t>(ranks) && ranks > 0
                        ? *std::max_element(nodeOf.begin(), nodeOf.end()) + 1
                        : 0;
  if (nodes > 1) {
    m_nodeCount = nodes;
    m_nodeOf = nodeOf;
    // Stable: each node's ranks stay in rank order.
    std::stable_sort(m_rankAtRow.begin(), m_rankAtRow.end(),
                     [&](int a, int b) { return nodeOf[a] < nodeOf[b]; });
    m_firstRow.assign(static_cast<std::size_t>(nodes) + 1, m_ranks);
    for (int row = m_ranks - 1; row >= 0; --row) {
      m_row[m_rankAtRow[row]] = row;
      m_firstRow[nodeOf[m_rankAtRow[row]]] = row;
    }
    for (int n = nodes - 1; n >= 0; --n) // a node without ranks starts where the next one does
      m_firstRow[n] = std::min(m_firstRow[n], m_firstRow[n + 1]);
  }
  const double pad = style.padding;
  const QFontMetricsF title(style.titleFont), label(style.labelFont), tick(style.tickFont);
  const double headerHeight = title.height() + 2 * pad;
  const double axisHeight = tick.height() + label.height() + 3 * pad;
  const QString widest =
      QStringLiteral("rank %1").arg(QString(QString::number(m_ranks - 1).size(), QLatin1Char('8')));
  const double nodeWidth =
      m_nodeCount > 1 ? label.horizontalAdvance(QStringLiteral("node %1").arg(
                            QString(QString::number(m_nodeCount - 1).size(), QLatin1Char('8')))) +
                            2 * pad
                      : 0.0;
  const double labelWidth = label.horizontalAdvance(widest) + 2 * pad + nodeWidth;
  const double right = pad * 2.5;
  m_header = QRectF(target.left(), target.top(), target.width(), headerHeight);
  m_legend = QRectF(target.left(), target.bottom() - legendHeight, target.width(), legendHeight);
  m_axisBand = QRectF(target.left() + labelWidth, m_legend.top() - axisHeight,
                      target.width() - labelWidth - right, axisHeight);
  m_plot = QRectF(target.left() + labelWidth, m_header.bottom(), m_axisBand.width(),
                  std::max(1.0, m_axisBand.top() - m_header.bottom()));
  m_nodeLabels = QRectF(target.left(), m_plot.top(), nodeWidth, m_plot.height());
  m_labels =
      QRectF(target.left() + nodeWidth, m_plot.top(), labelWidth - nodeWidth, m_plot.height());
  m_laneHeight = m_plot.height() / m_ranks;
  m_stripThreshold = 40.0 * style.scale;
}

bool SpaceTimeGeometry::hasStrips() const {
  return m_laneHeight >= m_stripThreshold;
}

int SpaceTimeGeometry::row(int rank) const {
  return rank >= 0 && rank < m_ranks ? m_row[rank] : rank;
}

int SpaceTimeGeometry::rankAtRow(int row) const {
  return row >= 0 && row < m_ranks ? m_rankAtRow[row] : -1;
}

int SpaceTimeGeometry::nodeOf(int rank) const {
  return m_nodeCount > 1 && rank >= 0 && rank < m_ranks ? m_nodeOf[rank] : 0;
}

bool SpaceTimeGeometry::crossesNodes(int sender, int receiver) const {
  return nodeOf(sender) != nodeOf(receiver);
}

QRectF SpaceTimeGeometry::nodeBand(int node) const {
  if (node < 0 || node >= m_nodeCount) return {};
  const double top = m_plot.top() + m_firstRow[node] * m_laneHeight;
  const double bottom = m_plot.top() + m_firstRow[node + 1] * m_laneHeight;
  return QRectF(m_nodeLabels.left(), top, m_plot.right() - m_nodeLabels.left(), bottom - top);
}

QRectF SpaceTimeGeometry::nodeLabel(int node) const {
  const QRectF band = nodeBand(node);
  return band.isNull() ? band
                       : QRectF(band.left(), band.top(), m_nodeLabels.width(), band.height());
}

QRectF SpaceTimeGeometry::lane(int rank) const {
  return QRectF(m_plot.left(), m_plot.top() + row(rank) * m_laneHeight, m_plot.width(),
                m_laneHeight);
}

QRectF SpaceTimeGeometry::band(int rank, Band band) const {
  const QRectF l = lane(rank);
  const auto part = [&](double from, double to) {
    return QRectF(l.left(), l.top() + from * l.height(), l.width(), (to - from) * l.height());
  };
  if (!hasStrips()) {
    switch (band) {
    case Band::callBar:
      return part(0.15, 0.85);
    case Band::algorithm:
      return part(0.05, 0.95);
    default:
      return QRectF();
    }
  }
  switch (band) {
  case Band::roundStrip:
    return part(0.08, 0.28);
  case Band::phaseStrip:
    return part(0.28, 0.34);
  case Band::callBar:
    return part(0.38, 0.86);
  case Band::algorithm:
    return part(0.04, 0.94);
  }
  return QRectF();
}

double SpaceTimeGeometry::laneCenter(int rank) const {
  return band(rank, Band::callBar).center().y();
}

int SpaceTimeGeometry::rankAt(double y) const {
  if (y < m_plot.top() || y >= m_plot.bottom()) return -1;
  return rankAtRow(std::clamp(static_cast<int>((y - m_plot.top()) / m_laneHeight), 0, m_ranks - 1));
}

std::optional<QLineF> SpaceTimeGeometry::clipX(const QLineF& line, double left, double right) {
  const double dx = line.dx();
  if (dx == 0.0) {
    if (line.x1() < left || line.x1() > right) return std::nullopt;
    return line;
  }
  const double u0 = std::max(0.0, std::min((left - line.x1()) / dx, (right - line.x1()) / dx));
  const double u1 = std::min(1.0, std::max((left - line.x1()) / dx, (right - line.x1()) / dx));
  if (u0 > u1) return std::nullopt;
  return QLineF(line.pointAt(u0), line.pointAt(u1));
}

} // namespace collscope::app
