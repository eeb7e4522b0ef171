// GL5 (seeds/004 §3.1, Appendix A): MPI_Allreduce(n) ≤ MPI_Reduce(n) + MPI_Bcast(n). The
// library's MPI_Reduce to rank 0, then its MPI_Bcast from rank 0. Extra memory: none (Table 1).
// The library's reduce keeps MPI's operand order, so non-commutative ops are fine; every rank
// gets rank 0's bits (floating point included).
// Rounds and cost: the library's reduce and broadcast (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_gl5(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allreduce", "gl5-reduce-bcast", -1, count, datatype, comm);
  const bool root = rank == mockup_root;
  // MPI_Reduce takes MPI_IN_PLACE at the root only; elsewhere the input is in recvbuf, and the
  // receive buffer is not significant.
  const void* input = sendbuf == MPI_IN_PLACE && !root ? recvbuf : sendbuf;
  COLLSCOPE_TRY(
      MPI_Reduce(input, root ? recvbuf : nullptr, count, datatype, op, mockup_root, comm));
  return MPI_Bcast(recvbuf, count, datatype, mockup_root, comm);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_gl5_reduce_bcast, unchecked_allreduce_gl5)

} // namespace collscope
