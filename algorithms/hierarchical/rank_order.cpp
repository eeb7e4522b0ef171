#include "hierarchical/rank_order.hpp"

#include "common/buffers.hpp"

namespace collscope::detail {

int to_rank_order(const void* collected, const std::vector<int>& position, void* recvbuf, int count,
                  MPI_Datatype type, int skip) {
  const MPI_Aint extent = extent_of(type);
  for (std::size_t r = 0; r < position.size(); ++r) {
    if (static_cast<int>(r) == skip) continue;
    COLLSCOPE_TRY(typed_copy(at(collected, std::int64_t{position[r]} * count, extent), count, type,
                             at(recvbuf, static_cast<std::int64_t>(r) * count, extent), count,
                             type));
  }
  return MPI_SUCCESS;
}

} // namespace collscope::detail
