#include "common/block_exchange.hpp"

#include "collscope/annotate.hpp"
#include "common/buffers.hpp"

#include <algorithm>

namespace collscope::detail {

BlockRun::BlockRun(void* data, const BlockOffsets& offsets, int first, int count,
                   MPI_Datatype type) {
  const int p = static_cast<int>(offsets.size()) - 1;
  const int head = std::min(count, p - first), tail = count - head;
  const auto elements = [&](int from, int to) {
    return static_cast<int>(offsets[to] - offsets[from]);
  };
  if (tail == 0 || elements(0, tail) == 0) {
    address_ = at(data, offsets[first], extent_of(type));
    count_ = elements(first, first + head);
    type_ = type;
    return;
  }
  const int lengths[2] = {elements(first, p), elements(0, tail)};
  const int displacements[2] = {static_cast<int>(offsets[first]), 0};
  MPI_Type_indexed(2, lengths, displacements, type, &owned_);
  MPI_Type_commit(&owned_);
  address_ = data;
  count_ = 1;
  type_ = owned_;
}

BlockRun::~BlockRun() {
  if (owned_ != MPI_DATATYPE_NULL) MPI_Type_free(&owned_);
}

BlockOffsets near_equal_blocks(std::int64_t elements, int p) {
  BlockOffsets offsets(static_cast<std::size_t>(p) + 1, 0);
  for (int b = 0; b < p; ++b) offsets[b + 1] = offsets[b] + elements / p + (b < elements % p);
  return offsets;
}

BlockOffsets equal_blocks(int count, int p) {
  BlockOffsets offsets(static_cast<std::size_t>(p) + 1, 0);
  for (int b = 0; b <= p; ++b) offsets[b] = std::int64_t{b} * count;
  return offsets;
}

int run_block_exchanges(void* data, const BlockOffsets& offsets, MPI_Datatype type,
                        const std::vector<schedule::BlockExchange>& exchanges, int origin, int tag,
                        MPI_Comm comm, Sends sends) {
  for (const schedule::BlockExchange& e : exchanges) {
    const trace::Round round(e.round);
    const BlockRun out(data, offsets, e.send_first, e.send_count, type);
    const BlockRun in(data, offsets, e.recv_first, e.recv_count, type);
    if (e.send_to >= 0 && origin != sums) {
      if (origin >= 0)
        trace::blocks(origin, 1, offsets[e.send_first], out.count());
      else
        trace::blocks(e.send_first, e.send_count, 0,
                      offsets[e.send_first + 1] - offsets[e.send_first]);
    }
    if (e.send_to >= 0 && e.recv_from >= 0) {
      COLLSCOPE_TRY(MPI_Sendrecv(out.address(), out.count(), out.type(), e.send_to, tag,
                                 in.address(), in.count(), in.type(), e.recv_from, tag, comm,
                                 MPI_STATUS_IGNORE));
    } else if (e.send_to >= 0) {
      int size = 0;
      if (sends == Sends::one_at_a_time) COLLSCOPE_TRY(MPI_Type_size(out.type(), &size));
      if (sends == Sends::one_at_a_time && std::int64_t{size} * out.count() < eager_limit)
        COLLSCOPE_TRY(MPI_Ssend(out.address(), out.count(), out.type(), e.send_to, tag, comm));
      else
        COLLSCOPE_TRY(MPI_Send(out.address(), out.count(), out.type(), e.send_to, tag, comm));
    } else if (e.recv_from >= 0) {
      COLLSCOPE_TRY(
          MPI_Recv(in.address(), in.count(), in.type(), e.recv_from, tag, comm, MPI_STATUS_IGNORE));
    }
  }
  return MPI_SUCCESS;
}

ByteView::ByteView(void* buffer, int count, MPI_Datatype type, bool holds_data)
    : buffer_(buffer), count_(count), type_(type) {
  int size = 0;
  const bool direct = plain(type, size);
  size_ = std::int64_t{size} * count;
  if (direct) {
    bytes_ = static_cast<char*>(buffer);
    return;
  }
  staging_.resize(static_cast<std::size_t>(size_));
  bytes_ = staging_.data();
  if (holds_data)
    status_ = typed_copy(buffer, count, type, bytes_, static_cast<int>(size_), MPI_BYTE);
}

int ByteView::finish() {
  if (staging_.empty()) return MPI_SUCCESS;
  return typed_copy(bytes_, static_cast<int>(size_), MPI_BYTE, buffer_, count_, type_);
}

} // namespace collscope::detail
