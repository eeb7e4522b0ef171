// Block-oblivious binomial irregular gather (seeds/000 §1, "fixed, block-size oblivious
// trees"): gather_binomial's tree over ranks shifted to the root, whatever the block sizes.
// A non-root does not know its children's sizes, so it probes each message before receiving
// it, and every edge carries a message, empty or not. The root knows every size and receives
// each subtree straight into place (an indexed datatype when the subtree's ranks wrap past
// p − 1 or the displacements are not contiguous).
//
//   p = 7, root 0:   round 0: 1→0 3→2 5→4    round 1: 2→0 6→4    round 2: 4→0
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α + β·Σ_{i≠r} m_i when blocks are equal, but a block travels
// once per level: only rank p − 1 (vrank) holding data, it takes ⌈log₂p⌉(α + β·Σ m), the
// worst case Träff's tree avoids.
#include "collscope/algorithms/gatherv.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/tree_parent.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope {

namespace {

using namespace detail;

/// The real ranks of vranks [first, first + size), in vrank order.
std::vector<int> subtree_ranks(int first, int size, int root, int p) {
  std::vector<int> ranks;
  for (int v = first; v < first + size; ++v) ranks.push_back(schedule::real_rank(v, root, p));
  return ranks;
}

int at_root(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
            const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
            MPI_Comm comm, int p) {
  COLLSCOPE_TRY(
      place_own_block(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root));
  for (const schedule::TreeEdge& child : schedule::preorder_children(0, p)) {
    const trace::Round round(child.round);
    const std::vector<int> ranks = subtree_ranks(child.vrank, child.subtree_size, root, p);
    const RootBlocks into(recvbuf, recvcounts, displs, recvtype, ranks);
    COLLSCOPE_TRY(into.status());
    COLLSCOPE_TRY(MPI_Recv(into.address(), into.count(), into.type(), ranks.front(), gatherv_tag,
                           comm, MPI_STATUS_IGNORE));
  }
  return MPI_SUCCESS;
}

} // namespace

namespace {

int unchecked_gatherv_binomial(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                               void* recvbuf, const int* recvcounts, const int* displs,
                               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const bool is_root = rank == root;
  const IrregularRegion region("gatherv", "binomial", root, recvcounts, recvtype, sendcount,
                               sendtype, comm);
  if (is_root) {
    return at_root(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                   p);
  }
  const int v = schedule::virtual_rank(rank, root, p);
  const TreeParent parent = binomial_parent(v, root, p, Toward::root);
  const auto send_up = [&](const void* data, int count, MPI_Datatype type) {
    return send_to_parent(parent, data, count, type, 0, gatherv_tag, comm);
  };
  const auto children = schedule::preorder_children(v, p);
  if (children.empty()) return send_up(sendbuf, sendcount, sendtype);

  // Own block first, then each child's subtree in vrank order, sizes learnt by probing.
  const MPI_Datatype unit = unit_type(sendtype);
  int unit_size = 0;
  MPI_Type_size(unit, &unit_size);
  std::vector<char> held(static_cast<std::size_t>(bytes_of(sendcount, sendtype)));
  COLLSCOPE_TRY(copy_block(sendbuf, sendcount, sendtype, held.data(),
                           units_of(bytes_of(sendcount, sendtype), unit), unit));
  for (const schedule::TreeEdge& child : children) {
    const trace::Round round(child.round);
    const int source = schedule::real_rank(child.vrank, root, p);
    MPI_Status status;
    COLLSCOPE_TRY(MPI_Probe(source, gatherv_tag, comm, &status));
    int units = 0;
    COLLSCOPE_TRY(MPI_Get_count(&status, unit, &units));
    const std::size_t offset = held.size();
    held.resize(offset + static_cast<std::size_t>(units) * unit_size);
    COLLSCOPE_TRY(
        MPI_Recv(held.data() + offset, units, unit, source, gatherv_tag, comm, MPI_STATUS_IGNORE));
  }
  return send_up(held.data(), static_cast<int>(held.size()) / unit_size, unit);
}

} // namespace

COLLSCOPE_ENTRY(gatherv, gatherv_binomial, unchecked_gatherv_binomial)

} // namespace collscope
