// GL11 (seeds/004 §3.1, Appendix A): MPI_Gather(n) ≤ MPI_Allgather(n). The library's
// MPI_Allgather behind MPI_Gather's interface: the root receives into recvbuf, every other rank
// into a buffer of p·n it then drops. Extra memory: none on the root, pn elsewhere (Table 1).
//
// The receive side of MPI_Gather is significant at the root only, so the other ranks receive in
// their send type (same signature). A root in place sends a copy of its block (n more there):
// MPI_Allgather takes MPI_IN_PLACE only on every rank. Rounds and cost: the library's.
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_gather_gl11(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool at_root = rank == root;
  const AlgorithmRegion region("gather", "gl11-allgather", root, at_root ? recvcount : sendcount,
                               at_root ? recvtype : sendtype, comm);
  if (!at_root) {
    TempBuffer dropped(std::int64_t(p) * sendcount, sendtype);
    return MPI_Allgather(sendbuf, sendcount, sendtype, dropped.data(), sendcount, sendtype, comm);
  }
  if (sendbuf != MPI_IN_PLACE)
    return MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  TempBuffer own(recvcount, recvtype);
  COLLSCOPE_TRY(typed_copy(at(recvbuf, std::int64_t(rank) * recvcount, extent_of(recvtype)),
                           recvcount, recvtype, own.data(), recvcount, recvtype));
  return MPI_Allgather(own.data(), recvcount, recvtype, recvbuf, recvcount, recvtype, comm);
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_gl11_allgather, unchecked_gather_gl11)

} // namespace collscope
