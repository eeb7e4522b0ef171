// What the all-to-all algorithms share: MPI_IN_PLACE turned into an ordinary input, the p send
// and receive blocks of MPI_Alltoall, one round's exchange with a partner (empty halves not
// sent), and the slot algorithm that Bruck and the hypercube both are
// (collscope/schedule/alltoall.hpp).
#pragma once

#include "common/buffers.hpp"

#include <mpi.h>
#include <optional>
#include <vector>

namespace collscope::detail {

/// The send side of an alltoall(v) call: the user's, or with MPI_IN_PLACE a copy of the
/// receive buffer described by the receive side's counts, displacements and type.
class AlltoallInput {
public:
  /// MPI_Alltoall: p blocks of `count` elements.
  AlltoallInput(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int p);
  /// MPI_Alltoallv.
  AlltoallInput(const void* sendbuf, const int* sendcounts, const int* sdispls,
                MPI_Datatype sendtype, const void* recvbuf, const int* recvcounts,
                const int* rdispls, MPI_Datatype recvtype, int p);

  int status() const { return status_; } ///< the copy's MPI error code
  const void* data() const { return data_; }
  int count() const { return count_; }
  const int* counts() const { return counts_; }
  const int* displs() const { return displs_; }
  MPI_Datatype type() const { return type_; }

private:
  void copy(const void* recvbuf, std::int64_t elements, MPI_Datatype recvtype);

  std::optional<TempBuffer> copy_;
  int status_ = MPI_SUCCESS;
  const void* data_ = nullptr;
  int count_ = 0;
  const int* counts_ = nullptr;
  const int* displs_ = nullptr;
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

/// One rank's half of a pairwise round: `out` to `to` and `in` from `from` as one
/// MPI_Sendrecv; a half is left out when its peer is negative or it carries no data (both
/// partners know the sizes, so they agree).
struct Half {
  const void* data = nullptr;
  int count = 0;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  int peer = -1;
};
int swap_blocks(const Half& out, const Half& in, int tag, MPI_Comm comm);

/// The p blocks of an MPI_Alltoall call: send block j, for rank j, of the input (MPI_IN_PLACE
/// resolved by AlltoallInput) and receive block j, from rank j, of the receive buffer.
class AlltoallBlocks {
public:
  AlltoallBlocks(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int p);

  int status() const { return input_.status(); } ///< the input copy's MPI error code
  int send_count() const { return input_.count(); }
  MPI_Datatype send_type() const { return input_.type(); }
  const void* out(int j) const; ///< the send block for rank j
  void* in(int j) const;        ///< the receive block from rank j
  Half send_half(int j) const { return {out(j), send_count(), send_type(), j}; }
  Half recv_half(int j) const { return {in(j), recvcount_, recvtype_, j}; }
  /// The block a rank keeps: its own send block copied to its own receive block.
  int keep_own(int rank) const;

private:
  AlltoallInput input_;
  void* recvbuf_;
  int recvcount_;
  MPI_Datatype recvtype_;
  MPI_Aint send_extent_, recv_extent_;
};

/// A slot algorithm: slot j of rank r starts with r's block for `start_destination(r, p, j)`,
/// round k moves the slots with bit `bit(p, k)` set to `to(r, p, k)` (receiving the same slots
/// from `from(r, p, k)`), and at the end slot j holds the block from `final_origin(r, p, j)`.
struct SlotSchedule {
  const char* name;
  int (*rounds)(int p);
  int (*bit)(int p, int k);
  int (*to)(int rank, int p, int k);
  int (*from)(int rank, int p, int k);
  int (*start_destination)(int rank, int p, int j);
  int (*final_origin)(int rank, int p, int j);
  /// The slots round k moves, when they are not those with one bit set (Bruck in radix k).
  std::vector<int> (*slots)(int p, int k) = nullptr;
};
int slot_alltoall(const SlotSchedule& schedule, const void* sendbuf, int sendcount,
                  MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm);

} // namespace collscope::detail
