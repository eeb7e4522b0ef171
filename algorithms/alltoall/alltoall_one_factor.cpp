// One-factor ("telephone exchange") alltoall (seeds/001, "Telephone exchange algorithm
// (1-factoring)" and the 1-factorization lemma): the complete graph on p ranks split into
// matchings; in each round every rank swaps blocks with its one partner, so a round uses
// each rank's link once, in both directions. For even p the lecture's circle construction
// (rank p − 1 at the centre) gives p − 1 rounds; for odd p the construction for p + 1 is
// used and whoever meets the virtual rank p idles that round: p rounds.
//
//   p = 6   round 0: 0–5 1–4 2–3   round 1: 1–5 0–2 3–4   round 2: 2–5 1–3 0–4
//           round 3: 3–5 2–4 0–1   round 4: 4–5 0–3 1–2
//   p = 5   as p = 6 with rank 5 gone: round i leaves rank i idle
//
// Rounds: p − 1 (p even), p (p odd).  Cost: (2⌈p/2⌉ − 1)(α + βm/p).
#include "alltoall/alltoall_parts.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_alltoall_one_factor(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                  void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                  MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("alltoall", "one-factor", -1, recvcount, recvtype, comm);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  const AlltoallInput input(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p);
  COLLSCOPE_TRY(input.status());
  const MPI_Aint send_extent = extent_of(input.type()), recv_extent = extent_of(recvtype);
  const auto out = [&](int j) {
    return at(input.data(), std::int64_t{j} * input.count(), send_extent);
  };
  const auto in = [&](int j) { return at(recvbuf, std::int64_t{j} * recvcount, recv_extent); };
  COLLSCOPE_TRY(typed_copy(out(rank), input.count(), input.type(), in(rank), recvcount, recvtype));
  for (int r = 0; r < schedule::one_factor_rounds(p); ++r) {
    const int partner = schedule::one_factor_partner(rank, p, r);
    if (partner < 0) continue; // the idle rank of an odd p
    const trace::Round round(r);
    trace::blocks(rank, 1, 0, recvcount);
    COLLSCOPE_TRY(swap_blocks({out(partner), input.count(), input.type(), partner},
                              {in(partner), recvcount, recvtype, partner}, alltoall_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace

int alltoall_one_factor(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        int recvcount, MPI_Datatype recvtype, MPI_Comm user_comm) {
  return detail::guarded(
      user_comm,
      detail::check_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, user_comm),
      [&](MPI_Comm comm) {
        return unchecked_alltoall_one_factor(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                             recvtype, comm);
      });
}

} // namespace collscope
