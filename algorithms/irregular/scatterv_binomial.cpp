// Block-oblivious binomial irregular scatter: scatter_binomial's tree over ranks shifted to
// the root, whatever the block sizes. Only the root knows the sizes, so every edge first
// carries the subtree's block sizes (one 64-bit integer per rank), then its blocks in vrank
// order; the root sends each subtree straight from its place in the send buffer.
//
//   p = 7, root 0:   round 0: 0→4 [4,7)    round 1: 0→2 [2,4) 4→6    round 2: 0→1 2→3 4→5
//
// Rounds: ⌈log₂p⌉ (two messages each).  Cost: 2⌈log₂p⌉α + β·Σ_{i≠r} m_i + 8β(p − 1) for
// equal blocks; up to ⌈log₂p⌉(2α + β·Σ m) when one far rank has all the data.
#include "collscope/algorithms/scatterv.hpp"
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/tree_parent.hpp"
#include "irregular/irregular_layout.hpp"

#include <numeric>
#include <ranges>

namespace collscope {

namespace {

using namespace detail;

int from_root(const void* sendbuf, const int* sendcounts, const int* displs, MPI_Datatype sendtype,
              void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, int p) {
  for (const schedule::TreeEdge& child : schedule::preorder_children(0, p) | std::views::reverse) {
    const trace::Round round(schedule::preorder_topdown_round(child.vrank, p));
    std::vector<int> ranks;
    std::vector<std::int64_t> sizes;
    for (int v = child.vrank; v < child.vrank + child.subtree_size; ++v) {
      ranks.push_back(schedule::real_rank(v, root, p));
      sizes.push_back(bytes_of(sendcounts[ranks.back()], sendtype));
    }
    const RootBlocks from(sendbuf, sendcounts, displs, sendtype, ranks);
    COLLSCOPE_TRY(from.status());
    COLLSCOPE_TRY(MPI_Send(sizes.data(), static_cast<int>(sizes.size()), MPI_INT64_T, ranks.front(),
                           scatterv_tag, comm));
    trace::blocks(ranks.front(), child.subtree_size, 0, 0);
    COLLSCOPE_TRY(
        MPI_Send(from.address(), from.count(), from.type(), ranks.front(), scatterv_tag, comm));
  }
  return keep_own_block(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root);
}

} // namespace

namespace {

int unchecked_scatterv_binomial(const void* sendbuf, const int* sendcounts, const int* displs,
                                MPI_Datatype sendtype, void* recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const bool is_root = rank == root;
  const IrregularRegion region("scatterv", "binomial", root, sendcounts, sendtype, recvcount,
                               recvtype, comm);
  if (is_root) {
    return from_root(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                     comm, p);
  }
  const int v = schedule::virtual_rank(rank, root, p);
  const TreeParent parent = binomial_parent(v, root, p, Toward::leaves);
  std::vector<std::int64_t> sizes(static_cast<std::size_t>(parent.subtree));
  const auto children = schedule::preorder_children(v, p);
  const MPI_Datatype unit = unit_type(recvtype);
  std::vector<char> held;
  {
    const trace::Round round(parent.round);
    COLLSCOPE_TRY(MPI_Recv(sizes.data(), parent.subtree, MPI_INT64_T, parent.rank, scatterv_tag,
                           comm, MPI_STATUS_IGNORE));
    if (children.empty())
      return MPI_Recv(recvbuf, recvcount, recvtype, parent.rank, scatterv_tag, comm,
                      MPI_STATUS_IGNORE);
    held.resize(static_cast<std::size_t>(std::accumulate(sizes.begin(), sizes.end(), 0LL)));
    COLLSCOPE_TRY(MPI_Recv(held.data(), units_of(static_cast<std::int64_t>(held.size()), unit),
                           unit, parent.rank, scatterv_tag, comm, MPI_STATUS_IGNORE));
  }
  // Vrank v + i's block starts after the blocks of v … v + i − 1.
  std::vector<std::int64_t> offset(sizes.size() + 1, 0);
  std::partial_sum(sizes.begin(), sizes.end(), offset.begin() + 1);
  for (const schedule::TreeEdge& child : children | std::views::reverse) {
    const trace::Round round(schedule::preorder_topdown_round(child.vrank, p));
    const int first = child.vrank - v, last = first + child.subtree_size;
    const int to = schedule::real_rank(child.vrank, root, p);
    COLLSCOPE_TRY(
        MPI_Send(sizes.data() + first, child.subtree_size, MPI_INT64_T, to, scatterv_tag, comm));
    trace::blocks(to, child.subtree_size, 0, 0);
    COLLSCOPE_TRY(MPI_Send(held.data() + offset[first],
                           units_of(offset[last] - offset[first], unit), unit, to, scatterv_tag,
                           comm));
  }
  return copy_block(held.data(), units_of(sizes[0], unit), unit, recvbuf, recvcount, recvtype);
}

} // namespace

COLLSCOPE_ENTRY(scatterv, scatterv_binomial, unchecked_scatterv_binomial)

} // namespace collscope
