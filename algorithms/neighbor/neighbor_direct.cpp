// Direct neighbourhood allgather and alltoall (seeds/001, "MPI sparse collective interfaces",
// "MPI_Neighbor_allgather(v)", "MPI_Neighbor_alltoall(v,w)"): every rank posts one receive per
// source and one send per destination at once, then waits for all of them.
//
//   5-point stencil, rank r        9-point stencil: the same with the 4 diagonals
//        ↑ ↓                       8 messages out, 8 in, all in round 0
//   ← →  r  ← →
//        ↑ ↓
//
// Rounds: 1 (everything posted at once).  Cost (one-ported α-β, a rank's s sends one after
// the other): s(α + βm), s the out-degree, m one block's bytes.
// Matching, as Open MPI's coll basic: on a Cartesian communicator each receive block has a tag
// of its own (the block sent to the −1 neighbour is received as the +1 block, even when both
// neighbours are one rank: an extent of 2 or 1); on graphs one tag, so the k-th message from r
// to q fills the k-th block q receives from r (MPI's order of edges).
#include "collscope/algorithms/neighbor.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "neighbor/neighbor_parts.hpp"
#include "neighbor/neighbor_topology.hpp"

namespace collscope {

namespace detail {

int neighbor_direct(bool alltoall, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                    void* recvbuf, int recvcount, MPI_Datatype recvtype, const Neighbors& lists,
                    MPI_Comm comm) {
  const MPI_Aint send_extent = extent_of(sendtype), recv_extent = extent_of(recvtype);
  std::vector<MPI_Request> requests;
  const trace::Round round(0);
  for (std::size_t i = 0; i < lists.sources.size(); ++i) {
    const int tag = neighbor_tag + (lists.cartesian ? static_cast<int>(i) : 0);
    COLLSCOPE_TRY(MPI_Irecv(at(recvbuf, static_cast<std::int64_t>(i) * recvcount, recv_extent),
                            recvcount, recvtype, lists.sources[i], tag, comm,
                            &requests.emplace_back()));
  }
  for (std::size_t j = 0; j < lists.destinations.size(); ++j) {
    const int tag = neighbor_tag + (lists.cartesian ? static_cast<int>(j ^ 1) : 0);
    const std::int64_t block = alltoall ? static_cast<std::int64_t>(j) * sendcount : 0;
    COLLSCOPE_TRY(MPI_Isend(at(sendbuf, block, send_extent), sendcount, sendtype,
                            lists.destinations[j], tag, comm, &requests.emplace_back()));
  }
  return MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
}

int neighbor_entry(const char* collective, const char* name, bool alltoall, NeighborBody body,
                   const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm user) {
  return guarded(user,
                 check_neighbor(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, user),
                 [&](MPI_Comm comm) -> int {
                   const AlgorithmRegion region(collective, name, -1, recvcount, recvtype, comm);
                   Neighbors lists;
                   COLLSCOPE_TRY(neighbors_of(comm, lists));
                   annotate_topology(user, lists);
                   // As Open MPI: every rank gave the same signature, so no data anywhere.
                   if (sendcount == 0 || carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
                   return body(alltoall, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                               lists, user, comm);
                 });
}

} // namespace detail

namespace {

int direct_body(bool alltoall, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                void* recvbuf, int recvcount, MPI_Datatype recvtype, const detail::Neighbors& lists,
                MPI_Comm, MPI_Comm comm) {
  return detail::neighbor_direct(alltoall, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                 recvtype, lists, comm);
}

} // namespace

int neighbor_allgather_direct(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  return detail::neighbor_entry("neighbor_allgather", "direct", false, direct_body, sendbuf,
                                sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int neighbor_alltoall_direct(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  return detail::neighbor_entry("neighbor_alltoall", "direct", true, direct_body, sendbuf,
                                sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

} // namespace collscope
