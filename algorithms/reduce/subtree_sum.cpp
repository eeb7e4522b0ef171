#include "reduce/subtree_sum.hpp"

#include "common/buffers.hpp"

#include <optional>

namespace collscope::detail {

int reduce_subtree(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                   const TreeParent& parent, MPI_Comm comm,
                   const std::function<int(void* sum)>& add_children) {
  const bool root = parent.rank == MPI_PROC_NULL;
  const auto send_up = [&](const void* data) {
    return send_to_parent(parent, data, count, datatype, count, reduce_tag, comm);
  };
  if (!root && parent.subtree == 1) return send_up(sendbuf);

  std::optional<TempBuffer> own;
  void* sum = root ? recvbuf : own.emplace(count, datatype).data();
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(typed_copy(sendbuf, count, datatype, sum, count, datatype));
  COLLSCOPE_TRY(add_children(sum));
  return root ? MPI_SUCCESS : send_up(sum);
}

} // namespace collscope::detail
