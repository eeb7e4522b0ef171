// Linear broadcast: the root sends the whole buffer to every other rank in rank order.
//
//   round:   0      1      2           p = 4, root 0
//           0→1    0→2    0→3
//
// Rounds: p − 1.  Cost: (p − 1)(α + βm).
#include "buffers.hpp"
#include "collscope/algorithms/bcast.hpp"

namespace collscope {

int bcast_linear(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  if (rank != root)
    return MPI_Recv(buffer, count, datatype, root, bcast_tag, comm, MPI_STATUS_IGNORE);
  for (int r = 0; r < p; ++r)
    if (r != root) COLLSCOPE_TRY(MPI_Send(buffer, count, datatype, r, bcast_tag, comm));
  return MPI_SUCCESS;
}

} // namespace collscope
