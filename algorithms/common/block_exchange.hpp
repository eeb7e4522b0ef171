// The MPI side of the Van de Geijn family's schedules (collscope/schedule/block_exchange.hpp):
// runs of blocks addressed in a buffer (one indexed datatype when a run wraps past block
// p − 1, so nothing is copied), each round's exchange posted as one MPI call, and a byte view
// of a broadcast buffer, so that a broadcast can cut any (count, datatype) into p blocks that
// every rank cuts alike even when the ranks' datatypes differ (MPI only requires equal type
// signatures).
#pragma once

#include "collscope/schedule/block_exchange.hpp"

#include <cstdint>
#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// Block b is elements [offset[b], offset[b + 1]) of the buffer; p + 1 entries.
using BlockOffsets = std::vector<std::int64_t>;

/// Blocks first … first + count − 1 (mod p) of a buffer as (address, count, type): a plain
/// run, or one committed indexed type over the two runs of a range that wraps past p − 1.
class BlockRun {
public:
  BlockRun(void* data, const BlockOffsets& offsets, int first, int count, MPI_Datatype type);
  ~BlockRun();
  BlockRun(const BlockRun&) = delete;
  BlockRun& operator=(const BlockRun&) = delete;

  void* address() const { return address_; }
  int count() const { return count_; }
  MPI_Datatype type() const { return type_; }

private:
  void* address_ = nullptr;
  int count_ = 0;
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
  MPI_Datatype owned_ = MPI_DATATYPE_NULL;
};

/// p near-equal blocks of `elements` (the ring's split: the first elements mod p are one
/// larger).
BlockOffsets near_equal_blocks(std::int64_t elements, int p);
/// p blocks of `count` elements each.
BlockOffsets equal_blocks(int count, int p);

/// Where the data a block carries comes from, for the trace: `origin` ≥ 0 names the one rank
/// all data comes from (a broadcast); own_blocks: block b is rank b's; sums: partial sums of
/// every rank's input (not annotated).
constexpr int own_blocks = -1, sums = -2;

/// How a round that only sends posts its message. standard: MPI_Send. one_at_a_time: MPI_Ssend
/// below eager_limit bytes, which returns only once the receiver has matched the message. A rank
/// whose standard sends go eager posts them all at once and its link carries them together, so
/// the first, largest piece of a binomial scatter arrives last; synchronous sends go one at a
/// time, largest first, as the α-β model's one-port sender does. From eager_limit bytes on a
/// standard send already waits for its receiver (a rendezvous) and stays MPI_Send.
enum class Sends { standard, one_at_a_time };

/// The eager limit one_at_a_time assumes: 64 KiB, SMPI's default (smpi/send-is-detached-thresh)
/// and scripts/simulate's with --overhead.
constexpr int eager_limit = 65536;

/// Plays `exchanges` (one rank's schedule) on `data`, a buffer of `type` laid out by `offsets`;
/// each round is annotated (trace::Round) with the provenance of the blocks sent (`origin`).
/// Rounds that send and receive are one MPI_Sendrecv whatever `sends` says.
int run_block_exchanges(void* data, const BlockOffsets& offsets, MPI_Datatype type,
                        const std::vector<schedule::BlockExchange>& exchanges, int origin, int tag,
                        MPI_Comm comm, Sends sends = Sends::standard);

/// A broadcast buffer as contiguous bytes: the user's buffer itself when its datatype is
/// plain, else a staging buffer filled from it (at the root) and copied back (elsewhere).
class ByteView {
public:
  ByteView(void* buffer, int count, MPI_Datatype type, bool holds_data);
  ByteView(const ByteView&) = delete;
  ByteView& operator=(const ByteView&) = delete;
  /// MPI error code of the staging copy, checked before use.
  int status() const { return status_; }
  char* bytes() { return bytes_; }
  std::int64_t size() const { return size_; }
  /// Copies the bytes back into the user's buffer (a no-op for plain datatypes).
  int finish();

private:
  void* buffer_;
  int count_;
  MPI_Datatype type_;
  std::vector<char> staging_;
  char* bytes_ = nullptr;
  std::int64_t size_ = 0;
  int status_ = MPI_SUCCESS;
};

/// Broadcast = binomial scatter of p near-equal byte blocks + allgather (recursive doubling,
/// or the ring when `ring`), the body of bcast scatter-allgather and scatter-ring; `name` is
/// the algorithm's for the trace; `scatter` how the scatter's ranks send their pieces.
int scatter_then_allgather(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                           const char* name, bool ring, Sends scatter = Sends::standard);

/// bcast scatter-allgather (its entry checks included) whose scatter sends one piece at a time
/// (Sends::one_at_a_time): the level across the node leaders of hierarchical-scatter-allgather,
/// where each leader's pieces leave on its node's one link.
int bcast_scatter_allgather_one_at_a_time(void* buffer, int count, MPI_Datatype datatype, int root,
                                          MPI_Comm comm);

} // namespace collscope::detail
