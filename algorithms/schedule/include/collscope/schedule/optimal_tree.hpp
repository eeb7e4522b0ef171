// The ordered gather tree of minimum gather time (seeds/001, "Claim 1, idea": dynamic
// programming over consecutive ranges; Träff, On Optimal Trees for Irregular Gather and
// Scatter Collectives, TPDS 2019), to tell how far any tree is from the best possible.
//
// In an ordered schedule every process always holds one run of consecutive blocks, so the
// last message of a gather over [i..j] joins a run [i..k] with the run [k+1..j]: the root of
// one side receives everything the other side's root holds. With S[i..j] = Σ m and T the best
// gather time (copies free, as in the lecture):
//
//   T[i..i] = 0
//   T[i..j] = min_{i≤k<j} max(T[i..k], T[k+1..j]) + α + β·min(S[i..k], S[k+1..j])
//
// (the side with less data sends). For a given root r the side holding r must receive:
//
//   T_r[i..j] = min_k max(T_r[side of r], T[other side]) + α + β·S[other side]
//
// O(p⁴) time, O(p³) space (p ≤ a few hundred). The same cost options as gather_time: empty
// messages may be free, and Lemma 4's copy cost may start every T[i..i] at βm_i.
#pragma once

#include "collscope/schedule/gather_schedule.hpp"

#include <cstdint>
#include <functional>
#include <span>

namespace collscope::schedule {

struct OptimalTree {
  double time = 0.0;
  GatherSchedule schedule; ///< one optimal ordered schedule
};

/// root = −1: the best over all roots (the lecture's T[0..p−1]).
OptimalTree optimal_ordered_tree(std::span<const std::int64_t> blocks, int root,
                                 const CostModel& model);

/// Calls `visit` with every ordered gather schedule of p processes rooted at `root`
/// (each exactly once; the reference is only valid during the call). The brute force the
/// dynamic program is tested against: Catalan(p−1)·2^(p−1) schedules over all roots, 54912
/// for p = 8.
void for_each_ordered_schedule(int p, int root,
                               const std::function<void(const GatherSchedule&)>& visit);

/// min over for_each_ordered_schedule of gather_time (p ≤ 9 or so).
double brute_force_ordered_time(std::span<const std::int64_t> blocks, int root,
                                const CostModel& model);

} // namespace collscope::schedule
