#include "hierarchical/rank_order.hpp"

#include "common/buffers.hpp"

namespace collscope::detail {

int allgather_reordered(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        int recvcount, MPI_Datatype recvtype, int rank,
                        const std::vector<int>& position,
                        const std::function<int(const OwnBlock& own, void* all)>& collect) {
  const bool in_place = sendbuf == MPI_IN_PLACE;
  const std::int64_t p = static_cast<std::int64_t>(position.size());
  TempBuffer all(p * recvcount, recvtype);
  COLLSCOPE_TRY(
      collect(own_block(in_place, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, rank),
              all.data()));
  const MPI_Aint extent = extent_of(recvtype);
  for (std::int64_t r = 0; r < p; ++r) {
    if (in_place && r == rank) continue;
    COLLSCOPE_TRY(
        typed_copy(at(all.data(), std::int64_t{position[std::size_t(r)]} * recvcount, extent),
                   recvcount, recvtype, at(recvbuf, r * recvcount, extent), recvcount, recvtype));
  }
  return MPI_SUCCESS;
}

} // namespace collscope::detail
