// Direct alltoall for fully connected networks (seeds/001, "Direct alltoall, fully-connected
// network"): the own block is copied locally, then in round r every rank sends its block for
// rank + r + 1 and receives the block from rank − r − 1, both as one MPI_Sendrecv, so each
// round is a permutation and every link is used in both directions.
//
//   p = 4     round 0        round 1        round 2
//   rank 0    → 1  ← 3       → 2  ← 2       → 3  ← 1
//   rank 1    → 2  ← 0       → 3  ← 3       → 0  ← 2
//
// Rounds: p − 1.  Cost: (p − 1)(α + βm/p), m the data a rank sends (p blocks): optimal in
// the β term ((p − 1)/p·m must leave every rank), p − 1 times the latency.
#include "alltoall/alltoall_parts.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_alltoall_direct(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoall", "direct", -1, recvcount, recvtype, comm);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const AlltoallInput input(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p);
  COLLSCOPE_TRY(input.status());
  const MPI_Aint send_extent = extent_of(input.type()), recv_extent = extent_of(recvtype);
  const auto out = [&](int j) {
    return at(input.data(), std::int64_t{j} * input.count(), send_extent);
  };
  const auto in = [&](int j) { return at(recvbuf, std::int64_t{j} * recvcount, recv_extent); };
  COLLSCOPE_TRY(typed_copy(out(rank), input.count(), input.type(), in(rank), recvcount, recvtype));
  for (int r = 0; r + 1 < p; ++r) {
    const schedule::PairStep step = schedule::direct_alltoall_step(rank, p, r);
    const trace::Round round(r);
    trace::blocks(rank, 1, 0, recvcount);
    COLLSCOPE_TRY(swap_blocks({out(step.send_to), input.count(), input.type(), step.send_to},
                              {in(step.recv_from), recvcount, recvtype, step.recv_from},
                              alltoall_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace

int alltoall_direct(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm user_comm) {
  return detail::guarded(
      user_comm,
      detail::check_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, user_comm),
      [&](MPI_Comm comm) {
        return unchecked_alltoall_direct(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                         comm);
      });
}

} // namespace collscope
