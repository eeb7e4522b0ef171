// Direct alltoallv: the direct alltoall (seeds/001, "Direct alltoall, fully-connected
// network") on blocks of any size, each sent from and received into its own displacement;
// a pair whose block is empty skips that half of the round (both know the size: MPI requires
// sendcounts[j] on i to match recvcounts[i] on j).
//
//   round r: rank i sends its block for i + r + 1, receives the block of i − r − 1
//
// Rounds: p − 1.  Cost: Σ_r (α + β·max_i m_{i,i+r+1}) ≤ (p − 1)α + βm, m all blocks' bytes.
#include "alltoall/pairwise_exchange.hpp"
#include "collscope/algorithms/alltoallv.hpp"
#include "common/contract.hpp"

namespace collscope {

int alltoallv_direct(const void* sendbuf, const int* sendcounts, const int* sdispls,
                     MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                     const int* rdispls, MPI_Datatype recvtype, MPI_Comm user_comm) {
  return detail::guarded_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                   rdispls, recvtype, user_comm, [](auto... mpi_args) {
                                     return detail::pairwise_alltoallv(detail::direct_pairs,
                                                                       mpi_args...);
                                   });
}

} // namespace collscope
