#include "alltoall/alltoall_parts.hpp"

#include "collscope/schedule/alltoall.hpp"
#include "common/annotate.hpp"

#include <algorithm>

namespace collscope::detail {

AlltoallInput::AlltoallInput(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             const void* recvbuf, int recvcount, MPI_Datatype recvtype, int p)
    : data_(sendbuf), count_(sendcount), type_(sendtype) {
  if (sendbuf != MPI_IN_PLACE) return;
  count_ = recvcount;
  type_ = recvtype;
  copy(recvbuf, std::int64_t{p} * recvcount, recvtype);
}

AlltoallInput::AlltoallInput(const void* sendbuf, const int* sendcounts, const int* sdispls,
                             MPI_Datatype sendtype, const void* recvbuf, const int* recvcounts,
                             const int* rdispls, MPI_Datatype recvtype, int p)
    : data_(sendbuf), counts_(sendcounts), displs_(sdispls), type_(sendtype) {
  if (sendbuf != MPI_IN_PLACE) return;
  counts_ = recvcounts;
  displs_ = rdispls;
  type_ = recvtype;
  // The copy spans every block where the receive buffer keeps it (gaps included).
  std::int64_t end = 0;
  for (int i = 0; i < p; ++i)
    if (recvcounts[i] > 0) end = std::max(end, std::int64_t{rdispls[i]} + recvcounts[i]);
  copy(recvbuf, end, recvtype);
}

void AlltoallInput::copy(const void* recvbuf, std::int64_t elements, MPI_Datatype recvtype) {
  copy_.emplace(elements, recvtype);
  data_ = copy_->data();
  if (elements > 0)
    status_ = typed_copy(recvbuf, static_cast<int>(elements), recvtype, copy_->data(),
                         static_cast<int>(elements), recvtype);
}

int swap_blocks(const Half& out, const Half& in, int tag, MPI_Comm comm) {
  const bool sending = out.peer >= 0 && !carries_no_data(out.count, out.type);
  const bool receiving = in.peer >= 0 && !carries_no_data(in.count, in.type);
  void* into = const_cast<void*>(in.data);
  if (sending && receiving)
    return MPI_Sendrecv(out.data, out.count, out.type, out.peer, tag, into, in.count, in.type,
                        in.peer, tag, comm, MPI_STATUS_IGNORE);
  if (sending) return MPI_Send(out.data, out.count, out.type, out.peer, tag, comm);
  if (receiving) return MPI_Recv(into, in.count, in.type, in.peer, tag, comm, MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}

AlltoallBlocks::AlltoallBlocks(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                               void* recvbuf, int recvcount, MPI_Datatype recvtype, int p)
    : input_(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p), recvbuf_(recvbuf),
      recvcount_(recvcount), recvtype_(recvtype), send_extent_(extent_of(input_.type())),
      recv_extent_(extent_of(recvtype)) {}

const void* AlltoallBlocks::out(int j) const {
  return at(input_.data(), std::int64_t{j} * input_.count(), send_extent_);
}

void* AlltoallBlocks::in(int j) const {
  return at(recvbuf_, std::int64_t{j} * recvcount_, recv_extent_);
}

int AlltoallBlocks::keep_own(int rank) const {
  return typed_copy(out(rank), send_count(), send_type(), in(rank), recvcount_, recvtype_);
}

namespace {

/// The slots of a round as one derived type over a buffer of p slots of `count` elements.
class SlotType {
public:
  SlotType(const std::vector<int>& slots, int count, MPI_Datatype type) {
    std::vector<int> displacements;
    for (int j : slots) displacements.push_back(j * count);
    MPI_Type_create_indexed_block(static_cast<int>(slots.size()), count, displacements.data(), type,
                                  &type_);
    MPI_Type_commit(&type_);
  }
  ~SlotType() { MPI_Type_free(&type_); }
  SlotType(const SlotType&) = delete;
  SlotType& operator=(const SlotType&) = delete;
  MPI_Datatype get() const { return type_; }

private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

} // namespace

int slot_alltoall(const SlotSchedule& s, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                  void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoall", s.name, -1, recvcount, recvtype, comm);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const AlltoallBlocks blocks(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p);
  COLLSCOPE_TRY(blocks.status());
  // Step 1, the local permutation: slot j gets the block for start_destination(j).
  TempBuffer slots(std::int64_t{p} * recvcount, recvtype),
      arrived(std::int64_t{p} * recvcount, recvtype);
  for (int j = 0; j < p; ++j)
    COLLSCOPE_TRY(typed_copy(blocks.out(s.start_destination(rank, p, j)), blocks.send_count(),
                             blocks.send_type(), slots.block(std::int64_t{j} * recvcount),
                             recvcount, recvtype));
  // Step 2: the rounds, each slot set sent and received as one derived type; received slots
  // land in a second buffer (a send and a receive must not share memory) and are copied back.
  for (int k = 0, rounds = s.rounds(p); k < rounds; ++k) {
    const trace::Round round(k);
    const SlotType moved(s.slots ? s.slots(p, k) : schedule::slots_with_bit(p, s.bit(p, k)),
                         recvcount, recvtype);
    COLLSCOPE_TRY(MPI_Sendrecv(slots.data(), 1, moved.get(), s.to(rank, p, k), alltoall_tag,
                               arrived.data(), 1, moved.get(), s.from(rank, p, k), alltoall_tag,
                               comm, MPI_STATUS_IGNORE));
    COLLSCOPE_TRY(typed_copy(arrived.data(), 1, moved.get(), slots.data(), 1, moved.get()));
  }
  // Step 3: slot j to the receive buffer's place of its origin.
  for (int j = 0; j < p; ++j)
    COLLSCOPE_TRY(typed_copy(slots.block(std::int64_t{j} * recvcount), recvcount, recvtype,
                             blocks.in(s.final_origin(rank, p, j)), recvcount, recvtype));
  return MPI_SUCCESS;
}

} // namespace collscope::detail
