#include "collscope/schedule/divide_conquer.hpp"

#include "collscope/schedule/bits.hpp"

namespace collscope::schedule {

int DncLevel::gather_round() const {
  return ceil_log2(end - begin) - 1;
}

std::vector<DncLevel> dnc_levels(int rank, int root, int p) {
  std::vector<DncLevel> levels;
  int begin = 0, end = p, depth = 0;
  while (end - begin > 1) {
    // The root keeps the larger half, so the subroot's half is never slower to collect than
    // the root's own and the root never waits (see the header).
    const int n = end - begin;
    const bool root_low = root < begin + (n + 1) / 2;
    const int split = root_low ? begin + (n + 1) / 2 : begin + n / 2;
    const int subroot = root_low ? split : begin;
    levels.push_back({begin, end, split, root, subroot, depth});
    const bool rank_low = rank < split;
    if (rank_low == root_low) {
      // rank stays in the root's half: the root carries on
    } else {
      root = subroot;
    }
    if (rank_low)
      end = split;
    else
      begin = split;
    ++depth;
  }
  return levels;
}

RankRange dnc_collected_range(int rank, int root, int p) {
  if (rank == root) return {0, p};
  for (const DncLevel& level : dnc_levels(rank, root, p))
    if (level.subroot == rank) return {level.sub_begin(), level.sub_end()};
  return {rank, rank + 1};
}

} // namespace collscope::schedule
