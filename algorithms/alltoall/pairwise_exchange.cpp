#include "alltoall/pairwise_exchange.hpp"

#include "alltoall/alltoall_parts.hpp"
#include "collscope/schedule/cost.hpp"
#include "common/annotate.hpp"
#include "irregular/irregular_layout.hpp"

namespace collscope::detail {

namespace {

schedule::PairStep one_factor_step(int rank, int p, int r) {
  const int partner = schedule::one_factor_partner(rank, p, r); // < 0: the idle rank of odd p
  return {partner, partner};
}

} // namespace

const PairSchedule direct_pairs{"direct", schedule::linear_rounds, schedule::direct_alltoall_step};
const PairSchedule one_factor_pairs{"one-factor", schedule::one_factor_rounds, one_factor_step};

int pairwise_alltoall(const PairSchedule& pairs, const void* sendbuf, int sendcount,
                      MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                      MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoall", pairs.name, -1, recvcount, recvtype, comm);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const AlltoallBlocks blocks(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p);
  COLLSCOPE_TRY(blocks.status());
  COLLSCOPE_TRY(blocks.keep_own(rank));
  for (int r = 0; r < pairs.rounds(p); ++r) {
    const schedule::PairStep step = pairs.step(rank, p, r);
    if (step.send_to < 0) continue;
    const trace::Round round(r);
    trace::blocks(rank, 1, 0, recvcount);
    COLLSCOPE_TRY(swap_blocks(blocks.send_half(step.send_to), blocks.recv_half(step.recv_from),
                              alltoall_tag, comm));
  }
  return MPI_SUCCESS;
}

int pairwise_alltoallv(const PairSchedule& pairs, const void* sendbuf, const int* sendcounts,
                       const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
                       const int* recvcounts, const int* rdispls, MPI_Datatype recvtype,
                       MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoallv", pairs.name, -1, recvcounts[rank], recvtype, comm);
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
  for (int r = 0; r < pairs.rounds(p); ++r) {
    const schedule::PairStep step = pairs.step(rank, p, r);
    if (step.send_to < 0) continue;
    const trace::Round round(r);
    trace::blocks(rank, 1, 0, 0);
    COLLSCOPE_TRY(swap_blocks(out(step.send_to), in(step.recv_from), alltoallv_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace collscope::detail
