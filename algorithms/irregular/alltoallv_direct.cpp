// Direct alltoallv: the direct alltoall (seeds/001, "Direct alltoall, fully-connected
// network") on blocks of any size, each sent from and received into its own displacement;
// a pair whose block is empty skips that half of the round (both know the size: MPI requires
// sendcounts[j] on i to match recvcounts[i] on j).
//
//   round r: rank i sends its block for i + r + 1, receives the block of i − r − 1
//
// Rounds: p − 1.  Cost: Σ_r (α + β·max_i m_{i,i+r+1}) ≤ (p − 1)α + βm, m all blocks' bytes.
#include "alltoall/alltoall_parts.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope {

namespace {

int unchecked_alltoallv_direct(const void* sendbuf, const int* sendcounts, const int* sdispls,
                               MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                               const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoallv", "direct", -1, recvcounts[rank], recvtype, comm);
  meta_counts(recvcounts, p);
  const AlltoallInput input(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                            recvtype, p);
  COLLSCOPE_TRY(input.status());
  const MPI_Aint send_extent = extent_of(input.type()), recv_extent = extent_of(recvtype);
  const auto out = [&](int j) {
    return Half{at(input.data(), input.displs()[j], send_extent), input.counts()[j], input.type(),
                j};
  };
  const auto in = [&](int j) {
    return Half{at(recvbuf, rdispls[j], recv_extent), recvcounts[j], recvtype, j};
  };
  const Half own = out(rank), mine = in(rank);
  COLLSCOPE_TRY(typed_copy(own.data, own.count, own.type, const_cast<void*>(mine.data), mine.count,
                           mine.type));
  for (int r = 0; r + 1 < p; ++r) {
    const schedule::PairStep step = schedule::direct_alltoall_step(rank, p, r);
    const trace::Round round(r);
    trace::blocks(rank, 1, 0, 0);
    COLLSCOPE_TRY(swap_blocks(out(step.send_to), in(step.recv_from), alltoallv_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace

int alltoallv_direct(const void* sendbuf, const int* sendcounts, const int* sdispls,
                     MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                     const int* rdispls, MPI_Datatype recvtype, MPI_Comm user_comm) {
  return detail::guarded(user_comm,
                         detail::check_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                                                 recvcounts, rdispls, recvtype, user_comm),
                         [&](MPI_Comm comm) {
                           return unchecked_alltoallv_direct(sendbuf, sendcounts, sdispls, sendtype,
                                                             recvbuf, recvcounts, rdispls, recvtype,
                                                             comm);
                         });
}

} // namespace collscope
