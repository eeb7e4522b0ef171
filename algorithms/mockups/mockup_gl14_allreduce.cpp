// GL14 (seeds/004 §3.1, Appendix A): MPI_Reduce(n) ≤ MPI_Allreduce(n). The library's
// MPI_Allreduce; every rank but the root receives into a buffer of n it then drops. Extra
// memory: n on the ranks other than the root (Table 1), and n at a root in place (MPI_Allreduce
// takes MPI_IN_PLACE only on every rank, and the others do not know the root's choice).
// Rounds and cost: the library's allreduce (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_reduce_gl14(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce", "gl14-allreduce", root, count, datatype, comm);
  if (rank != root) {
    TempBuffer dropped(count, datatype);
    return MPI_Allreduce(sendbuf, dropped.data(), count, datatype, op, comm);
  }
  if (sendbuf != MPI_IN_PLACE) return MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
  TempBuffer input(count, datatype);
  COLLSCOPE_TRY(typed_copy(recvbuf, count, datatype, input.data(), count, datatype));
  return MPI_Allreduce(input.data(), recvbuf, count, datatype, op, comm);
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_gl14_allreduce, unchecked_reduce_gl14)

} // namespace collscope
