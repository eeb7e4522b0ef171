// Reduction up the in-order binary tree (seeds/001, "Complete, balanced, binary tree: Naming
// (in-order)": the ranks of every subtree form a consecutive range; "Pipelined binary tree …
// for the latter, inorder numbering of the processors is required (unless MPI operation is
// commutative)"). The tree is topped by the root itself: its left subtree holds ranks
// [0, root), its right subtree [root + 1, p), each a balanced in-order tree
// (schedule/inorder_tree.hpp), so the root ends with x₀ ⊕ … ⊕ x_{p−1} in rank order at any
// root, with no forward. A node receives its two subtrees' partial results, the one ready
// first first, puts the left one on the left and the right one on the right, and sends up.
//
//   p = 7, root 3:     3        one receive per rank and round:
//                    /   \      round 0: 0→1 4→5   round 1: 2→1 6→5
//                   1     5     round 2: 1→3       round 3: 5→3
//                  / \   / \    (in-order)
//                 0   2 4   6
//
// Rounds: inorder_reduce_rounds(p, root) ≤ 2⌈log₂p⌉.  Cost: rounds·(α + βm) plus the local
// reductions.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/inorder_tree.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <utility>

namespace collscope {

namespace {

int unchecked_reduce_inorder_binary(const void* sendbuf, void* recvbuf, int count,
                                    MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  COLLSCOPE_TRY(check_reducible(op, datatype));
  const AlgorithmRegion region("reduce", "inorder-binary", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const schedule::InorderReducePlan plan = schedule::inorder_reduce_plan(rank, p, root);

  const auto send_up = [&](const void* data) {
    const trace::Round round(plan.send.round);
    return MPI_Send(data, count, datatype, plan.send.peer, reduce_tag, comm);
  };
  if (plan.receives.empty() && plan.send.peer >= 0) return send_up(sendbuf);

  // `partial` holds the result so far; combining "partial ⊕ incoming" lands in `incoming`,
  // so the two swap roles.
  TempBuffer first(count, datatype), second(count, datatype);
  void* partial = first.data();
  void* incoming = second.data();
  const void* own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  COLLSCOPE_TRY(typed_copy(own, count, datatype, partial, count, datatype));
  for (const schedule::TreeMessage& child : plan.receives) {
    {
      const trace::Round round(child.round);
      COLLSCOPE_TRY(
          MPI_Recv(incoming, count, datatype, child.peer, reduce_tag, comm, MPI_STATUS_IGNORE));
    }
    // MPI_Reduce_local(in, inout) computes inout = in ⊕ inout: lower ranks on the left.
    if (child.peer < rank) {
      COLLSCOPE_TRY(MPI_Reduce_local(incoming, partial, count, datatype, op));
    } else {
      COLLSCOPE_TRY(MPI_Reduce_local(partial, incoming, count, datatype, op));
      std::swap(partial, incoming);
    }
  }
  if (plan.send.peer >= 0) return send_up(partial);
  return typed_copy(partial, count, datatype, recvbuf, count, datatype);
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_inorder_binary, unchecked_reduce_inorder_binary)

} // namespace collscope
