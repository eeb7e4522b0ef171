#include "bcast/pipelined_tree_bcast.hpp"

#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/block_broadcast.hpp"
#include "common/buffers.hpp"

namespace collscope::detail {

int PipelinedTreeBcast::operator()(void* buffer, int count, MPI_Datatype datatype, int root,
                                   MPI_Comm comm) const {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", name, root, count, datatype, comm);
  if (p == 1 || carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int blocks = blocks_for(p, count, datatype);
  const schedule::PipelinedTree pipelined(tree(p), blocks);
  const int v = schedule::virtual_rank(rank, root, p);
  BlockBroadcastPlan plan;
  plan.blocks = blocks;
  plan.rounds = pipelined.rounds();
  plan.step = [&](int round) { return pipelined.step(v, round); };
  return run_block_broadcast(buffer, count, datatype, root, comm, plan);
}

} // namespace collscope::detail
