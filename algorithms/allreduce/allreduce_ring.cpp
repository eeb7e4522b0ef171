// Ring allreduce (seeds/001, "Linear-ring reduce-scatter", then "Linear-ring allgather":
// "Combining reduce-scatter with allgather"): the vector is cut into p near-equal blocks. In
// the reduce-scatter steps s = 0 … p−2 rank i sends its partial sum of block i − s to i + 1
// and adds the partial sum of block i − s − 1 from i − 1 to its own; rank i then holds block
// i + 1 complete, and p − 1 allgather steps pass the complete blocks around the ring.
//
//   p = 3, rank 0:   step 0: send B0 = x0       recv B2 = x2        → B2 = x2⊕x0
//                    step 1: send B2 = x2⊕x0    recv B1 = x1⊕x2     → B1 = x1⊕x2⊕x0 complete
//                    steps 2, 3 (allgather): send B1, receive B0; send B0, receive B2
//
// Rounds: 2(p − 1).  Cost: 2(p − 1)α + 2(p − 1)/p·βm: optimal in β.  A block's sum starts at
// the rank after its owner and wraps past p − 1, so the operation must be commutative.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_ring(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                             MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  int commutative = 0;
  COLLSCOPE_TRY(MPI_Op_commutative(op, &commutative));
  if (!commutative) return MPI_ERR_OP;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allreduce", "ring", -1, count, datatype, comm);
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(typed_copy(sendbuf, count, datatype, recvbuf, count, datatype));
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const MPI_Aint extent = extent_of(datatype);
  const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
  const auto block = [&](int b) { return schedule::ring_block(count, p, ((b % p) + p) % p); };
  TempBuffer incoming(block(0).count, datatype); // block 0 is a largest one
  for (int s = 0; s + 1 < p; ++s) {
    const trace::Round round(s);
    const auto out = block(rank - s), in = block(rank - s - 1);
    trace::blocks(((rank - s) % p + p) % p, s + 1, out.begin, out.count);
    COLLSCOPE_TRY(MPI_Sendrecv(at(recvbuf, out.begin, extent), static_cast<int>(out.count),
                               datatype, right, allreduce_tag, incoming.data(),
                               static_cast<int>(in.count), datatype, left, allreduce_tag, comm,
                               MPI_STATUS_IGNORE));
    COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), at(recvbuf, in.begin, extent),
                                   static_cast<int>(in.count), datatype, op));
  }
  for (int s = 0; s + 1 < p; ++s) {
    const trace::Round round(p - 1 + s);
    const auto out = block(rank + 1 - s), in = block(rank - s);
    trace::blocks(0, p, out.begin, out.count);
    COLLSCOPE_TRY(MPI_Sendrecv(at(recvbuf, out.begin, extent), static_cast<int>(out.count),
                               datatype, right, allreduce_tag, at(recvbuf, in.begin, extent),
                               static_cast<int>(in.count), datatype, left, allreduce_tag, comm,
                               MPI_STATUS_IGNORE));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_ring, unchecked_allreduce_ring)

} // namespace collscope
