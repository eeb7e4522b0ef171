#include "sync/sync_steps.hpp"

#include "common/annotate.hpp"
#include "common/buffers.hpp"

#include <collscope/annotate.hpp>

namespace collscope::detail {

int run_barrier_steps(const std::vector<schedule::SyncStep>& steps, MPI_Comm comm) {
  for (const schedule::SyncStep& s : steps) {
    const trace::Round round(s.round);
    if (s.send_to >= 0 && s.recv_from >= 0)
      COLLSCOPE_TRY(MPI_Sendrecv(nullptr, 0, MPI_BYTE, s.send_to, barrier_tag, nullptr, 0, MPI_BYTE,
                                 s.recv_from, barrier_tag, comm, MPI_STATUS_IGNORE));
    else if (s.send_to >= 0)
      COLLSCOPE_TRY(MPI_Send(nullptr, 0, MPI_BYTE, s.send_to, barrier_tag, comm));
    else
      COLLSCOPE_TRY(
          MPI_Recv(nullptr, 0, MPI_BYTE, s.recv_from, barrier_tag, comm, MPI_STATUS_IGNORE));
  }
  return MPI_SUCCESS;
}

int run_barrier(const char* name, std::vector<schedule::SyncStep> (*steps)(int rank, int p),
                MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("barrier", name, -1, 0, MPI_BYTE, comm);
  return run_barrier_steps(steps(rank, p), comm);
}

} // namespace collscope::detail
