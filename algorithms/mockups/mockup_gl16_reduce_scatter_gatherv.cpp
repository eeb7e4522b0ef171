// GL16 (seeds/004 §3.1, Appendix A): MPI_Reduce(n) ≤ MPI_Reduce_scatter(n) + MPI_Gatherv(n).
// The vector is cut in chunks of C = 4 elements dealt to the ranks in order (as GL7), reduced
// and scattered by the library's MPI_Reduce_scatter into a buffer of the rank's block, and the
// blocks gathered at the root by its MPI_Gatherv straight into recvbuf. No padding. Extra
// memory: one block, (⌊n/(Cp)⌋ + 1)·C, and counts and displacements, 2p ints (Table 1).
//
//   n = 9, p = 2:  counts 5 4:  rank 0 reduces [0, 5), rank 1 [5, 9) → gatherv at the root
//
// A root in place reads its input from recvbuf, which the gatherv overwrites only after the
// reduce-scatter has returned. Rounds and cost: the library's (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "collscope/schedule/mockup.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <algorithm>

namespace collscope {

namespace {

int unchecked_reduce_gl16(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce", "gl16-reduce_scatter-gatherv", root, count, datatype,
                               comm);
  if (count == 0) return MPI_SUCCESS;
  const schedule::Split split = schedule::chunked_split(count, p);
  const int own = split.counts[std::size_t(rank)];
  // One element at least: SMPI's MPI_Reduce_scatter rejects a NULL receive buffer (and then
  // crashes) on a rank whose block is empty.
  TempBuffer part(std::max(own, 1), datatype);
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf; // in place: at the root only
  COLLSCOPE_TRY(MPI_Reduce_scatter(input, part.data(), split.counts.data(), datatype, op, comm));
  return MPI_Gatherv(part.data(), own, datatype, recvbuf, split.counts.data(), split.displs.data(),
                     datatype, root, comm);
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_gl16_reduce_scatter_gatherv, unchecked_reduce_gl16)

} // namespace collscope
