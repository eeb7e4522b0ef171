// Linear irregular scatter, as Open MPI and MPICH implement MPI_Scatterv (seeds/000 §1): the
// root sends the non-empty blocks one by one in rank order, each straight from its
// displacement; a rank with an empty block receives nothing.
//
//   round:   0      1      2           p = 4, root 0
//           0→1    0→2    0→3
//
// Rounds: p − 1.  Cost: (p − 1)α + β·Σ_{i≠r} m_i (fewer α for empty blocks).
#include "collscope/algorithms/scatterv.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope {

namespace {

int unchecked_scatterv_linear(const void* sendbuf, const int* sendcounts, const int* displs,
                              MPI_Datatype sendtype, void* recvbuf, int recvcount,
                              MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool is_root = rank == root;
  const IrregularRegion region("scatterv", "linear", root, sendcounts, sendtype, recvcount,
                               recvtype, comm);
  const auto round_of = [root](int r) { return r < root ? r : r - 1; };
  if (!is_root) {
    if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
    const trace::Round round(round_of(rank));
    return MPI_Recv(recvbuf, recvcount, recvtype, root, scatterv_tag, comm, MPI_STATUS_IGNORE);
  }
  const MPI_Aint extent = extent_of(sendtype);
  for (int r = 0; r < p; ++r) {
    const char* slot = at(sendbuf, displs[r], extent);
    if (r != root) {
      if (carries_no_data(sendcounts[r], sendtype)) continue;
      const trace::Round round(round_of(r));
      trace::blocks(r, 1, 0, 0);
      COLLSCOPE_TRY(MPI_Send(slot, sendcounts[r], sendtype, r, scatterv_tag, comm));
    } else if (recvbuf != MPI_IN_PLACE) {
      COLLSCOPE_TRY(copy_block(slot, sendcounts[r], sendtype, recvbuf, recvcount, recvtype));
    }
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(scatterv, scatterv_linear, unchecked_scatterv_linear)

} // namespace collscope
