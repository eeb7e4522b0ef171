#include "alltoall/alltoall_posted.hpp"

#include "alltoall/alltoall_parts.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/posted_alltoall.hpp"
#include "common/annotate.hpp"

#include <algorithm>
#include <vector>

namespace collscope::detail {

int posted_alltoall(const char* name, int batch, const void* sendbuf, int sendcount,
                    MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                    MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoall", name, -1, recvcount, recvtype, comm);
  batch = std::clamp(batch, 1, std::max(1, p - 1));
  trace::meta("batch", batch);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const AlltoallBlocks blocks(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p);
  COLLSCOPE_TRY(blocks.status());
  COLLSCOPE_TRY(blocks.keep_own(rank));

  std::vector<MPI_Request> requests;
  for (int b = 0; b < schedule::posted_batches(p, batch); ++b) {
    const schedule::RoundRange rounds = schedule::posted_batch(p, batch, b);
    requests.assign(static_cast<std::size_t>(2 * (rounds.end - rounds.first)), MPI_REQUEST_NULL);
    MPI_Request* next = requests.data();
    // All receives of the batch are posted before its sends, so no send waits for a receive.
    for (int r = rounds.first; r < rounds.end; ++r) {
      const int from = schedule::direct_alltoall_step(rank, p, r).recv_from;
      const trace::Round round(r);
      COLLSCOPE_TRY(
          MPI_Irecv(blocks.in(from), recvcount, recvtype, from, alltoall_tag, comm, next++));
    }
    for (int r = rounds.first; r < rounds.end; ++r) {
      const int to = schedule::direct_alltoall_step(rank, p, r).send_to;
      const trace::Round round(r);
      trace::blocks(rank, 1, 0, recvcount);
      COLLSCOPE_TRY(MPI_Isend(blocks.out(to), blocks.send_count(), blocks.send_type(), to,
                              alltoall_tag, comm, next++));
    }
    COLLSCOPE_TRY(
        MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
  }
  return MPI_SUCCESS;
}

} // namespace collscope::detail
