// Träff's linear-time irregular gather (seeds/000 §2–3, TUW_Gatherv; seeds/001, "Linear time
// irregular gather"): the ranks build a data-aware binomial tree in at most 2⌈log₂p⌉ rounds of
// constant-size messages (irregular_construction.cpp), then gather along it. In each merge of
// two ordered cubes the cube that is faster to gather sends to the other's gather root, so no
// gather root waits for a slower subtree, except the root MPI gives, which always receives
// (Lemma 2) and may wait: Theorem 1's penalty.
// Blocks stay in rank order everywhere; empty messages are not sent; the root receives each
// child's blocks straight into place, through an indexed datatype when its displacements are
// not contiguous.
//
//   p = 8, root 0, m = 1 1 1 1 9 9 1 1 (⇄ exchange of fixed roots, → message):
//     construction  round 0: 0⇄1 2⇄3 4⇄5 6⇄7   round 2: 1⇄3 5⇄7   round 4: 3⇄7
//                   round 3: 1→0 (0 is [0,2)'s gather root)   round 5: 3→0 7→5
//     data          round 6: 1→0 2→3 4→5 6→7   round 7: 3→0 7→5   round 8: 5→0 (20 bytes)
//   α = β = 1: the data phase takes 34 = 3α + 23β + 8β: [4,8) is gathered at 5 only at
//   2α + 11β, and 0, which must receive it, waits (Theorem 1's penalty 20 − 9 − 3 = 8).
//
// Rounds: 2⌈log₂p⌉ (construction, constant size) + ⌈log₂p⌉ (data).
// Cost: 2⌈log₂p⌉(α + 32β) + ⌈log₂p⌉α + β·Σ_{i≠r} m_i + β·max(0, M_{d'} − m_{r_{d'}} − Σ_{j<d'} M_j)
// (Theorem 1), against ⌈log₂p⌉(α + β·Σ m) for a block-oblivious binomial tree in the worst
// case and (p − 1)α + β·Σ m for the linear algorithm.
// Variants: Lemma 4's estimate (traff-lemma4) and graceful degradation (traff-degrade: a
// subtree of at least irregular_tuning().threshold bytes goes straight to the root).
#include "collscope/algorithms/gatherv.hpp"
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"
#include "irregular/irregular_plan.hpp"
#include "irregular/traff_call.hpp"

namespace collscope {

namespace {

using namespace detail;

/// Data rounds are numbered after the construction's: 2⌈log₂p⌉ + level.
int data_round(int level, int p) {
  return schedule::construction_rounds(p) + level;
}

struct Gatherv {
  const void* sendbuf;
  int sendcount;
  MPI_Datatype sendtype;
  void* recvbuf;
  const int* recvcounts;
  const int* displs;
  MPI_Datatype recvtype;
  int root;
  MPI_Comm comm;
};

int at_root(const Gatherv& g, const IrregularView& view,
            const schedule::IrregularOptions& options) {
  const int p = shape(g.comm).size;
  COLLSCOPE_TRY(place_own_block(g.sendbuf, g.sendcount, g.sendtype, g.recvbuf, g.recvcounts,
                                g.displs, g.recvtype, g.root));
  for (const TreeMessage& m :
       root_messages(view, g.recvcounts, g.recvtype, g.root, g.comm, options)) {
    if (m.bytes == 0) continue;
    const trace::Round round(data_round(m.level, p));
    const RootBlocks into(g.recvbuf, g.recvcounts, g.displs, g.recvtype, m.ranks);
    COLLSCOPE_TRY(into.status());
    COLLSCOPE_TRY(MPI_Recv(into.address(), into.count(), into.type(), m.peer, gatherv_tag, g.comm,
                           MPI_STATUS_IGNORE));
  }
  return MPI_SUCCESS;
}

int below_root(const Gatherv& g, const IrregularView& view, int rank) {
  const schedule::IrregularNode& node = view.node;
  if (node.bytes == 0) return MPI_SUCCESS; // nothing here, nothing below: no message
  const MPI_Datatype unit = unit_type(g.sendtype);
  const int p = shape(g.comm).size;
  const schedule::RankRange cube = schedule::cube_of(rank, node.level, p);
  const auto send_up = [&](const void* data, int count, MPI_Datatype type) {
    const trace::Round round(data_round(node.level, p));
    trace::blocks(cube.begin, cube.size(), 0, 0);
    return MPI_Send(data, count, type, node.parent, gatherv_tag, g.comm);
  };
  const std::int64_t own = bytes_of(g.sendcount, g.sendtype);
  if (own == node.bytes) return send_up(g.sendbuf, g.sendcount, g.sendtype); // a leaf

  std::int64_t own_offset = 0;
  const std::vector<TreeMessage> children = inner_messages(view, rank, own, own_offset);
  std::vector<char> held(static_cast<std::size_t>(node.bytes)); // units are predefined types
  COLLSCOPE_TRY(copy_block(g.sendbuf, g.sendcount, g.sendtype, held.data() + own_offset,
                           units_of(own, unit), unit));
  for (const TreeMessage& m : children) {
    if (m.bytes == 0) continue;
    const trace::Round round(data_round(m.level, p));
    COLLSCOPE_TRY(MPI_Recv(held.data() + m.offset, units_of(m.bytes, unit), unit, m.peer,
                           gatherv_tag, g.comm, MPI_STATUS_IGNORE));
  }
  return send_up(held.data(), units_of(node.bytes, unit), unit);
}

int gatherv(const Gatherv& g, const char* name, const schedule::IrregularOptions& options) {
  return on_irregular_tree(
      "gatherv", name, g.root, g.recvcounts, g.recvtype, g.sendcount, g.sendtype, g.comm, options,
      [&](const IrregularView& view) { return at_root(g, view, options); },
      [&](const IrregularView& view, int rank) { return below_root(g, view, rank); });
}

} // namespace

COLLSCOPE_ENTRY(gatherv, gatherv_traff,
                [](auto... mpi_args) { return gatherv({mpi_args...}, "traff", {}); })

COLLSCOPE_ENTRY(gatherv, gatherv_traff_lemma4, [](auto... mpi_args) {
  return gatherv({mpi_args...}, "traff-lemma4", {schedule::Estimate::total, 0});
})

COLLSCOPE_ENTRY(gatherv, gatherv_traff_degrade, [](auto... mpi_args) {
  return gatherv({mpi_args...}, "traff-degrade",
                 {schedule::Estimate::gather_time, irregular_tuning().threshold});
})

} // namespace collscope
