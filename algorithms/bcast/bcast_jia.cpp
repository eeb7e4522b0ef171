// Bin Jia's optimal broadcast (seeds/001, "The power of the hypercube: Optimal Broadcast",
// "The M−1+log p round hypercube algorithm", "Beyond hypercube"; Parallel Computing 35(12),
// 2009): an allgather-like exchange on the hypercube in which every process, not only the
// root, forwards blocks. In round j vrank i exchanges with its neighbour across bit j mod q,
// sending block s(i, j) and receiving t(i, j) (schedule/jia.hpp); when p is not a power of two
// the excess processes pair up with co-operating processes below 2^q and each pair plays one
// hypercube node, with one extra round inside each pair.
//
//   p = 8, M = 5 (the lecture's example), sends per round:
//            0      1      2      3      4      5      6
//   vrank 0  1:b0   2:b1   4:b2   1:b3   2:b4   4:b4   1:b4
//   vrank 1         3:b0   5:b0          3:b3   5:b3
//   vrank 3                7:b0   2:b0   1:b1   7:b3   2:b3
//   vrank 7                       6:b0   5:b1   3:b2   6:b3      (…: schedule::jia_step)
//
// Rounds: M − 1 + ⌈log₂p⌉ for every p, the lower bound. Cost: (M − 1 + ⌈log₂p⌉)(α + βm/M);
// with the lemma's M = √((⌈log₂p⌉ − 1)βm/α) it is
// (⌈log₂p⌉ − 1)α + 2√((⌈log₂p⌉ − 1)αβm) + βm, optimal in both terms. Blocks past M − 1 are
// sent as M − 1, as in the lecture, so some processes receive block M − 1 more than once.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/jia.hpp"
#include "common/annotate.hpp"
#include "common/block_broadcast.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <algorithm>

namespace collscope {

namespace {

int unchecked_bcast_jia(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "jia", root, count, datatype, comm);
  if (p == 1 || carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int blocks = jia_blocks_for(p, count, datatype);
  const int v = schedule::virtual_rank(rank, root, p);
  BlockBroadcastPlan plan;
  plan.blocks = blocks;
  plan.rounds = schedule::jia_rounds(p, blocks);
  plan.step = [&](int round) { return schedule::jia_step(p, blocks, v, round); };
  return run_block_broadcast(buffer, count, datatype, root, comm, plan);
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_jia, unchecked_bcast_jia)

} // namespace collscope
