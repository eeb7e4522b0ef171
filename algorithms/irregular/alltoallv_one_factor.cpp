// One-factor alltoallv: the one-factor alltoall (seeds/001, "Telephone exchange algorithm
// (1-factoring)") on blocks of any size, each sent from and received into its own displacement;
// a pair whose block is empty skips that half of the round (both know the size: MPI requires
// sendcounts[j] on i to match recvcounts[i] on j).
//
//   round r: rank i swaps blocks with its partner of the r-th 1-factor (odd p: one rank idles)
//
// Rounds: p − 1 (p even), p (p odd).  Cost: Σ_r (α + β·the round's largest block)
// ≤ (2⌈p/2⌉ − 1)α + βm, m all blocks' bytes.
#include "alltoall/alltoall_parts.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope {

namespace {

int unchecked_alltoallv_one_factor(const void* sendbuf, const int* sendcounts, const int* sdispls,
                                   MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                                   const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoallv", "one-factor", -1, recvcounts[rank], recvtype, comm);
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
  for (int r = 0; r < schedule::one_factor_rounds(p); ++r) {
    const int partner = schedule::one_factor_partner(rank, p, r);
    if (partner < 0) continue; // the idle rank of an odd p
    const trace::Round round(r);
    trace::blocks(rank, 1, 0, 0);
    COLLSCOPE_TRY(swap_blocks(out(partner), in(partner), alltoallv_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace

int alltoallv_one_factor(const void* sendbuf, const int* sendcounts, const int* sdispls,
                         MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                         const int* rdispls, MPI_Datatype recvtype, MPI_Comm user_comm) {
  return detail::guarded(user_comm,
                         detail::check_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                                                 recvcounts, rdispls, recvtype, user_comm),
                         [&](MPI_Comm comm) {
                           return unchecked_alltoallv_one_factor(sendbuf, sendcounts, sdispls,
                                                                 sendtype, recvbuf, recvcounts,
                                                                 rdispls, recvtype, comm);
                         });
}

} // namespace collscope
