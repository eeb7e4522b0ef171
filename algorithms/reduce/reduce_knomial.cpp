// k-nomial reduction, k-ported (seeds/001, "k-ported vs. k-lane communication capabilities",
// "Final remark: binomial and k-nomial trees"; MVAPICH2's k-nomial reduce receives from all
// children at once): the k-nomial gather tree, each node combining what it receives into one
// vector of m elements. Level by level from the bottom, a rank posts the receives of its up to
// k−1 children of a level at once (MPI_Irecv into k−1 buffers, one MPI_Waitall), combines them
// and, after its last level, sends the partial result to its parent. Ranks are shifted so the
// root is virtual rank 0, which reorders the operands: commutative operations only.
//
//   p = 9, k = 3, root 0:   round 0: 1→0 2→0 4→3 5→3 7→6 8→6    round 1: 3→0 6→0
//
// Rounds: ⌈log_k p⌉.  Cost: ⌈log_k p⌉(α + βm) with k−1 ports; ≤ (k−1)⌈log_k p⌉(α + βm) with
// one; plus up to k−1 local reductions per level.
#include "collscope/algorithms/radix.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/knomial_levels.hpp"
#include "reduce/subtree_sum.hpp"

#include <vector>

namespace collscope {

namespace {

/// Combines the sums of v's children into `sum`, level by level from the bottom, all receives of
/// a level in flight at once.
int add_levels(void* sum, int count, MPI_Datatype datatype, MPI_Op op, int v, int root,
               MPI_Comm comm, int p, int k) {
  using namespace detail;
  // One buffer per child of the widest level so far: the receives of a level are all in flight.
  std::vector<TempBuffer> incoming;
  incoming.reserve(static_cast<std::size_t>(k - 1));
  const auto receive = [&](std::size_t c, const schedule::TreeEdge& child, MPI_Request* request) {
    if (c == incoming.size()) incoming.emplace_back(count, datatype);
    return MPI_Irecv(incoming[c].data(), count, datatype, schedule::real_rank(child.vrank, root, p),
                     reduce_tag, comm, request);
  };
  const auto add = [&](std::size_t c, const schedule::TreeEdge&) {
    return MPI_Reduce_local(incoming[c].data(), sum, count, datatype, op);
  };
  return each_knomial_level(v, p, k, Toward::root, receive, add);
}

int unchecked_reduce_knomial(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                             MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  COLLSCOPE_TRY(check_commutative(op, datatype));
  const auto [rank, p] = shape(comm);
  const int k = radix();
  const AlgorithmRegion region("reduce", "knomial", root, count, datatype, comm);
  trace::meta("radix", k);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const int v = schedule::virtual_rank(rank, root, p);
  return reduce_subtree(
      sendbuf, recvbuf, count, datatype, knomial_parent(v, root, p, k, Toward::root), comm,
      [&](void* sum) { return add_levels(sum, count, datatype, op, v, root, comm, p, k); });
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_knomial, unchecked_reduce_knomial)

} // namespace collscope
