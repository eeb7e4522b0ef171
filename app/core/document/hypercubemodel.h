// The hypercube picture of one collective run (the lecture's "Hypercube: (log₂p)-dimensional
// torus", "Binomial tree broadcast in hypercube", the butterfly, Jia's optimal broadcast):
// the p = 2^d ranks at the vertices of a d-cube, every message along the cube edge it uses
// (dimension k when its two vertices differ in bit k only), a message that is no cube edge
// counted as such. Pure model and geometry, no painting: HypercubeView paints it, the tests
// check it without widgets.
#pragma once

#include "document/collectiveinstance.h"

#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <vector>

namespace collscope::app {

struct CubeMessage {
  int from = -1;      ///< sender, rank in the communicator
  int to = -1;        ///< receiver, rank in the communicator
  int dimension = -1; ///< k when the vertices of from and to differ in bit k only, else −1
  int message = -1;   ///< index into Trace::messages
  int round = 0;      ///< round column of the instance
  /// Messages from → to in the whole run and which of them (by round) this is: Jia's broadcast
  /// uses an edge in rounds j and j + d, so the big cube draws such messages side by side.
  int lanes = 1;
  int lane = 0;
};

struct CubeRound {
  std::vector<CubeMessage> messages; ///< in message order
  std::vector<int> dimensions;       ///< the distinct k of the round's cube edges, ascending
  int offEdges = 0;                  ///< messages of the round that are no cube edge
};

class HypercubeModel {
public:
  /// Up to 32 ranks: a 5-cube's 32 vertices still carry their labels.
  static constexpr int maxDimension = 5;

  HypercubeModel() = default;
  static HypercubeModel build(const CollectiveInstance& instance);

  int size() const { return m_size; }
  /// d with p = 2^d, or −1 when p is not a power of two or the cube is too big to draw.
  int dimension() const { return m_dimension; }
  bool drawable() const { return m_dimension >= 0; }
  /// Why there is no cube ("p = 7 is not a power of two"); empty when drawable.
  QString fallbackReason() const;

  /// Whether vertices are ranks shifted to the root, v = (rank − root) mod p, as algorithms with
  /// a root number them (Jia's broadcast from root 3); otherwise v = rank. Shifted is chosen
  /// only when it puts more messages on cube edges.
  bool shifted() const { return m_shift != 0; }
  int vertexOf(int rank) const;
  int rankOf(int vertex) const;

  int roundCount() const { return static_cast<int>(m_rounds.size()); }
  const CubeRound& round(int column) const { return m_rounds[static_cast<std::size_t>(column)]; }
  const std::vector<CubeRound>& rounds() const { return m_rounds; }
  int messageCount() const { return m_messageCount; }
  int offEdgeCount() const { return m_offEdgeCount; }
  /// "dim 2", "dim 0, 1", "no messages"; "+ 2 off edges" when some are no cube edges.
  QString roundText(int column) const;

  /// `vertex` in d binary digits, most significant first: binary(5, 4) == "0101".
  static QString binary(int vertex, int d);
  /// log₂(a XOR b) when a and b differ in exactly one bit, else −1.
  static int edgeDimension(int a, int b);

private:
  int m_size = 0;
  int m_dimension = -1;
  int m_shift = 0; ///< vertex = (rank − m_shift) mod p
  int m_messageCount = 0;
  int m_offEdgeCount = 0;
  std::vector<CubeRound> m_rounds;
};

/// The screen direction of dimension k in unit lengths (y down): bit 0 across, bit 1 down,
/// bit 2 into the page (up and right), bit 3 a second cube to the right, bit 4 a second
/// tesseract below. Vertex v sits at the sum of the directions of its set bits, so every edge
/// of dimension k is the same vector, and no vertex lies on an edge it does not belong to.
QPointF hypercubeDirection(int k);

struct CubeLayout {
  std::vector<QPointF> vertices; ///< position of vertex v (not rank)
  double unit = 0;               ///< length of a dimension-0 edge
};
/// The 2^d vertices fitted into `area`, centred, aspect kept.
CubeLayout hypercubeLayout(int d, const QRectF& area);
/// Width over height of the d-cube's drawing (at least one unit each way).
double hypercubeAspect(int d);

/// The segment a → b moved `offset` to the right of its direction (so that a → b and b → a
/// stay apart) and trimmed by `inset` at both ends.
QPolygonF cubeEdgePath(QPointF a, QPointF b, double inset, double offset);
/// A message off the cube's edges: a → b bent to the right by `bend` (share of its length),
/// trimmed by `inset` at both ends.
QPolygonF cubeChordPath(QPointF a, QPointF b, double inset, double bend);

} // namespace collscope::app
