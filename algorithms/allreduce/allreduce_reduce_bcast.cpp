// Allreduce as reduce then broadcast (seeds/001, "Allreduce ≈ Reduce + Broadcast"): the
// rank-ordered divide-and-conquer reduction to rank 0, then the bit-reversed binomial
// broadcast from rank 0. Correct for non-commutative operations (the reduction keeps rank
// order).
//
//   p = 4:  reduce  round 0: 1→0 3→2   round 1: 2→0     bcast  round 0: 0→2   round 1: 0→1 2→3
//
// Rounds: 2⌈log₂p⌉.  Cost: 2⌈log₂p⌉(α + βm): twice the optimal latency and bandwidth.
// The trace shows the two phases as nested reduce and bcast regions; the broadcast's rounds
// are numbered after the reduction's (⌈log₂p⌉ … 2⌈log₂p⌉ − 1), so the allreduce's rounds run
// from 0 without restarting.
#include "allreduce/reduce_bcast.hpp"
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

/// The rank-ordered reduction's rounds.
int reduce_ordered_rounds(int p, int, MPI_Datatype) {
  return schedule::ceil_log2(p);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_reduce_bcast,
                detail::ReduceThenBcast{"reduce-bcast", reduce_ordered, reduce_ordered_rounds,
                                        bcast_binomial})

} // namespace collscope
