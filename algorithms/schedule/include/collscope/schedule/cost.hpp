// Round counts and α-β (linear, 1-ported) cost formulas of every algorithm, as the lecture
// derives them (seeds/001). m is the total data of the collective in bytes: the whole
// gathered/scattered/allgathered buffer (each rank's block is m/p), or the broadcast/reduced
// vector.
#pragma once

namespace collscope::schedule {

/// Rounds of a schedule in which one rank talks to each of the p − 1 others in turn.
int linear_rounds(int p);
/// ⌈log₂p⌉: binomial, divide-and-conquer and dissemination schedules.
int logarithmic_rounds(int p);

/// Linear gather/scatter: (p − 1)α + (p − 1)/p·βm.
double linear_rooted_cost(int p, double m, double alpha, double beta);
/// Linear broadcast: (p − 1)(α + βm).
double linear_bcast_cost(int p, double m, double alpha, double beta);
/// Binomial or divide-and-conquer gather/scatter: ⌈log₂p⌉α + (p − 1)/p·βm.
double tree_gather_cost(int p, double m, double alpha, double beta);
/// Binomial broadcast or reduce: ⌈log₂p⌉(α + βm).
double tree_bcast_cost(int p, double m, double alpha, double beta);
/// Linear pipeline broadcast with M blocks: (p − 1 + M − 1)(α + βm/M).
double bcast_pipeline_cost(int p, double m, double alpha, double beta, int blocks);
/// Ring allgather: (p − 1)(α + βm/p).
double ring_allgather_cost(int p, double m, double alpha, double beta);
/// Dissemination allgather: ⌈log₂p⌉α + (p − 1)/p·βm.
double dissemination_allgather_cost(int p, double m, double alpha, double beta);

} // namespace collscope::schedule
