// Divide-and-conquer trees over the ranks [0, p) with any root (seeds/001, "Binomial
// tree-like, divide-and-conquer scatter (≠power-of-two)" and "Binomial gather/scatter with
// root≠0"). A range [begin, end) with root r is halved; the half without r gets a subroot
// (its first rank), and r and the subroot exchange the subroot's half as one message. Every
// half is a contiguous range of real ranks, so gathered and scattered blocks stay in rank
// order at any root with no reordering, in ⌈log₂p⌉ rounds.
//
// One deliberate change to the lecture's code, which always splits at begin + ⌊n/2⌋: the
// root keeps the larger half (⌈n/2⌉ ranks). With the lecture's split a root in the smaller
// lower half receives the larger half last, e.g. p = 3, root 0 takes 2α + βm instead of
// 2α + 2/3·βm; with the root in the larger half the subroot's half is always done in time and
// gather and scatter take exactly ⌈log₂p⌉α + (p − 1)/p·βm for every p and root, the bound
// the lecture states.
//
// p = 7, root 3 (gather; the first line is sent last):
//
//   [0,7) root 3, split 4:   root half [0,4)        subroot 4 ── [4,7) ──▶ 3   round 2
//   [0,4) root 3, split 2:   root half [2,4)        subroot 0 ── [0,2) ──▶ 3   round 1
//   [4,7) root 4, split 6:   root half [4,6)        subroot 6 ── [6,7) ──▶ 4   round 1
//   [2,4), [0,2), [4,6):     2 ──▶ 3,  1 ──▶ 0,  5 ──▶ 4                       round 0
#pragma once

#include <vector>

namespace collscope::schedule {

struct DncLevel {
  int begin; ///< the range being split is [begin, end)
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
