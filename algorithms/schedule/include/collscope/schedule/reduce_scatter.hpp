// Reduce-scatter schedules (seeds/001): the linear ring ("Linear-ring reduce-scatter") and the
// butterfly's recursive halving ("The power of the hypercube/butterfly: Allreduce,
// ReduceScatter") on the power-of-two core of the butterfly (Rabenseifner–Träff 2004 fold for
// p not a power of two, as allreduce butterfly does).
//
// Halving works on q = 2^⌊log₂p⌋ core ranks and q *positions*; position s holds the blocks of
// group g(s), and group v is what core rank v must end with: the blocks of the real ranks it
// stands for (two for a folded pair, else one), contiguous in rank order. Every step halves
// the range of positions a core rank is responsible for: it keeps one half and sends the
// other to its partner across one bit.
//   - largest distance first (q/2, …, 1), g(s) = s: the classical recursive halving; the sums
//     it forms are not in rank order, so the operation must be commutative;
//   - smallest distance first (1, 2, …, q/2), g(s) = bit-reverse(s): every sum is of a
//     contiguous run of ranks, the lower run on the left (order-preserving), and the
//     bit-reversed placement (the lecture's "FFT permutation") lands group v at core rank v.
#pragma once

#include <cstdint>
#include <vector>

namespace collscope::schedule {

/// One step of recursive halving for one core rank: exchange with `partner` (a core rank);
/// send the partial sums of positions [send_first, send_last), keep [keep_first, keep_last)
/// and add the partner's partial sums of those to them.
struct HalvingStep {
  int distance;
  int partner;
  int keep_first, keep_last;
  int send_first, send_last;
};

enum class HalvingOrder {
  largest_first, ///< classical recursive halving, commutative operations only
  smallest_first ///< order-preserving, blocks in bit-reversed positions
};

/// The steps of core rank v of q (a power of two), ⌊log₂q⌋ of them.
std::vector<HalvingStep> halving_steps(int v, int q, HalvingOrder order);
/// The group at position s.
int halving_group(int position, int q, HalvingOrder order);
/// The first block (real rank) of group v of the p ranks' blocks; group q ends at block p.
int halving_group_first_block(int v, int p);

/// Rounds: p − 1 for the ring; ⌈log₂p⌉ for halving when p is a power of two, else ⌊log₂p⌋ + 2
/// (fold and unfold), as the butterfly.
int reduce_scatter_ring_rounds(int p);
int reduce_scatter_halving_rounds(int p);

/// α-β cost, m = bytes of the whole input vector (p blocks of m/p).
/// Ring: (p − 1)α + (p − 1)/p·βm.
double reduce_scatter_ring_cost(int p, double m, double alpha, double beta);
/// Halving: ⌈log₂p⌉α + (p − 1)/p·βm for p a power of two. Otherwise a bound: the fold sends
/// the whole vector (α + βm), the halving steps send at most (p − 1)/p·βm more, the unfold
/// one block: ≤ ⌈log₂p⌉α + (p − 1)/p·βm + α + 2βm.
double reduce_scatter_halving_cost(int p, double m, double alpha, double beta);

/// Allreduce by reduce-scatter (halving, smallest distance first) then allgather by recursive
/// doubling (the same steps backwards), folded for p not a power of two: 2⌈log₂p⌉ rounds.
int rabenseifner_rounds(int p);
/// 2⌈log₂p⌉α + 2(p − 1)/p·βm for p a power of two; otherwise the bound
/// 2⌈log₂p⌉α + 2(p − 1)/p·βm + 2βm (fold and unfold send the whole vector, the core sends
/// 2(q − 1)/q·βm < 2(p − 1)/p·βm).
double rabenseifner_cost(int p, double m, double alpha, double beta);

} // namespace collscope::schedule
