// k-nomial scatter, k-ported (seeds/001, "k-ported vs. k-lane communication capabilities",
// "Final remark: binomial and k-nomial trees"): the k-nomial gather run backwards. Ranks are
// shifted so the root is virtual rank 0; a rank receives its subtree's blocks from its parent,
// then, level by level from the top (largest subtrees first), posts the sends of its up to k−1
// children of a level at once (MPI_Isend, one MPI_Waitall).
//
//   p = 9, k = 3, root 0:   round 0: 0→3 [3,6) 0→6 [6,9)    round 1: 0→1 0→2 3→4 3→5 6→7 6→8
//
// Rounds: ⌈log_k p⌉.  Cost with k−1 ports: ≤ ⌈log_k p⌉α + min((k^⌈log_k p⌉ − 1)/(k−1), p−1)·βm/p;
// with one port ≤ (k−1)⌈log_k p⌉α + (p−1)/p·βm (both exact for p = k^L). For root ≠ 0 the
// root packs a subtree whose real ranks wrap past p − 1.
#include "collscope/algorithms/radix.hpp"
#include "collscope/algorithms/scatter.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"
#include "gather_scatter/subtrees.hpp"

#include <optional>
#include <ranges>
#include <vector>

namespace collscope {

namespace {

/// Sends the children's subtrees of every level of v, top level first; `blocks` holds v's
/// subtree in virtual-rank order (the root: the user's buffer in real-rank order).
int send_levels(const void* blocks, int count, MPI_Datatype type, int v, int root, MPI_Comm comm,
                int p, int k) {
  using namespace detail;
  const MPI_Aint extent = extent_of(type);
  std::vector<MPI_Request> requests;
  for (const schedule::KnomialLevel& level :
       schedule::knomial_child_levels(v, p, k) | std::views::reverse) {
    const trace::Round round(schedule::knomial_topdown_round(level.level, p, k));
    requests.assign(level.edges.size(), MPI_REQUEST_NULL);
    std::vector<std::optional<TempBuffer>> staging(level.edges.size());
    for (std::size_t c = 0; c < level.edges.size(); ++c) {
      const schedule::TreeEdge& child = level.edges[c];
      const int first = schedule::real_rank(child.vrank, root, p);
      const int n = child.subtree_size * count;
      const void* run = at(blocks, std::int64_t{child.vrank - v} * count, extent);
      if (v == 0)
        COLLSCOPE_TRY(
            subtree_run(blocks, count, type, first, child.subtree_size, p, staging[c], run));
      trace::blocks(first, child.subtree_size, 0, count);
      COLLSCOPE_TRY(MPI_Isend(run, n, type, first, scatter_tag, comm, &requests[c]));
    }
    COLLSCOPE_TRY(
        MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
  }
  return MPI_SUCCESS;
}

int unchecked_scatter_knomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                              MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const int k = radix();
  const AlgorithmRegion region("scatter", "knomial", root, rank == root ? sendcount : recvcount,
                               rank == root ? sendtype : recvtype, comm);
  trace::meta("radix", k);
  if (rank == root) {
    if (carries_no_data(sendcount, sendtype)) return MPI_SUCCESS;
    COLLSCOPE_TRY(send_levels(sendbuf, sendcount, sendtype, 0, root, comm, p, k));
    return keep_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
  }
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const int v = schedule::virtual_rank(rank, root, p);
  return scatter_subtree(recvbuf, recvcount, recvtype,
                         knomial_parent(v, root, p, k, Toward::leaves), comm,
                         [&](const void* blocks) {
                           return send_levels(blocks, recvcount, recvtype, v, root, comm, p, k);
                         });
}

} // namespace

int scatter_knomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm user_comm) {
  return detail::guarded_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                                 user_comm, unchecked_scatter_knomial);
}

} // namespace collscope
