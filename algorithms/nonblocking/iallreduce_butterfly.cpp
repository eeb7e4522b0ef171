// Nonblocking butterfly allreduce (MPI_Iallreduce): allreduce butterfly's recursive doubling on
// whole vectors (seeds/001 "The power of the hypercube/butterfly"; p not a power of two folded
// as in Rabenseifner, Träff 2004), as a schedule that MPI_Test and MPI_Wait advance
// (nbc_schedule.hpp). The partner's vector goes on the left when it stands for lower ranks, so
// rank order is kept and non-commutative operations are fine.
//
//   p = 6 (q = 4):  round 0: 0→1 2→3 (fold)   round 1: v0↔v1 v2↔v3   round 2: v0↔v2 v1↔v3
//                   round 3: 1→0 3→2 (unfold)             (core ranks 1,3,4,5 = v 0,1,2,3)
//
// Rounds: ⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋).  Cost: rounds·(α + βm).
#include "collscope/algorithms/nonblocking.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "nonblocking/nbc_schedule.hpp"

namespace collscope {

namespace {

int start_butterfly(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Request* request) {
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(detail::typed_copy(sendbuf, count, datatype, recvbuf, count, datatype));
  const auto [rank, p] = detail::shape(comm);
  // An empty vector still runs the schedule: every rank's request completes alike.
  return detail::start_schedule(
      std::make_unique<detail::NbcSchedule>(schedule::butterfly_steps(rank, p),
                                            detail::NbcData{recvbuf, count, datatype, op}, comm,
                                            detail::next_nonblocking_tag(comm)),
      request);
}

} // namespace

int iallreduce_butterfly(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm user_comm, MPI_Request* request) {
  return detail::guarded_allreduce(
      sendbuf, recvbuf, count, datatype, op, user_comm,
      [&](auto... mpi_args) { return start_butterfly(mpi_args..., request); });
}

} // namespace collscope
