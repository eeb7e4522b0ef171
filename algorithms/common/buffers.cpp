#include "common/buffers.hpp"

#include <cstring>

namespace collscope::detail {

CommShape shape(MPI_Comm comm) {
  CommShape s{};
  MPI_Comm_rank(comm, &s.rank);
  MPI_Comm_size(comm, &s.size);
  return s;
}

MPI_Aint extent_of(MPI_Datatype type) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  return extent;
}

bool carries_no_data(int count, MPI_Datatype type) {
  int size = 0;
  MPI_Type_size(type, &size);
  return count == 0 || size == 0;
}

TempBuffer::TempBuffer(std::int64_t count, MPI_Datatype type) {
  MPI_Aint lb = 0, true_lb = 0, true_extent = 0;
  MPI_Type_get_extent(type, &lb, &extent_);
  MPI_Type_get_true_extent(type, &true_lb, &true_extent);
  const std::int64_t bytes = count > 0 ? true_extent + (count - 1) * extent_ : 0;
  storage_.resize(static_cast<std::size_t>(bytes));
  origin_ = storage_.data() - true_lb;
}

bool plain(MPI_Datatype type, int& size) {
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  MPI_Type_size(type, &size);
  MPI_Type_get_extent(type, &lb, &extent);
  MPI_Type_get_true_extent(type, &true_lb, &true_extent);
  return lb == 0 && true_lb == 0 && extent == size && true_extent == size;
}

int typed_copy(const void* src, int scount, MPI_Datatype stype, void* dst, int rcount,
               MPI_Datatype rtype) {
  int ssize = 0, rsize = 0;
  if (plain(stype, ssize) && plain(rtype, rsize)) {
    const auto bytes = static_cast<std::size_t>(ssize) * static_cast<std::size_t>(scount);
    if (bytes > 0) std::memmove(dst, src, bytes);
    return MPI_SUCCESS;
  }
  // MPI has no typed local copy; packing with one type and unpacking with the other is the
  // portable way that touches no communicator (so tracers see no message).
  int packed = 0;
  COLLSCOPE_TRY(MPI_Pack_size(scount, stype, MPI_COMM_SELF, &packed));
  if (packed == 0) return MPI_SUCCESS; // nothing to copy (MPI_Pack refuses a null buffer)
  std::vector<char> staging(static_cast<std::size_t>(packed));
  int position = 0;
  COLLSCOPE_TRY(MPI_Pack(src, scount, stype, staging.data(), packed, &position, MPI_COMM_SELF));
  const int used = position;
  position = 0;
  return MPI_Unpack(staging.data(), used, &position, dst, rcount, rtype, MPI_COMM_SELF);
}

int exchange(const Transfer& send, const Transfer& recv, MPI_Datatype type, int tag,
             MPI_Comm comm) {
  void* into = const_cast<void*>(recv.data);
  if (send.peer >= 0 && recv.peer >= 0)
    return MPI_Sendrecv(send.data, send.count, type, send.peer, tag, into, recv.count, type,
                        recv.peer, tag, comm, MPI_STATUS_IGNORE);
  if (send.peer >= 0) return MPI_Send(send.data, send.count, type, send.peer, tag, comm);
  if (recv.peer >= 0)
    return MPI_Recv(into, recv.count, type, recv.peer, tag, comm, MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}

int check_reducible(MPI_Op op, MPI_Datatype datatype) {
  TempBuffer in(1, datatype), inout(1, datatype);
  return MPI_Reduce_local(in.data(), inout.data(), 1, datatype, op);
}

int check_commutative(MPI_Op op, MPI_Datatype datatype) {
  int commutative = 0;
  COLLSCOPE_TRY(MPI_Op_commutative(op, &commutative));
  if (!commutative) return MPI_ERR_OP;
  return check_reducible(op, datatype);
}

} // namespace collscope::detail
