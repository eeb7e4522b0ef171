// Binomial-tree reduction (seeds/001, "Binomial tree reduction"): the gather tree, but each
// node combines what it receives into one vector of m elements instead of concatenating.
// Ranks are shifted so the root is virtual rank 0, which reorders the operands: the
// algorithm is for commutative operations (MPI_Op_commutative) only.
//
//   p = 7, root 0:   round 0: 1→0 3→2 5→4    round 1: 2→0 6→4    round 2: 4→0
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉(α + βm) plus ⌈log₂p⌉ local reductions.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "reduce/subtree_sum.hpp"

namespace collscope {

namespace {

/// Combines the sums of v's children into `sum`, in the order of their rounds.
int add_children(void* sum, int count, MPI_Datatype datatype, MPI_Op op, int v, int root,
                 MPI_Comm comm, int p) {
  using namespace detail;
  TempBuffer incoming(count, datatype);
  for (const schedule::TreeEdge& child : schedule::preorder_children(v, p)) {
    const trace::Round round(child.round);
    COLLSCOPE_TRY(MPI_Recv(incoming.data(), count, datatype,
                           schedule::real_rank(child.vrank, root, p), reduce_tag, comm,
                           MPI_STATUS_IGNORE));
    COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), sum, count, datatype, op));
  }
  return MPI_SUCCESS;
}

int unchecked_reduce_binomial(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                              MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  COLLSCOPE_TRY(check_commutative(op, datatype));
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce", "binomial", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const int v = schedule::virtual_rank(rank, root, p);
  return reduce_subtree(
      sendbuf, recvbuf, count, datatype, binomial_parent(v, root, p, Toward::root), comm,
      [&](void* sum) { return add_children(sum, count, datatype, op, v, root, comm, p); });
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_binomial, unchecked_reduce_binomial)

} // namespace collscope
