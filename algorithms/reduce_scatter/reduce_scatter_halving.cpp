// Reduce-scatter by recursive halving (seeds/001, "The power of the hypercube/butterfly:
// Allreduce, ReduceScatter"; van de Geijn 1994): on q = 2^⌊log₂p⌋ ranks, step j exchanges
// with the partner at distance q/2^(j+1): each rank sends the half of its current range of
// blocks that holds the partner's block and keeps the half that holds its own, adding the
// partner's partial sums of that half. For p not a power of two the first 2(p − q) ranks fold
// pairwise first and the odd rank of each pair hands the even one its block at the end
// (Rabenseifner, Träff 2004, cited in seeds/001, as in allreduce butterfly).
//
//   p = 4:  step 0: 0↔2 1↔3 (half of the vector)   step 1: 0↔1 2↔3 (a quarter)
//   p = 6:  round 0: 0→1 2→3 (fold, whole vector)   core ranks 1,3,4,5 halve in rounds 1, 2
//           round 3: 1→0 3→2 (blocks 0 and 2)
//
// Rounds: ⌈log₂p⌉ for p a power of two, else ⌊log₂p⌋ + 2.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm
// (+ (p − 1)/p·γm) for p a power of two; otherwise at most α + 2βm more (the fold's whole
// vector and the unfold's block). Rank i's sum is formed as (x_i ⊕ x_{i+q/2}) ⊕ …, not in
// rank order: commutative operations only (refused before anything is sent);
// `ordered-halving` is the order-preserving variant.
#include "collscope/algorithms/reduce_scatter.hpp"
#include "reduce_scatter/reduce_scatter_parts.hpp"

namespace collscope {

namespace {

constexpr detail::Halving halving{"halving", schedule::HalvingOrder::largest_first};

} // namespace

COLLSCOPE_ENTRY(reduce_scatter_block, reduce_scatter_block_halving,
                detail::BlockReduceScatter{halving})

COLLSCOPE_ENTRY(reduce_scatter, reduce_scatter_halving, detail::ReduceScatter{halving})

} // namespace collscope
