// Ring and dissemination (Bruck) allgather schedules: circulant communication patterns in
// which rank i talks to i ± d (mod p) (seeds/001, "Linear-ring allgather" and "“Bruck”/
// “Dissemination” Allgather algorithm").
//
// Dissemination, p = 7, seen from rank 3 (blocks stay at their rank-order place in the
// receive buffer, so a range that wraps past p − 1 travels as two pieces of one datatype):
//
//   round 0  d = 1  send [3]      to 4   recv [2]      from 2   holds 2 3
//   round 1  d = 2  send [2,3]    to 5   recv [0,1]    from 1   holds 0 1 2 3
//   round 2  d = 4  send [1,2,3]  to 0   recv [4,5,6]  from 6   holds 0 … 6   (p − d = 3 blocks)
#pragma once

#include <array>

namespace collscope::schedule {

/// A run of `count` consecutive blocks starting at block `first` (both in [0, p)).
struct BlockRun {
  int first;
  int count;
};

/// Blocks first, first+1, …, first+count−1 taken mod p, as at most two runs in increasing
/// address order; the second run has count 0 when the range does not wrap.
std::array<BlockRun, 2> wrap_blocks(int first, int count, int p);

struct CirculantStep {
  int send_to;
  int recv_from;
  int send_first; ///< first block sent (mod p), blocks run upwards
  int recv_first; ///< first block received (mod p)
  int blocks;     ///< number of blocks sent and received in this step
};

/// Step i ∈ [0, p−1) of the ring allgather: pass block (rank − i) to rank + 1 and receive
/// block (rank − i − 1) from rank − 1.
CirculantStep ring_allgather_step(int rank, int p, int i);

/// Round k ∈ [0, ⌈log₂p⌉) of the dissemination allgather: distance d = 2^k, blocks
/// min(d, p − d); rank sends its newest blocks to rank + d and receives from rank − d.
CirculantStep dissemination_round(int rank, int p, int k);

} // namespace collscope::schedule
