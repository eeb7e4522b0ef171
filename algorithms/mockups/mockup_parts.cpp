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

int pad_with_first(void* buffer, int count, int pad, MPI_Datatype type) {
  if (count == 0) return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(type);
  for (int i = 0; i < pad; ++i)
    COLLSCOPE_TRY(typed_copy(buffer, 1, type, at(buffer, count + i, extent), 1, type));
  return MPI_SUCCESS;
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
