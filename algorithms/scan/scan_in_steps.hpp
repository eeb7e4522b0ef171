// A prefix sum of whole vectors over a round schedule, shared by Hillis–Steele and the binomial
// up/down scan: in round r a rank sends its inclusive partial sum to `step(rank, p, r).to` and
// adds the sum it receives from `.from` on its left. The two differ only in the schedule.
#pragma once

#include "collscope/schedule/scan.hpp"

#include <mpi.h>

namespace collscope::detail {

struct StepSchedule {
  const char* name;                                   ///< the algorithm's registry name
  int (*rounds)(int p);                               ///< how many rounds at p
  schedule::ScanStep (*step)(int rank, int p, int r); ///< who sends to and receives from whom
};

/// MPI_Scan (exclusive = false) or MPI_Exscan in the rounds of `schedule`, on the private
/// communicator: each of the two algorithms' entries is
/// `COLLSCOPE_ENTRY(allreduce, name, ScanInSteps{steps, exclusive})` (contract.hpp: the two
/// collectives share MPI_Allreduce's checks).
struct ScanInSteps {
  const StepSchedule& schedule;
  bool exclusive;
  int operator()(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) const;
};

} // namespace collscope::detail
