// Where a rank of a reduction tree accumulates the sum of its subtree, shared by the binomial
// and the k-nomial reduce: the root (vrank 0) straight in the receive buffer, every other rank
// in a buffer of its own. Both start from the rank's own input, which a root that passed
// MPI_IN_PLACE already holds in the receive buffer.
#pragma once

#include "common/buffers.hpp"

#include <mpi.h>
#include <optional>

namespace collscope::detail {

class SubtreeSum {
public:
  SubtreeSum(bool root, void* recvbuf, int count, MPI_Datatype datatype)
      : data_(root ? recvbuf : own_.emplace(count, datatype).data()), count_(count),
        datatype_(datatype) {}

  /// Puts the rank's own input into the sum. MPI error code.
  int start(const void* sendbuf) {
    if (sendbuf == MPI_IN_PLACE) return MPI_SUCCESS;
    return typed_copy(sendbuf, count_, datatype_, data_, count_, datatype_);
  }
  void* data() const { return data_; }

private:
  std::optional<TempBuffer> own_;
  void* data_;
  int count_;
  MPI_Datatype datatype_;
};

} // namespace collscope::detail
