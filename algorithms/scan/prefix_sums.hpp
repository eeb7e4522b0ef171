// The buffers of a prefix-sum algorithm, shared by MPI_Scan and MPI_Exscan: the inclusive
// partial sum B(first) ⊕ … ⊕ B(i) a rank sends on, and for Exscan the exclusive one that
// becomes its result. Scan keeps the inclusive sum in the receive buffer; Exscan keeps it in a
// temporary buffer, since its receive buffer must end without the rank's own input (and rank
// 0's receive buffer is not written at all, its content being undefined in MPI).
#pragma once

#include "common/buffers.hpp"

#include <cstdint>
#include <mpi.h>
#include <optional>

namespace collscope::detail {

class PrefixSums {
public:
  /// `exclusive`: MPI_Exscan. Call start() before anything else.
  PrefixSums(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
             bool exclusive);
  /// Puts the rank's own input into the inclusive sum. MPI error code.
  int start();
  /// The inclusive partial sum (the whole vector; block b at element offsets).
  void* inclusive() { return inclusive_; }
  /// in ⊕ sums on elements [begin, begin + n): `in` is the partial sum of the ranks just
  /// before the ones these sums cover, so it goes on the left. `first`: nothing was added to
  /// these elements before (Exscan then copies `in`); `keep_inclusive`: the inclusive sum is
  /// still to be sent (otherwise Exscan skips computing it).
  int add_on_left(const void* in, std::int64_t begin, int n, bool first, bool keep_inclusive);

private:
  const void* sendbuf_;
  void* recvbuf_;
  int count_;
  MPI_Datatype datatype_;
  MPI_Op op_;
  bool exclusive_;
  MPI_Aint extent_;
  std::optional<TempBuffer> own_; ///< Exscan's inclusive sum
  void* inclusive_ = nullptr;
};

} // namespace collscope::detail
