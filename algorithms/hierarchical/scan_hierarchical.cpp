// Hierarchical inclusive scan (seeds/001, "Hierarchical collectives": Reduce(cᵢ), Exscan(C),
// Scan(cᵢ), "if all the processes in cᵢ are in order of c"). Each node's sum is reduced to
// its first rank; an exclusive scan over the first ranks (C) gives each of them the sum of all
// earlier nodes; the first rank puts that prefix on the left of its own input, and the scan
// inside the node carries it to every rank, so no extra broadcast is needed. Prefixes follow
// rank order only when every node is a run of consecutive ranks: on any other layout this
// refuses with MPI_ERR_ARG (even a commutative prefix cannot be split by node then).
//
//   3 nodes of 4:  cᵢ reduce       rounds 0–1: 1→0 3→2, 2→0 (nodes 4…7, 8…11 alike)
//                  C exscan        rounds 2–3: 0→4 4→8, 0→8 (Hillis–Steele)
//                  cᵢ scan         rounds 4–5: 0→1 1→2 2→3, 0→2 1→3 (Hillis–Steele)
//
// Rounds: 2⌈log₂n⌉ + ⌈log₂N⌉.  Cost: 2⌈log₂n⌉(α + βm) + ⌈log₂N⌉(α' + β'm).
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/scan.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope {

namespace {

int unchecked_scan_hierarchical(const void* sendbuf, void* recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, -1, h));
  if (!h.nodes->layout.rank_ordered()) return MPI_ERR_ARG;
  const AlgorithmRegion region("scan", "hierarchical", -1, count, datatype, comm, h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const bool leads = h.leaders != MPI_COMM_NULL;
  // A copy of the input: in place, recvbuf is overwritten by the steps before the node scan.
  TempBuffer input(count, datatype), node_sum(count, datatype), prefix(count, datatype);
  COLLSCOPE_TRY(typed_copy(sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, count, datatype,
                           input.data(), count, datatype));
  COLLSCOPE_TRY(
      reduce_ordered(input.data(), node_sum.data(), count, datatype, op, 0, h.nodes->node_comm));
  const int inside = schedule::ceil_log2(h.largest_node);
  {
    const trace::RoundOffset after_reduce(inside);
    if (leads) {
      COLLSCOPE_TRY(
          exscan_hillis_steele(node_sum.data(), prefix.data(), count, datatype, op, h.leaders));
      // prefix ⊕ x: MPI_Reduce_local(in, inout) computes in ⊕ inout.
      if (h.nodes->node > 0)
        COLLSCOPE_TRY(MPI_Reduce_local(prefix.data(), input.data(), count, datatype, op));
    }
  }
  const trace::RoundOffset after_leaders(inside + schedule::ceil_log2(h.nodes_count));
  return scan_hillis_steele(input.data(), recvbuf, count, datatype, op, h.nodes->node_comm);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, scan_hierarchical, unchecked_scan_hierarchical)

} // namespace collscope
