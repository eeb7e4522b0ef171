// Linear-array scatter (seeds/001, "Linear-array scatter"; "The “Van de Geijn”
// implementations": linear-array algorithms for large problems): the ranks form a chain
// root, root + 1, …, root − 1 (virtual ranks v = rank − root). The root sends the blocks of
// v = p − 1, p − 2, …, 1 to v = 1, one per round; every other rank receives into its receive
// buffer and, as the lecture's MPI_Sendrecv_replace loop does, passes the block it holds on to
// v + 1 while receiving the next, so the last block it receives is its own.
//
//   p = 4, root 0:  round 0: 0→1 [3]   round 1: 0→1 [2] 1→2 [3]   round 2: 0→1 [1] 1→2 [2] 2→3 [3]
//
// Rounds: p − 1.  Cost: (p − 1)(α + βm/p) = (p − 1)α + (p − 1)/p·βm: optimal in β, linear in α
// (1-ported, bidirectional send-receive communication).
#include "collscope/algorithms/scatter.hpp"
#include "collscope/schedule/block_exchange.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"

namespace collscope {

namespace {

int unchecked_scatter_chain(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool at_root = rank == root;
  const AlgorithmRegion region("scatter", "chain", root, at_root ? sendcount : recvcount,
                               at_root ? sendtype : recvtype, comm);
  if (at_root ? carries_no_data(sendcount, sendtype) : carries_no_data(recvcount, recvtype))
    return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(sendtype);
  for (const schedule::BlockExchange& e : schedule::chain_scatter_exchanges(rank, root, p)) {
    const trace::Round round(e.round);
    if (e.send_to >= 0) trace::blocks(e.send_first, 1, 0, at_root ? sendcount : recvcount);
    if (at_root) {
      COLLSCOPE_TRY(MPI_Send(at(sendbuf, std::int64_t{e.send_first} * sendcount, extent), sendcount,
                             sendtype, e.send_to, scatter_tag, comm));
    } else if (e.send_to >= 0) {
      COLLSCOPE_TRY(MPI_Sendrecv_replace(recvbuf, recvcount, recvtype, e.send_to, scatter_tag,
                                         e.recv_from, scatter_tag, comm, MPI_STATUS_IGNORE));
    } else {
      COLLSCOPE_TRY(MPI_Recv(recvbuf, recvcount, recvtype, e.recv_from, scatter_tag, comm,
                             MPI_STATUS_IGNORE));
    }
  }
  if (!at_root) return MPI_SUCCESS;
  return keep_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
}

} // namespace

COLLSCOPE_ENTRY(scatter, scatter_chain, unchecked_scatter_chain)

} // namespace collscope
