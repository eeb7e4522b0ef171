// Hierarchical allreduce (seeds/001, "Hierarchical collectives"): reduce inside every node cᵢ
// to its first rank, allreduce across the nodes' first ranks (C) with the butterfly, then
// broadcast inside every node. The lecture's remark: one ⌈log₂n⌉ operation too much compared
// with the best flat algorithms, but m bytes in and out of each node only. Every level keeps
// rank order, so a non-commutative operator is right when each node is a run of consecutive
// ranks; other layouts refuse it (MPI_ERR_OP).
//
//   3 nodes of 4:  cᵢ reduce  rounds 0–1: 1→0 3→2, 2→0 (and likewise on nodes 4…7, 8…11)
//                  C butterfly rounds 2–4: 0→4 (fold), 4↔8, 4→0 (N = 3: ⌊log₂3⌋ + 2 rounds)
//                  cᵢ bcast   rounds 5–6: 0→1 4→5 8→9, 0→2 1→3 …
//
// Rounds: 2⌈log₂n⌉ + ⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋).
// Cost: 2⌈log₂n⌉(α + βm) + (⌊log₂N⌋ + 2(⌈log₂N⌉ − ⌊log₂N⌋))(α' + β'm).
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "hierarchical/hierarchy.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_hierarchical(const void* sendbuf, void* recvbuf, int count,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  Hierarchy h;
  COLLSCOPE_TRY(hierarchy(comm, -1, h, {.order = op}));
  const AlgorithmRegion region("allreduce", "hierarchical", -1, count, datatype, comm,
                               h.nodes->layout);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const bool leads = h.leaders != MPI_COMM_NULL;
  // The node's first rank collects into recvbuf (its input may already be there: in place);
  // the others' recvbuf may hold their input, so their reduction works in a buffer of its own.
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  TempBuffer scratch(leads ? 0 : count, datatype);
  COLLSCOPE_TRY(reduce_ordered(leads && sendbuf == MPI_IN_PLACE ? MPI_IN_PLACE : input,
                               leads ? recvbuf : scratch.data(), count, datatype, op, 0,
                               h.nodes->node_comm));
  const int inside = schedule::ceil_log2(h.largest_node);
  {
    const trace::RoundOffset after_nodes(inside);
    if (leads)
      COLLSCOPE_TRY(allreduce_butterfly(MPI_IN_PLACE, recvbuf, count, datatype, op, h.leaders));
  }
  const trace::RoundOffset after_leaders(inside + schedule::butterfly_rounds(h.nodes_count));
  return bcast_binomial(recvbuf, count, datatype, 0, h.nodes->node_comm);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_hierarchical, unchecked_allreduce_hierarchical)

} // namespace collscope
