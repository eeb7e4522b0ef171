// k-nomial broadcast, k-ported (seeds/001, "k-ported vs. k-lane communication capabilities",
// "Easy generalization: k-ported", "Final remark: binomial and k-nomial trees"): ranks are
// shifted so the root is virtual rank 0; a rank receives from its parent, then, level by level
// from the top, posts the up to k−1 sends of a level at once (MPI_Isend) and completes them
// together (MPI_Waitall) before the next level. With k−1 ports per rank every level is one
// round; with one port the k−1 sends take turns.
//
//   p = 9, k = 3, root 0:   round 0: 0→3 0→6    round 1: 0→1 0→2 3→4 3→5 6→7 6→8
//
// Rounds: ⌈log_k p⌉.  Cost: ⌈log_k p⌉(α + βm) with k−1 ports; ≤ (k−1)⌈log_k p⌉(α + βm) with one.
// k = radix() (--radix, default 4 as Open MPI's knomial broadcast); k = 2 is the pre-order
// binomial tree.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/radix.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/knomial.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/tree_parent.hpp"

#include <ranges>
#include <vector>

namespace collscope {

namespace {

int unchecked_bcast_knomial(void* buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const int k = radix();
  const AlgorithmRegion region("bcast", "knomial", root, count, datatype, comm);
  trace::meta("radix", k);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int v = schedule::virtual_rank(rank, root, p);
  if (v != 0)
    COLLSCOPE_TRY(receive_from_parent(knomial_parent(v, root, p, k, Toward::leaves), buffer, count,
                                      datatype, bcast_tag, comm));
  std::vector<MPI_Request> requests;
  for (const schedule::KnomialLevel& level :
       schedule::knomial_child_levels(v, p, k) | std::views::reverse) {
    const trace::Round round(schedule::knomial_topdown_round(level.level, p, k));
    requests.assign(level.edges.size(), MPI_REQUEST_NULL);
    for (std::size_t c = 0; c < level.edges.size(); ++c) {
      trace::blocks(root, 1, 0, count);
      COLLSCOPE_TRY(MPI_Isend(buffer, count, datatype,
                              schedule::real_rank(level.edges[c].vrank, root, p), bcast_tag, comm,
                              &requests[c]));
    }
    COLLSCOPE_TRY(
        MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
  }
  return MPI_SUCCESS;
}

} // namespace

int bcast_knomial(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm user_comm) {
  return detail::guarded_bcast(buffer, count, datatype, root, user_comm, unchecked_bcast_knomial);
}

} // namespace collscope
