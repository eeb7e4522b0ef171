// What the guideline mock-ups (guidelines.hpp) share: the bytes of a typed buffer (the
// bitwise-OR mock-ups GL3 and GL13 combine bytes, GL10 cuts the vector in bytes), the padding
// of Table 1 and the count of calls handed to the library because a buffer is too large.
#pragma once

#include "common/buffers.hpp"

#include <cstdint>
#include <mpi.h>
#include <optional>

namespace collscope::detail {

/// The root of the rooted collectives inside rootless mock-ups (PGMPITuneLib's, rank 0).
inline constexpr int mockup_root = 0;

int type_size(MPI_Datatype type);

/// The data of count × type at `src`, gaps left out, as `bytes` bytes (count·size) at `out`:
/// a copy for plain types, MPI_Pack otherwise.
int pack_bytes(const void* src, int count, MPI_Datatype type, char* out, std::int64_t bytes);
/// The inverse: `bytes` bytes at `in` into count × type at `dst` (its gaps untouched).
int unpack_bytes(const char* in, std::int64_t bytes, void* dst, int count, MPI_Datatype type);

/// The reduced vector of GL6 and GL15 (Table 1): count elements padded with c < p copies of the
/// first to p equal blocks, so that an operation applied to the padding sees values of the
/// user's own (a user's op may reject zeros), reduce-scattered by the library's
/// MPI_Reduce_scatter_block; the library's allgather (GL6) or gather (GL15) of the blocks into
/// vector() then puts the result in its first count elements.
class PaddedVector {
public:
  PaddedVector(int count, int p, MPI_Datatype datatype);
  /// Whether count + c exceeds MPI's int counts: the call then goes to the library as it is.
  bool exceeds_int() const;
  /// `input` copied in and padded, then reduce-scattered: this rank's block in part().
  int reduce_scatter(const void* input, MPI_Op op, MPI_Comm comm);
  void* vector() { return vector_->data(); }
  void* part() { return part_->data(); }
  int block() const { return block_; }
  /// The vector's first count elements copied to `recvbuf`.
  int copy_result(void* recvbuf);

private:
  int count_, pad_, block_;
  MPI_Datatype datatype_;
  std::optional<TempBuffer> vector_, part_;
};

/// Whether p blocks of count × type need more than INT_MAX bytes: a row of elements then may
/// not fit an int count either. Bytes, not elements: they are the same on every rank (type
/// signatures match), so every rank decides alike.
bool row_exceeds_int(int p, std::int64_t count, MPI_Datatype type);

/// Counts one call handed to the library's own collective; returns its code.
int fell_back(int rc);

} // namespace collscope::detail
