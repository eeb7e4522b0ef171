#include "mockups/mockup_parts.hpp"

#include "collscope/algorithms/guidelines.hpp"
#include "collscope/schedule/mockup.hpp"

#include <atomic>
#include <cstring>

namespace collscope {

namespace {
std::atomic<long long> fallbacks{0};
}

long long mockup_fallbacks() {
  return fallbacks.load();
}

namespace detail {

int type_size(MPI_Datatype type) {
  int size = 0;
  MPI_Type_size(type, &size);
  return size;
}

int pack_bytes(const void* src, int count, MPI_Datatype type, char* out, std::int64_t bytes) {
  int size = 0;
  if (bytes == 0) return MPI_SUCCESS;
  if (plain(type, size)) {
    std::memcpy(out, src, static_cast<std::size_t>(bytes));
    return MPI_SUCCESS;
  }
  int position = 0;
  COLLSCOPE_TRY(MPI_Pack(src, count, type, out, static_cast<int>(bytes), &position, MPI_COMM_SELF));
  return position == bytes ? MPI_SUCCESS : MPI_ERR_INTERN;
}

int unpack_bytes(const char* in, std::int64_t bytes, void* dst, int count, MPI_Datatype type) {
  int size = 0;
  if (bytes == 0) return MPI_SUCCESS;
  if (plain(type, size)) {
    std::memcpy(dst, in, static_cast<std::size_t>(bytes));
    return MPI_SUCCESS;
  }
  int position = 0;
  return MPI_Unpack(in, static_cast<int>(bytes), &position, dst, count, type, MPI_COMM_SELF);
}

PaddedVector::PaddedVector(int count, int p, MPI_Datatype datatype)
    : count_(count), pad_(schedule::padding(count, p)), block_((count + pad_) / p),
      datatype_(datatype) {}

bool PaddedVector::exceeds_int() const {
  return schedule::exceeds_int(std::int64_t(count_) + pad_);
}

int PaddedVector::reduce_scatter(const void* input, MPI_Op op, MPI_Comm comm) {
  vector_.emplace(count_ + pad_, datatype_);
  part_.emplace(block_, datatype_);
  COLLSCOPE_TRY(typed_copy(input, count_, datatype_, vector(), count_, datatype_));
  if (count_ > 0) {
    const MPI_Aint extent = extent_of(datatype_);
    for (int i = 0; i < pad_; ++i)
      COLLSCOPE_TRY(
          typed_copy(vector(), 1, datatype_, at(vector(), count_ + i, extent), 1, datatype_));
  }
  return MPI_Reduce_scatter_block(vector(), part(), block_, datatype_, op, comm);
}

int PaddedVector::copy_result(void* recvbuf) {
  return typed_copy(vector(), count_, datatype_, recvbuf, count_, datatype_);
}

bool row_exceeds_int(int p, std::int64_t count, MPI_Datatype type) {
  return schedule::exceeds_int(std::int64_t(p) * count * type_size(type));
}

int fell_back(int rc) {
  ++fallbacks;
  return rc;
}

} // namespace detail

} // namespace collscope
