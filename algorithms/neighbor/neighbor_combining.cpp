// Dimension-wise message combining for the neighbourhood collectives (collscope/schedule/
// stencil.hpp). seeds/001, "Algorithms for neighborhood (sparse) collectives", cites
// Mirsadeghi, Träff, Balaji, Afsahi, "Exploiting Common Neighborhoods to Optimize MPI
// Neighborhood Collectives" (HiPC 2017) without describing it; this is the simplest instance
// of its idea on a torus, not that paper's algorithm: neighbours that share an edge neighbour
// receive through it. Round k sends two messages, to r + eₖ and to r − eₖ, with every block that
// moves that way in dimension k; blocks arrive in dimension order, corners last.
//
//   9-point stencil, allgather       round 0: own block → left, right
//     ↖ ↑ ↗                          round 1: own + left's + right's → up, down
//     ←  r →                         4 messages (direct: 8), 8 blocks (direct: 8)
//     ↙ ↓ ↘                          alltoall: 3 blocks per message, 12 blocks (direct: 8)
//
// Rounds: d.  Cost (one-ported α-β): 2dα + sβm (allgather), 2dα + 2(s − d)βm (alltoall), for
// the Cartesian neighbourhoods (s = 2d) and the 9-point stencil; m one block's bytes. Blocks
// are staged in the receive type, so send and receive types may differ as in MPI.
#include "collscope/algorithms/neighbor.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "neighbor/neighbor_parts.hpp"

#include <atomic>
#include <climits>

namespace collscope {

namespace {

std::atomic<long long> fallbacks{0};

using schedule::CombinedItem;
using schedule::CombinedMessage;

int combine(const detail::StencilPlan& plan, bool alltoall, const void* sendbuf, int sendcount,
            MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
            MPI_Comm comm) {
  using namespace detail;
  const schedule::CombiningSchedule schedule =
      schedule::combining_schedule(plan.neighborhood, alltoall ? schedule::NeighborKind::alltoall
                                                               : schedule::NeighborKind::allgather);
  const MPI_Aint send_extent = extent_of(sendtype), recv_extent = extent_of(recvtype);
  const auto own = [&](int j) {
    return at(sendbuf, static_cast<std::int64_t>(j) * sendcount, send_extent);
  };
  const auto slot = [&](int i) {
    return at(recvbuf, static_cast<std::int64_t>(i) * recvcount, recv_extent);
  };
  for (const auto& [j, lands] : schedule.local)
    COLLSCOPE_TRY(typed_copy(own(j), sendcount, sendtype, slot(lands), recvcount, recvtype));
  // received[k][plus]: what arrived in round k from r − eₖ (plus) or r + eₖ.
  std::vector<std::vector<TempBuffer>> received(schedule.rounds.size());
  for (std::size_t k = 0; k < schedule.rounds.size(); ++k) {
    const schedule::CombinedRound& round = schedule.rounds[k];
    const trace::Round annotated(static_cast<int>(k));
    const auto d = static_cast<std::size_t>(round.dim);
    std::vector<TempBuffer> out;
    std::vector<MPI_Request> requests;
    for (const CombinedMessage& m : round.messages) {
      const std::int64_t elements = static_cast<std::int64_t>(m.items.size()) * recvcount;
      if (elements > INT_MAX) return MPI_ERR_COUNT;
      TempBuffer& in = received[k].emplace_back(elements, recvtype);
      const int from = m.plus ? plan.minus_to[d] : plan.plus_to[d];
      COLLSCOPE_TRY(MPI_Irecv(in.data(), static_cast<int>(elements), recvtype, from,
                              neighbor_tag + 2 * round.dim + m.plus, comm,
                              &requests.emplace_back()));
    }
    for (const CombinedMessage& m : round.messages) {
      const std::int64_t elements = static_cast<std::int64_t>(m.items.size()) * recvcount;
      TempBuffer& packed = out.emplace_back(elements, recvtype);
      for (std::size_t t = 0; t < m.items.size(); ++t) {
        const CombinedItem& item = m.items[t];
        void* to = packed.block(static_cast<std::int64_t>(t) * recvcount);
        if (item.own >= 0) {
          COLLSCOPE_TRY(typed_copy(own(alltoall ? item.own : 0), sendcount, sendtype, to, recvcount,
                                   recvtype));
        } else {
          const auto& earlier = schedule.rounds[static_cast<std::size_t>(item.round)];
          const std::size_t which = earlier.messages.front().plus == item.from_plus ? 0 : 1;
          TempBuffer& source = received[static_cast<std::size_t>(item.round)][which];
          COLLSCOPE_TRY(typed_copy(source.block(static_cast<std::int64_t>(item.item) * recvcount),
                                   recvcount, recvtype, to, recvcount, recvtype));
        }
      }
      const int to = m.plus ? plan.plus_to[d] : plan.minus_to[d];
      COLLSCOPE_TRY(MPI_Isend(packed.data(), static_cast<int>(elements), recvtype, to,
                              neighbor_tag + 2 * round.dim + m.plus, comm,
                              &requests.emplace_back()));
    }
    COLLSCOPE_TRY(
        MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
    for (std::size_t w = 0; w < round.messages.size(); ++w) {
      const CombinedMessage& m = round.messages[w];
      // Off a non-periodic Cartesian edge nothing arrived, and MPI leaves the block alone.
      if ((m.plus ? plan.minus_to[d] : plan.plus_to[d]) == MPI_PROC_NULL) continue;
      for (std::size_t t = 0; t < m.items.size(); ++t)
        if (m.items[t].lands >= 0)
          COLLSCOPE_TRY(typed_copy(received[k][w].block(static_cast<std::int64_t>(t) * recvcount),
                                   recvcount, recvtype, slot(m.items[t].lands), recvcount,
                                   recvtype));
    }
  }
  return MPI_SUCCESS;
}

int combining_body(bool alltoall, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                   void* recvbuf, int recvcount, MPI_Datatype recvtype,
                   const detail::Neighbors& lists, MPI_Comm user, MPI_Comm comm) {
  const std::optional<detail::StencilPlan> plan = detail::stencil_plan(user, comm, lists);
  if (!plan) {
    ++fallbacks;
    trace::meta("fallback", "direct (not a Cartesian communicator or a stencil graph)");
    return detail::neighbor_direct(alltoall, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                   recvtype, lists, comm);
  }
  return combine(*plan, alltoall, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

} // namespace

long long neighbor_combining_fallbacks() {
  return fallbacks.load();
}

int neighbor_allgather_combining(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                 MPI_Comm comm) {
  return detail::neighbor_entry("neighbor_allgather", "combining", false, combining_body, sendbuf,
                                sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int neighbor_alltoall_combining(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                MPI_Comm comm) {
  return detail::neighbor_entry("neighbor_alltoall", "combining", true, combining_body, sendbuf,
                                sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

} // namespace collscope
