// Round schedules of the synchronising and small-vector collectives that the barriers and the
// nonblocking collectives share: every rank's steps, one per round, each a send to one rank and
// a receive from one rank (or neither). Pure arithmetic, tested for p = 1..64 by simulating
// what every rank knows after every round (tests/unit/test_sync_schedule.cpp).
//
// - dissemination (Hensgen, Finkel, Manber 1988; seeds/001 "“Bruck”/“Dissemination” Allgather
//   algorithm": the same circulant graph i → i + 2^k): round k sends to rank + 2^k and receives
//   from rank − 2^k, ⌈log₂p⌉ rounds for every p.
// - tree: binomial gather to rank 0 (round k: ranks with lowest set bit k send to rank − 2^k),
//   then the binomial broadcast back, largest distance first: 2⌈log₂p⌉ rounds.
// - butterfly (recursive doubling, seeds/001 "The power of the hypercube/butterfly"; p not a
//   power of two folded as in allreduce butterfly): ⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋) rounds.
#pragma once

#include <vector>

namespace collscope::schedule {

/// What a rank does with what it received in a step: nothing (a barrier), take it as its own
/// (broadcast, unfold), or combine it with its own, the partner's operand on the left (the
/// partner stands for lower ranks) or on the right, so non-commutative operations keep rank
/// order.
enum class Combine { none, replace, left, right };

struct SyncStep {
  int round = 0;
  int send_to = -1;   ///< −1: sends nothing this round
  int recv_from = -1; ///< −1: receives nothing this round
  Combine combine = Combine::none;
};

/// Rank `rank`'s steps, in round order; rounds in which it neither sends nor receives are left
/// out. Ranks are the communicator's.
std::vector<SyncStep> dissemination_steps(int rank, int p);
std::vector<SyncStep> tree_barrier_steps(int rank, int p);
/// Reduction steps of the butterfly allreduce (Combine left/right, the unfold replace); a
/// barrier runs the same messages and ignores the combination.
std::vector<SyncStep> butterfly_steps(int rank, int p);
/// Binomial broadcast from `root` over ranks shifted to it, largest distance first (the bit-
/// reversed tree of bcast binomial): ⌈log₂p⌉ rounds, round k moves distance 2^(⌈log₂p⌉−1−k).
std::vector<SyncStep> binomial_bcast_steps(int rank, int root, int p);

int dissemination_rounds(int p); ///< ⌈log₂p⌉
int tree_barrier_rounds(int p);  ///< 2⌈log₂p⌉
/// Every step sends and receives empty messages: rounds·α (m = 0 in a barrier).
double barrier_cost(int rounds, double alpha);

} // namespace collscope::schedule
