// Linear irregular gather, as Open MPI, MPICH and SimGrid implement MPI_Gatherv (seeds/000
// §1): the root receives the non-empty blocks one by one in rank order, each straight to its
// displacement; a rank with an empty block sends nothing.
//
//   round:   0      1      2           p = 4, root 0
//           1→0    2→0    3→0
//
// Rounds: p − 1.  Cost: (p − 1)α + β·Σ_{i≠r} m_i (fewer α for empty blocks). No tree to build
// and no block forwarded, which wins for few, large blocks (the two-blocks problem).
#include "collscope/algorithms/gatherv.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope {

namespace {

int unchecked_gatherv_linear(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, const int* recvcounts, const int* displs,
                             MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool is_root = rank == root;
  const IrregularRegion region("gatherv", "linear", root, recvcounts, recvtype, sendcount, sendtype,
                               comm);
  const auto round_of = [root](int r) { return r < root ? r : r - 1; };
  if (!is_root) {
    if (carries_no_data(sendcount, sendtype)) return MPI_SUCCESS;
    const trace::Round round(round_of(rank));
    trace::blocks(rank, 1, 0, 0);
    return MPI_Send(sendbuf, sendcount, sendtype, root, gatherv_tag, comm);
  }
  const MPI_Aint extent = extent_of(recvtype);
  for (int r = 0; r < p; ++r) {
    char* slot = at(recvbuf, displs[r], extent);
    if (r != root) {
      if (carries_no_data(recvcounts[r], recvtype)) continue;
      const trace::Round round(round_of(r));
      COLLSCOPE_TRY(
          MPI_Recv(slot, recvcounts[r], recvtype, r, gatherv_tag, comm, MPI_STATUS_IGNORE));
    } else if (sendbuf != MPI_IN_PLACE) {
      COLLSCOPE_TRY(copy_block(sendbuf, sendcount, sendtype, slot, recvcounts[r], recvtype));
    }
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(gatherv, gatherv_linear, unchecked_gatherv_linear)

} // namespace collscope
