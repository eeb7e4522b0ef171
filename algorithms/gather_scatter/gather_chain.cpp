// Linear-array gather, the linear-array scatter run backwards (seeds/001, "Linear-array
// scatter", "The “Van de Geijn” implementations"): along the chain root, root + 1, …, root − 1
// (virtual ranks v = rank − root) every rank sends its own block towards the root in round 0,
// then passes on the blocks of v + 1, …, p − 1 one per round as they arrive (a send-receive
// of the block it holds against the next one). The root receives every block straight into its
// rank-order place.
//
//   p = 4, root 0:  round 0: 1→0 [1] 2→1 [2] 3→2 [3]   round 1: 1→0 [2] 2→1 [3]   round 2: 1→0 [3]
//
// Rounds: p − 1.  Cost: (p − 1)α + (p − 1)/p·βm, as the chain scatter.
#include "collscope/algorithms/gather.hpp"
#include "collscope/schedule/block_exchange.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"

#include <optional>

namespace collscope {

namespace {

int unchecked_gather_chain(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool at_root = rank == root;
  const AlgorithmRegion region("gather", "chain", root, at_root ? recvcount : sendcount,
                               at_root ? recvtype : sendtype, comm);
  if (at_root ? carries_no_data(recvcount, recvtype) : carries_no_data(sendcount, sendtype))
    return MPI_SUCCESS;
  const auto exchanges = schedule::chain_gather_exchanges(rank, root, p);
  if (at_root) {
    const MPI_Aint extent = extent_of(recvtype);
    COLLSCOPE_TRY(
        place_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root));
    for (const schedule::BlockExchange& e : exchanges) {
      const trace::Round round(e.round);
      COLLSCOPE_TRY(MPI_Recv(at(recvbuf, std::int64_t{e.recv_first} * recvcount, extent), recvcount,
                             recvtype, e.recv_from, gather_tag, comm, MPI_STATUS_IGNORE));
    }
    return MPI_SUCCESS;
  }
  // One block in flight: the rank's own from sendbuf, then the ones passing through.
  std::optional<TempBuffer> held;
  if (exchanges.size() > 1) held.emplace(sendcount, sendtype);
  for (const schedule::BlockExchange& e : exchanges) {
    const trace::Round round(e.round);
    trace::blocks(e.send_first, 1, 0, sendcount);
    const bool own = e.send_first == rank;
    if (e.recv_from >= 0 && own) {
      COLLSCOPE_TRY(MPI_Sendrecv(sendbuf, sendcount, sendtype, e.send_to, gather_tag, held->data(),
                                 sendcount, sendtype, e.recv_from, gather_tag, comm,
                                 MPI_STATUS_IGNORE));
    } else if (e.recv_from >= 0) {
      COLLSCOPE_TRY(MPI_Sendrecv_replace(held->data(), sendcount, sendtype, e.send_to, gather_tag,
                                         e.recv_from, gather_tag, comm, MPI_STATUS_IGNORE));
    } else {
      COLLSCOPE_TRY(
          MPI_Send(own ? sendbuf : held->data(), sendcount, sendtype, e.send_to, gather_tag, comm));
    }
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_chain, unchecked_gather_chain)

} // namespace collscope
