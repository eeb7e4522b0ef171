// Order-preserving reduce-scatter by recursive halving, for non-commutative operations
// (seeds/001, "The power of the hypercube/butterfly: Allreduce, ReduceScatter", MPI note: the
// butterfly does not scatter the blocks as MPI prescribes; "Simple trick: Reorder blocks (FFT
// permutation) before starting, at the cost of an O(m) algorithmic latency"; the lecture cites
// Träff 2005 for the improved algorithm, whose own construction is not in the seeds).
//
// The butterfly's steps are taken smallest distance first (1, 2, …, q/2), so after step j
// every partial sum is over an aligned run of 2^(j+1) consecutive ranks and each step adds
// the lower run on the left: rank order is kept for every element. Halving the range of
// positions with the distance growing leaves core rank v with position bit-reverse(v), so
// the input is first copied into the work buffer with block group g at position
// bit-reverse(g) (the FFT permutation) and rank v ends with its own block, as MPI requires.
// For p not a power of two the first 2(p − q) ranks fold pairwise (even into odd, the even
// on the left) and the odd rank hands the even one its block at the end (Rabenseifner, Träff
// 2004, as in allreduce butterfly). Blocks may differ in size (MPI_Reduce_scatter).
//
//   p = 4 (positions hold blocks 0 2 1 3):  step 0: 0↔1 2↔3 sums x0⊕x1, x2⊕x3 of half
//                                            step 1: 0↔2 1↔3 sums (x0⊕x1)⊕(x2⊕x3) of a quarter
//
// Rounds: ⌈log₂p⌉ for p a power of two, else ⌊log₂p⌋ + 2.  Cost: as `halving`,
// ⌈log₂p⌉α + (p − 1)/p·βm (+ (p − 1)/p·γm) for p a power of two, at most α + 2βm more
// otherwise; plus the O(m) local permutation.
#include "collscope/algorithms/reduce_scatter.hpp"
#include "reduce_scatter/reduce_scatter_parts.hpp"

namespace collscope {

namespace {

constexpr detail::Halving ordered_halving{"ordered-halving",
                                          schedule::HalvingOrder::smallest_first};

} // namespace

COLLSCOPE_ENTRY(reduce_scatter_block, reduce_scatter_block_ordered_halving,
                detail::BlockReduceScatter{ordered_halving})

COLLSCOPE_ENTRY(reduce_scatter, reduce_scatter_ordered_halving,
                detail::ReduceScatter{ordered_halving})

} // namespace collscope
