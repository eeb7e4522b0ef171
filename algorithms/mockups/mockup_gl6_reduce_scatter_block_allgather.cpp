// GL6 (seeds/004 §3.1, Appendix A): MPI_Allreduce(n) ≤ MPI_Reduce_scatter_block(n) +
// MPI_Allgather(n). The vector is padded with c < p elements to a multiple of p, reduced and
// scattered in p equal blocks by the library's MPI_Reduce_scatter_block, gathered back on every
// rank by its MPI_Allgather, and its first n elements copied out. Extra memory: the padded
// vector (n + c) and one block ((n + c)/p), Table 1.
//
//   n = 5, p = 3, c = 1:  [x x x x x c] → rank i reduces elements 2i, 2i+1 → allgather → [r r r r
//   r]
//
// The padding repeats each rank's first element, as PGMPITuneLib does: an op sees only values
// of the user's (a user's op may reject zeros); its results are dropped. Operand order is the
// library's reduce_scatter_block's, which MPI makes rank order. Every rank gets the same bits.
// Rounds and cost: the library's (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_gl6(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allreduce", "gl6-reduce_scatter_block-allgather", -1, count,
                               datatype, comm);
  if (count == 0) return MPI_SUCCESS;
  PaddedVector padded(count, p, datatype);
  if (padded.exceeds_int())
    return fell_back(MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm));
  COLLSCOPE_TRY(padded.reduce_scatter(sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, op, comm));
  const int block = padded.block();
  COLLSCOPE_TRY(
      MPI_Allgather(padded.part(), block, datatype, padded.vector(), block, datatype, comm));
  return padded.copy_result(recvbuf);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_gl6_reduce_scatter_block_allgather, unchecked_allreduce_gl6)

} // namespace collscope
