// Hypercube alltoall with message combining (seeds/001, "The power of the hypercube: Fewer
// communication rounds"): p = 2^d; in round k every rank swaps, with its neighbour across bit
// d − 1 − k, the p/2 blocks it holds that belong on the other side of that bit.
//
//   p = 8 (d = 3), rank 6 = 110:   round 0: ↔ 010 (bit 2)   round 1: ↔ 100 (bit 1)
//                                   round 2: ↔ 111 (bit 0)
//
// Blocks live in slots j = origin XOR destination, so a round moves exactly the slots with
// its bit set and the receiver keeps them in the same slots.
// Rounds: log₂p.  Cost: log₂p(α + βm/2): fewer rounds than direct, each block travels up to
// log₂p times.
// p not a power of two: MPI_ERR_ARG on every rank before any message (collscope-run refuses
// the run with one line); Bruck's algorithm is the generalization to any p.
#include "alltoall/alltoall_parts.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int partner(int rank, int p, int k) {
  return rank ^ (1 << schedule::hypercube_alltoall_bit(p, k));
}

int exchanged(int rank, int, int j) { // slot j: the block for (step 1) and from (step 3) rank ^ j
  return rank ^ j;
}

int check_hypercube(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  COLLSCOPE_TRY(check_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
  int p = 0;
  MPI_Comm_size(comm, &p);
  return (p & (p - 1)) == 0 ? MPI_SUCCESS : MPI_ERR_ARG;
}

const detail::SlotSchedule hypercube{
    "hypercube", schedule::ceil_log2, schedule::hypercube_alltoall_bit, partner, partner, exchanged,
    exchanged};

} // namespace

int alltoall_hypercube(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm user_comm) {
  return detail::guarded_entry(
      check_hypercube,
      [](auto... mpi_args) { return detail::slot_alltoall(hypercube, mpi_args...); }, user_comm,
      sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
}

} // namespace collscope
