// Träff's linear-time irregular scatter (seeds/000 §2–3, TUW_Scatterv): the gather tree of
// gatherv_traff, built the same way in at most 2⌈log₂p⌉ constant-size rounds, used top-down.
// Every node receives its cube's blocks from its parent in one message, then sends each
// child its sibling cube, the highest level (the largest cube) first, then keeps its own
// block. The root sends each child's blocks straight from their places in its send buffer.
// Unlike the gather, the root cannot start before the construction is over (seeds/000 §3).
//
//   p = 8, root 0, m = 1 1 1 1 9 9 1 1 (gatherv_traff's tree, edges reversed; construction
//   as there, rounds 0–5), in the order the messages leave:
//     round 8: 0→5 [4,8)    round 7: 0→3 [2,4)  5→7 [6,8)    round 6: 0→1  3→2  5→4  7→6
//
// Rounds: 2⌈log₂p⌉ (construction) + ⌈log₂p⌉.  Cost: as gatherv_traff (Theorem 1 holds for
// the scatter too).
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/algorithms/scatterv.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"
#include "irregular/irregular_plan.hpp"
#include "irregular/traff_call.hpp"

#include <ranges>

namespace collscope {

namespace {

using namespace detail;

/// Data rounds are numbered after the construction's: 2⌈log₂p⌉ + level.
int data_round(int level, int p) {
  return schedule::construction_rounds(p) + level;
}

struct Scatterv {
  const void* sendbuf;
  const int* sendcounts;
  const int* displs;
  MPI_Datatype sendtype;
  void* recvbuf;
  int recvcount;
  MPI_Datatype recvtype;
  int root;
  MPI_Comm comm;
};

int from_root(const Scatterv& s, const IrregularView& view,
              const schedule::IrregularOptions& options) {
  const int p = shape(s.comm).size;
  const std::vector<TreeMessage> messages =
      root_messages(view, s.sendcounts, s.sendtype, s.root, s.comm, options);
  for (const TreeMessage& m : messages | std::views::reverse) {
    if (m.bytes == 0) continue;
    const trace::Round round(data_round(m.level, p));
    const RootBlocks from(s.sendbuf, s.sendcounts, s.displs, s.sendtype, m.ranks);
    COLLSCOPE_TRY(from.status());
    trace::blocks(m.ranks.front(), static_cast<int>(m.ranks.size()), 0, 0);
    COLLSCOPE_TRY(
        MPI_Send(from.address(), from.count(), from.type(), m.peer, scatterv_tag, s.comm));
  }
  return keep_own_block(s.sendbuf, s.sendcounts, s.displs, s.sendtype, s.recvbuf, s.recvcount,
                        s.recvtype, s.root);
}

int below_root(const Scatterv& s, const IrregularView& view, int rank) {
  const schedule::IrregularNode& node = view.node;
  if (node.bytes == 0) return MPI_SUCCESS;
  const int p = shape(s.comm).size;
  const auto receive = [&](void* into, int count, MPI_Datatype type) {
    const trace::Round round(data_round(node.level, p));
    return MPI_Recv(into, count, type, node.parent, scatterv_tag, s.comm, MPI_STATUS_IGNORE);
  };
  const std::int64_t own = bytes_of(s.recvcount, s.recvtype);
  if (own == node.bytes) return receive(s.recvbuf, s.recvcount, s.recvtype); // a leaf

  const MPI_Datatype unit = unit_type(s.recvtype);
  std::int64_t own_offset = 0;
  const std::vector<TreeMessage> children = inner_messages(view, rank, own, own_offset);
  std::vector<char> held(static_cast<std::size_t>(node.bytes));
  COLLSCOPE_TRY(receive(held.data(), units_of(node.bytes, unit), unit));
  for (const TreeMessage& m : children | std::views::reverse) {
    if (m.bytes == 0) continue;
    const trace::Round round(data_round(m.level, p));
    const schedule::RankRange cube = schedule::cube_of(m.peer, m.level, p);
    trace::blocks(cube.begin, cube.size(), 0, 0);
    COLLSCOPE_TRY(MPI_Send(held.data() + m.offset, units_of(m.bytes, unit), unit, m.peer,
                           scatterv_tag, s.comm));
  }
  return copy_block(held.data() + own_offset, units_of(own, unit), unit, s.recvbuf, s.recvcount,
                    s.recvtype);
}

int scatterv(const Scatterv& s, const char* name, const schedule::IrregularOptions& options) {
  return on_irregular_tree(
      "scatterv", name, s.root, s.sendcounts, s.sendtype, s.recvcount, s.recvtype, s.comm, options,
      [&](const IrregularView& view) { return from_root(s, view, options); },
      [&](const IrregularView& view, int rank) { return below_root(s, view, rank); });
}

} // namespace

COLLSCOPE_ENTRY(scatterv, scatterv_traff,
                [](auto... mpi_args) { return scatterv({mpi_args...}, "traff", {}); })

COLLSCOPE_ENTRY(scatterv, scatterv_traff_lemma4, [](auto... mpi_args) {
  return scatterv({mpi_args...}, "traff-lemma4", {schedule::Estimate::total, 0});
})

COLLSCOPE_ENTRY(scatterv, scatterv_traff_degrade, [](auto... mpi_args) {
  return scatterv({mpi_args...}, "traff-degrade",
                  {schedule::Estimate::gather_time, irregular_tuning().threshold});
})

} // namespace collscope
