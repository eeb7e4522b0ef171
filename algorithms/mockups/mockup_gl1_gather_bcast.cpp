// GL1 (seeds/004 §3.1, Appendix A): MPI_Allgather(n) ≤ MPI_Gather(n) + MPI_Bcast(n). The
// mock-up gathers the p blocks to rank 0 with the library's MPI_Gather, then broadcasts the
// whole row from rank 0 with its MPI_Bcast. Extra memory: none (Table 1).
//
//   p = 4:  MPI_Gather to 0: 1→0 2→0 3→0 (the library's tree)   MPI_Bcast of 4 blocks from 0
//
// Rounds and cost: those of the library's gather and broadcast (the registry has no formula).
// In place, a rank's block is already at its place in recvbuf: rank 0 gathers MPI_IN_PLACE,
// the others send that block.
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_allgather_gl1(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgather", "gl1-gather-bcast", -1, recvcount, recvtype, comm);
  // The row's bytes are the same on every rank (type signatures match), so all decide alike.
  if (row_exceeds_int(p, recvcount, recvtype))
    return fell_back(
        MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
  const void* own = sendbuf;
  if (sendbuf == MPI_IN_PLACE) {
    own = rank == mockup_root ? MPI_IN_PLACE
                              : at(recvbuf, std::int64_t(rank) * recvcount, extent_of(recvtype));
    sendcount = recvcount;
    sendtype = recvtype;
  }
  COLLSCOPE_TRY(
      MPI_Gather(own, sendcount, sendtype, recvbuf, recvcount, recvtype, mockup_root, comm));
  return MPI_Bcast(recvbuf, p * recvcount, recvtype, mockup_root, comm);
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_gl1_gather_bcast, unchecked_allgather_gl1)

} // namespace collscope
