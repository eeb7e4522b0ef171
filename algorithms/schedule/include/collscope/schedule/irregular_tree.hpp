// Träff's linear-time ordered gather tree (seeds/000 §2, Lemmas 1–4, Theorem 1; seeds/001,
// "Linear time irregular gather"), computed from all block sizes: the tree the distributed
// construction (algorithms/irregular/irregular_construction.cpp) must produce, and the merge rule
// both share.
//
// Ranks form an ordered, possibly incomplete hypercube. At level d the cubes are the ranges
// [a·2^d, (a+1)·2^d) cut at p; cube 2c (lower) and 2c+1 (upper) merge into cube c of level
// d+1. Each cube has a gather root g holding its data (S bytes, g's own block m_g) and a fixed
// root, its last rank, that any rank can compute. At a merge the cube with the smaller gather
// time estimate e sends its data to the other gather root, which never waits (no gather
// delay):
//
//   e = S − m_g   Lemma 1: the time to gather the cube, copies free (TUW_Gatherv's choice)
//   e = S         Lemma 4: copying the own block into a buffer costs βm as well
//
// ties: the smaller S sends; then the lower cube sends. With a given root r (Lemma 2) the cube
// holding r always receives, so r gathers from the sibling cubes of levels 0, 1, …, d−1.
//
//   p = 11, root 9, m = 3 1 4 1 5 9 2 6 5 3 5; sender→receiver (bytes sent):
//     level 0:  1→0 (1)   3→2 (1)   4→5 (5)   6→7 (2)   8→9 (5, the root's cube receives)
//     level 1:  0→2 (4)   7→5 (8)   10→9 (5)
//     level 2:  2→5 (9)             [8, 11) has no sibling cube
//     level 3:  5→9 (31)
//   α = β = 1: 9 holds [8, 11) at 12 but [0, 8) is gathered at 5 only at 3α + 22β = 25, so
//   57 = 4α + 41β + 12β: Theorem 1's bound, with its penalty M − m_g − Σ = 31 − 9 − 10 = 12.
//   With Lemma 1's free root the root is 5 and the time 39 = 4α + 35β.
//
// Graceful degradation (seeds/000 §3 last paragraph, not implemented in the paper): with a
// threshold T > 0, a losing cube holding S ≥ T bytes whose winner is not r sends straight to
// r; the winner's cube then holds only its own S, and the sender is a "direct" child of r.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace collscope::schedule {

enum class Estimate {
  gather_time, ///< Lemma 1: e = S − m_g
  total        ///< Lemma 4: e = S
};

struct IrregularOptions {
  Estimate estimate = Estimate::gather_time;
  std::int64_t threshold = 0; ///< > 0: graceful degradation at this many bytes
};

/// Ranks [begin, end).
struct RankRange {
  int begin;
  int end;
  int size() const { return end - begin; }
  bool contains(int rank) const { return begin <= rank && rank < end; }
};

/// The level-d cube holding `rank`, cut at p.
RankRange cube_of(int rank, int level, int p);
/// Its fixed root: its last rank (p − 1 for the incomplete last cube).
int fixed_root(int rank, int level, int p);
/// The cube `rank`'s level-d cube merges with at level d; size 0 when there is none.
RankRange sibling_cube(int rank, int level, int p);
/// Levels of the construction: ⌈log₂p⌉.
int irregular_levels(int p);

/// What two fixed roots exchange about their cubes (and a fixed root forwards to its gather
/// root): constant size.
struct CubeInfo {
  std::int64_t gather_root;
  std::int64_t bytes;      ///< S: what the gather root holds once the cube is gathered
  std::int64_t root_block; ///< m_g
};

struct Merge {
  bool upper_wins; ///< the upper cube's gather root receives
  bool direct;     ///< the loser sends to the given root instead (graceful degradation)
  CubeInfo merged; ///< the new cube, as its new fixed root (the upper one's) records it
};

/// The merge rule of the level-d merge of `lower` and `upper`; `root` is the given root, or
/// −1 for Lemma 1's free choice. Every rank that evaluates it with the same arguments gets
/// the same answer: this is what keeps the distributed construction consistent.
Merge merge_cubes(const CubeInfo& lower, const CubeInfo& upper, int level, int root, int p,
                  const IrregularOptions& options);

struct IrregularChild {
  int rank;           ///< the gather root that sends
  int level;          ///< the merge it sends in: round `level` of the data phase
  RankRange cube;     ///< the cube it gathered (its blocks, minus direct senders inside)
  std::int64_t bytes; ///< what it sends; 0: no message
  bool direct;
};

struct IrregularNode {
  int parent = -1;        ///< −1 for the root
  int level = -1;         ///< level of its one send; −1 for the root
  std::int64_t bytes = 0; ///< what it sends (the root: what it ends up holding)
  bool direct = false;
  /// In receive order: increasing level, then increasing rank (direct senders at the root).
  std::vector<IrregularChild> children;
};

struct IrregularTree {
  int root = 0;
  std::vector<IrregularNode> nodes; ///< indexed by rank
};

/// The tree for block sizes m_0..m_{p−1}, p ≥ 1 (bytes, or any unit: only comparisons and sums
/// matter) and a given root, or root = −1 for Lemma 1's root.
IrregularTree irregular_gather_tree(std::span<const std::int64_t> blocks, int root,
                                    const IrregularOptions& options = {});

/// The ranks whose blocks `sender`'s message carries, as ranges in increasing rank order:
/// its cube without the cubes of direct senders inside it (all of [0, p) for the root).
std::vector<RankRange> carried_ranges(const IrregularTree& tree, int sender);

/// Theorem 1: ⌈log₂p⌉α + β·Σ_{i≠r} m_i + β·max(0, max_{d'} (M_{d'} − m_{r_{d'}} − Σ_{j<d'} M_j)),
/// M_j the data of r's sibling cube of level j and r_j its gather root (the Lemma 1 tree
/// without threshold). For root = −1 (Lemma 1's root), the penalty is 0.
double theorem1_bound(const IrregularTree& tree, std::span<const std::int64_t> blocks, double alpha,
                      double beta);

} // namespace collscope::schedule
