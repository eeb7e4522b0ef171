// Nonblocking binomial broadcast (MPI_Ibcast): bcast binomial's tree over ranks shifted to the
// root, largest distance first (seeds/001 "Binomial tree broadcast without harmful
// algorithmic latency"; "Non-blocking collectives (from MPI 3.0)"), as a schedule that
// MPI_Test and MPI_Wait advance (nbc_schedule.hpp): a rank receives from its parent directly
// into the buffer, then sends to its children one step each.
//
//   p = 8, root 0:  round 0: 0→4   round 1: 0→2 4→6   round 2: 0→1 2→3 4→5 6→7
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉(α + βm), overlapped with whatever the program computes
// between its MPI_Test calls.
#include "collscope/algorithms/nonblocking.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "nonblocking/nbc_schedule.hpp"

namespace collscope {

namespace {

int start_binomial(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                   MPI_Request* request) {
  const auto [rank, p] = detail::shape(comm);
  return detail::start_schedule(
      std::make_unique<detail::NbcSchedule>(schedule::binomial_bcast_steps(rank, root, p),
                                            detail::NbcData{buffer, count, datatype, MPI_OP_NULL},
                                            comm, detail::next_nonblocking_tag(comm)),
      request);
}

} // namespace

int ibcast_binomial(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm user_comm,
                    MPI_Request* request) {
  return detail::guarded_bcast(buffer, count, datatype, root, user_comm, [&](auto... mpi_args) {
    return start_binomial(mpi_args..., request);
  });
}

} // namespace collscope
