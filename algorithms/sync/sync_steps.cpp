#include "sync/sync_steps.hpp"

#include "common/buffers.hpp"

#include <collscope/annotate.hpp>

namespace collscope::detail {

int check_barrier(MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  int inter = 0;
  if (MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter) return MPI_ERR_COMM;
  return MPI_SUCCESS;
}

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

} // namespace collscope::detail
