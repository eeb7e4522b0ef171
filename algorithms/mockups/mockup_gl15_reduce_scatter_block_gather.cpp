// GL15 (seeds/004 §3.1, Appendix A): MPI_Reduce(n) ≤ MPI_Reduce_scatter_block(n) +
// MPI_Gather(n). The vector is padded with c < p elements to a multiple of p, reduced and
// scattered in p equal blocks by the library's MPI_Reduce_scatter_block, the blocks gathered at
// the root by its MPI_Gather into the padded buffer, the first n elements copied out. Extra
// memory: the padded vector (n + c) and one block ((n + c)/p), Table 1.
//
//   n = 5, p = 3, c = 1:  [x x x x x c] → rank i reduces elements 2i, 2i+1 → gather at root
//
// The padding repeats each rank's first element (see GL6). Rounds and cost: the library's.
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_reduce_gl15(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce", "gl15-reduce_scatter_block-gather", root, count, datatype,
                               comm);
  if (count == 0) return MPI_SUCCESS;
  PaddedVector padded(count, p, datatype);
  if (padded.exceeds_int())
    return fell_back(MPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm));
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf; // in place: at the root only
  COLLSCOPE_TRY(padded.reduce_scatter(input, op, comm));
  const int block = padded.block();
  COLLSCOPE_TRY(
      MPI_Gather(padded.part(), block, datatype, padded.vector(), block, datatype, root, comm));
  return rank == root ? padded.copy_result(recvbuf) : MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_gl15_reduce_scatter_block_gather, unchecked_reduce_gl15)

} // namespace collscope
