// Schedules of the lecture's Van de Geijn family (seeds/001, "The “Van de Geijn”
// implementations", "Linear-array scatter", "Linear-ring allgather", "The power of the
// hypercube/butterfly: Allgather") as pure functions: for one rank, the rounds in which it
// sends and receives runs of blocks. Block b belongs to rank b; a run of blocks wraps past
// p − 1 (first + count > p continues at block 0). Broadcast = scatter + allgather composes them.
#pragma once

#include <vector>

namespace collscope::schedule {

/// One round of one rank: send blocks [send_first, send_first + send_count) (mod p) to
/// send_to and receive [recv_first, recv_first + recv_count) from recv_from; −1: no such half.
struct BlockExchange {
  int round = 0;
  int send_to = -1, send_first = 0, send_count = 0;
  int recv_from = -1, recv_first = 0, recv_count = 0;
};

/// Binomial scatter of the blocks from `root` (the pre-order tree of scatter binomial over
/// virtual ranks rank − root, largest subtree first): rounds 0 … ⌈log₂p⌉ − 1.
std::vector<BlockExchange> binomial_scatter_exchanges(int rank, int root, int p);

/// Allgather by recursive doubling, distance 1, 2, …, q/2 on the butterfly's q = 2^⌊log₂p⌋
/// core; for p not a power of two the even rank of each of the first p − q pairs first hands
/// its block to the odd one and at the end receives the other p − 1 blocks from it
/// (Rabenseifner–Träff's fold, as allreduce rabenseifner). Rounds first_round … first_round +
/// butterfly_rounds(p) − 1.
std::vector<BlockExchange> doubling_allgather_exchanges(int rank, int p, int first_round);

/// Ring allgather: in round first_round + i pass block rank − i on to rank + 1 (p − 1 rounds).
std::vector<BlockExchange> ring_allgather_exchanges(int rank, int p, int first_round);

/// Linear-array (chain) scatter along the virtual ranks v = rank − root: the root sends the
/// blocks of v = p − 1, p − 2, …, 1 to v = 1, each rank keeps the last block it receives and
/// passes the earlier ones on. Rank v receives in rounds v − 1 … p − 2 and sends in rounds
/// v … p − 2: p − 1 rounds. Blocks are real ranks.
std::vector<BlockExchange> chain_scatter_exchanges(int rank, int root, int p);
/// Linear-array (chain) gather, the scatter run backwards: rank v sends its own block towards
/// the root in round 0 and then the blocks of v + 1, …, p − 1 as they arrive: p − 1 rounds.
std::vector<BlockExchange> chain_gather_exchanges(int rank, int root, int p);

/// Binomial gather of q positions to core rank c on the butterfly core (q a power of two), as
/// recursive doubling with distance 1, 2, …, q/2 that keeps only the half towards c: core rank
/// v sends the aligned run of positions it holds to v XOR d in the round of the lowest bit d
/// where v and c differ, receives the partner's run in the rounds before. Blocks and peers are
/// positions and core ranks; rounds first_round … first_round + log₂q − 1, idle ones omitted.
std::vector<BlockExchange> doubling_gather_exchanges(int v, int c, int q, int first_round);

/// Round counts: ⌈log₂p⌉ + ⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋) for scatter + doubling allgather,
/// ⌈log₂p⌉ + p − 1 for scatter + ring.
int scatter_allgather_rounds(int p);
int scatter_ring_rounds(int p);

} // namespace collscope::schedule
