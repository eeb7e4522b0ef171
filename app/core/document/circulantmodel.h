// The circulant picture of one collective run (the lecture's dissemination and ring
// drawings): ranks on a circle, each round's messages as chords i → i + d (mod p). Pure model
// and geometry, no painting: CirculantView paints it, the tests check it without widgets.
#pragma once

#include "document/collectiveinstance.h"

#include <QPointF>
#include <QPolygonF>
#include <QString>
#include <vector>

namespace collscope::app {

struct Chord {
  int from = -1;    ///< sender, rank in the communicator
  int to = -1;      ///< receiver, rank in the communicator
  int skip = 0;     ///< d = (to − from) mod p
  int message = -1; ///< index into Trace::messages
  int round = 0;    ///< round column of the instance
  /// Chords from → to of the whole run, and which of them (by round) this is: the ring sends
  /// i → i + 1 in every round, so the big circle fans such chords out instead of stacking them.
  int lanes = 1;
  int lane = 0;
};

struct CirculantRound {
  std::vector<Chord> chords;   ///< in message order
  std::vector<int> skips;      ///< the distinct d of the round, ascending
  std::vector<int> dimensions; ///< hypercube runs: the distinct k of vrank ⊕ 2^k, ascending
};

class CirculantModel {
public:
  CirculantModel() = default;
  static CirculantModel build(const CollectiveInstance& instance);

  int size() const { return m_size; }
  int roundCount() const { return static_cast<int>(m_rounds.size()); }
  const CirculantRound& round(int column) const {
    return m_rounds[static_cast<std::size_t>(column)];
  }
  const std::vector<CirculantRound>& rounds() const { return m_rounds; }
  int chordCount() const { return m_chordCount; }
  /// True when p is a power of two, every chord joins hypercube neighbours (vranks, counted
  /// from the root, that differ in one bit k) and some round mixes skips (Jia's broadcast,
  /// recursive doubling): then a round is better named by its dimensions k than by its d.
  bool hypercube() const { return m_hypercube; }
  /// "dim 0" for a hypercube run (its chords show the skips), else skipsText.
  QString roundText(int column) const;

  static int skip(int from, int to, int p);
  /// "d = 4", "d = 1, 2", "d = 1, 2, 4, 8, …" (at most `shown` values).
  static QString skipsText(const std::vector<int>& skips, int shown = 4);

private:
  int m_size = 0;
  int m_chordCount = 0;
  bool m_hypercube = false;
  std::vector<CirculantRound> m_rounds;
};

/// Where rank `rank` of `p` sits on a circle: rank 0 at the top, ranks increasing clockwise.
QPointF circlePoint(QPointF center, double radius, int rank, int p);
/// How far chords bend by default: the control point's offset over the chord's length.
inline constexpr double defaultChordBend = 0.16;
/// The chord from rank `from` to rank `to` as a polyline, bent to the right of its direction by
/// `bend` (so that i → j and j → i stay apart, and ring chords bow inwards), trimmed by `inset`
/// at both ends so that it starts and ends at the rims of the rank markers. Empty for
/// from == to.
QPolygonF chordPath(QPointF center, double radius, int from, int to, int p, double inset,
                    double bend = defaultChordBend);
/// The part of `path` up to `fraction` (0 … 1) of its length.
QPolygonF pathPrefix(const QPolygonF& path, double fraction);
double pathLength(const QPolygonF& path);
/// The point halfway along `path` (by length).
QPointF pathMidpoint(const QPolygonF& path);
/// Shortest distance from `point` to the polyline; infinity for an empty path.
double distanceToPath(const QPolygonF& path, QPointF point);

} // namespace collscope::app
