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
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_reduce_bcast(const void* sendbuf, void* recvbuf, int count,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const int p = shape(comm).size;
  const AlgorithmRegion region("allreduce", "reduce-bcast", -1, count, datatype, comm);
  return reduce_then_bcast(reduce_ordered, schedule::ceil_log2(p), bcast_binomial, sendbuf, recvbuf,
                           count, datatype, op, comm);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_reduce_bcast, unchecked_allreduce_reduce_bcast)

} // namespace collscope
