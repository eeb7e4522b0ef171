// The doubly pipelined, dual-root allreduce of the lecture (seeds/001, "Problem with pipelined
// trees": "for operations consisting of both up and down phases, the two phases can be
// overlapped; bidirectional communication in each step"; "Doubly-rooted, doubly pipelined
// allreduce … Per round, 3 steps: Sendreceive from first child, local reduce; Sendreceive from
// second child, local reduce; Sendreceive from parent … With two connected, rooted trees …
// Root in one tree communicates with root in other tree (and needs extra reduction)"; Träff,
// CoRR abs/2109.12626). The vector is cut into M blocks (the pipelining lemma, or --blocks).
// Ranks [0, ⌈p/2⌉) and [⌈p/2⌉, p) form two in-order binary trees; in iteration j a node
// exchanges with each child (result block j − d − 1 down, the child's partial block j up) and
// then with its parent (its partial block j up, result block j − d down); the two roots swap
// their partial block j and both compute result block j = A's ⊕ B's, the same operation on the
// same operands, so every rank gets identical bits (floating-point sums included), and rank
// order is kept (in-order subtrees, A's ranks on the left): non-commutative ops are fine.
//
//   p = 7:          1  ⇄  5         round t: every node's exchanges in the lock step of
//                  / \   / \        schedule/dual_root.hpp (s = 3 slots per block:
//                 0   2 4   6       child 0, child 1, parent or the other root)
//
// Rounds: dual_root_rounds(p, M) = s(M − 1) + (the trees' latency) ≤ 3(M − 1) + 4⌊log₂(p+1)⌋.
// Cost: rounds·(α + βm/M) plus the local reductions.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/dual_root.hpp"
#include "collscope/schedule/inorder_tree.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "common/annotate.hpp"
#include "common/block_broadcast.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <algorithm>

namespace collscope {

namespace {

using schedule::DualRootPeer;

int unchecked_allreduce_doubly_pipelined(const void* sendbuf, void* recvbuf, int count,
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  COLLSCOPE_TRY(check_reducible(op, datatype));
  const AlgorithmRegion region("allreduce", "doubly-pipelined", -1, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(typed_copy(sendbuf, count, datatype, recvbuf, count, datatype));
  const int blocks = dual_root_blocks_for(p, count, datatype);
  trace::meta("blocks", blocks);
  trace::meta("rounds", schedule::dual_root_rounds(p, blocks));
  if (p == 1) return MPI_SUCCESS;

  const MPI_Aint extent = extent_of(datatype);
  const auto range = [&](int b) { return schedule::pipeline_block(count, blocks, b); };
  const auto block = [&](int b) { return at(recvbuf, range(b).begin, extent); };
  TempBuffer incoming((count + blocks - 1) / blocks, datatype); // no block is larger
  const schedule::DualRootTree tree = schedule::dual_root_tree(rank, p);
  const schedule::InorderNode node = schedule::inorder_node(tree.lo, tree.hi, tree.top, rank);

  for (const schedule::DualRootStep& step : schedule::dual_root_steps(rank, p, blocks)) {
    const trace::Round round(step.round);
    Transfer out, in;
    if (step.send_block >= 0) {
      const schedule::ElementRange r = range(step.send_block);
      if (step.with == DualRootPeer::child)
        trace::blocks(0, p, r.begin, r.count); // a finished result block
      else
        trace::blocks(node.lo, node.hi - node.lo, r.begin, r.count); // the subtree's partial
      out = {block(step.send_block), static_cast<int>(r.count), step.peer};
    }
    const int n = step.recv_block >= 0 ? static_cast<int>(range(step.recv_block).count) : 0;
    if (step.recv_block >= 0) {
      // A result block lands where it belongs; a partial one is combined from `incoming`.
      void* into = step.with == DualRootPeer::parent ? block(step.recv_block) : incoming.data();
      in = {into, n, step.peer};
    }
    COLLSCOPE_TRY(exchange(out, in, datatype, allreduce_tag, comm));
    if (step.recv_block < 0 || step.with == DualRootPeer::parent) continue;
    // MPI_Reduce_local(in, inout) computes inout = in ⊕ inout; lower ranks go on the left.
    // Tree A's partial is the left operand at both roots, so both compute the same bits.
    void* mine = block(step.recv_block);
    const bool incoming_left = step.with == DualRootPeer::child ? step.peer < rank : !tree.first;
    if (incoming_left) {
      COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), mine, n, datatype, op));
    } else {
      COLLSCOPE_TRY(MPI_Reduce_local(mine, incoming.data(), n, datatype, op));
      COLLSCOPE_TRY(typed_copy(incoming.data(), n, datatype, mine, n, datatype));
    }
  }
  return MPI_SUCCESS;
}

} // namespace

int dual_root_blocks_for(int p, int count, MPI_Datatype datatype) {
  if (count <= 0) return 0;
  const int blocks = detail::lemma_blocks_for(p, count, datatype, schedule::dual_root_rounds,
                                              schedule::dual_root_slots(p));
  return std::clamp(blocks, 1, count);
}

COLLSCOPE_ENTRY(allreduce, allreduce_doubly_pipelined, unchecked_allreduce_doubly_pipelined)

} // namespace collscope
