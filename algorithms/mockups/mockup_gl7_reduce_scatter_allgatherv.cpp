// GL7 (seeds/004 §3.1, Appendix A): MPI_Allreduce(n) ≤ MPI_Reduce_scatter(n) +
// MPI_Allgatherv(n). The vector is cut in chunks of C = 4 elements dealt to the ranks in order
// (schedule::chunked_split, PGMPITuneLib's C), reduced and scattered by the library's
// MPI_Reduce_scatter straight into each rank's place in recvbuf, then gathered on every rank by
// its MPI_Allgatherv in place. Extra memory: counts and displacements, 2p ints (Table 1).
//
//   n = 9, p = 2:  counts 5 4, displs 0 5:  rank 0 reduces [0, 5), rank 1 [5, 9) → allgatherv
//
// In place, MPI_Reduce_scatter leaves a rank's block at the start of recvbuf; it is moved to
// the rank's place (typed_copy copes with the overlap). Every rank gets the same bits.
// Rounds and cost: the library's (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "collscope/schedule/mockup.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_gl7(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allreduce", "gl7-reduce_scatter-allgatherv", -1, count, datatype,
                               comm);
  if (count == 0) return MPI_SUCCESS;
  const schedule::Split split = schedule::chunked_split(count, p);
  const int own = split.counts[std::size_t(rank)], place = split.displs[std::size_t(rank)];
  void* mine = at(recvbuf, place, extent_of(datatype));
  if (sendbuf == MPI_IN_PLACE) {
    COLLSCOPE_TRY(
        MPI_Reduce_scatter(MPI_IN_PLACE, recvbuf, split.counts.data(), datatype, op, comm));
    COLLSCOPE_TRY(typed_copy(recvbuf, own, datatype, mine, own, datatype));
  } else {
    COLLSCOPE_TRY(MPI_Reduce_scatter(sendbuf, mine, split.counts.data(), datatype, op, comm));
  }
  return MPI_Allgatherv(MPI_IN_PLACE, 0, datatype, recvbuf, split.counts.data(),
                        split.displs.data(), datatype, comm);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_gl7_reduce_scatter_allgatherv, unchecked_allreduce_gl7)

} // namespace collscope
