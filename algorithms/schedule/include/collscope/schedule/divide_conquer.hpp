// Divide-and-conquer trees over the ranks [0, p) with any root (seeds/001, "Binomial
// tree-like, divide-and-conquer scatter (≠power-of-two)" and "Binomial gather/scatter with
// root≠0"). A range [begin, end) with root r is halved at split = begin + ⌊(end−begin)/2⌋;
// the half without r gets a subroot (split when r is in the lower half, begin otherwise), and
// r and the subroot exchange the subroot's half as one message. Every half is a contiguous
// range of real ranks, so gathered and scattered blocks stay in rank order at any root with no
// reordering, in ⌈log₂p⌉ rounds.
//
// p = 7, root 3 (gather; the arrows of the last line are sent first):
//
//   [0,7) root 3, split 3:   root half [3,7)        subroot 0 ── [0,3) ──▶ 3   round 2
//   [3,7) root 3, split 5:   root half [3,5)        subroot 5 ── [5,7) ──▶ 3   round 1
//   [0,3) root 0, split 1:   root half [0,1)        subroot 1 ── [1,3) ──▶ 0   round 1
//   [3,5), [5,7), [1,3):     4 ──▶ 3,  6 ──▶ 5,  2 ──▶ 1                       round 0
#pragma once

#include <vector>

namespace collscope::schedule {

struct DncLevel {
  int begin;   ///< the range being split is [begin, end)
  int end;
  int split;   ///< halves are [begin, split) and [split, end)
  int root;    ///< holds (gather: receives into) the root half
  int subroot; ///< root of the other half; the one message of this level goes root ↔ subroot
  int depth;   ///< 0 for [0, p); also the 0-based round of this level's message in a scatter
  /// First and one-past-last rank of the subroot's half: the blocks of the message.
  int sub_begin() const { return subroot == split ? split : begin; }
  int sub_end() const { return subroot == split ? end : split; }
  /// 0-based round of this level's message when data flows up (gather, reduce).
  int gather_round() const;
};

/// The levels whose range contains `rank`, from [0, p) down to the last split; every level
/// in which `rank` is neither root nor subroot is included too so the caller sees the path.
std::vector<DncLevel> dnc_levels(int rank, int root, int p);

/// The range `rank` is root of at the highest level where it is root or subroot: the blocks a
/// gather collects at `rank` (a single block for ranks that are never a subroot).
struct RankRange {
  int begin;
  int end;
};
RankRange dnc_collected_range(int rank, int root, int p);

} // namespace collscope::schedule
