// Pipelined irregular allgather on a ring (seeds/001, "Pipelined irregular allgather" and
// "Pipelining lemma"; Träff, Ripke, Siebert, Balaji, Thakur, Gropp 2010): every block is cut
// into pieces of b elements that flow around the ring i → i + 1, one piece per rank and
// round, first in, first out (schedule::RingPipeline). Every rank knows all recvcounts, so
// each plays the whole schedule locally and only talks to its two neighbours.
//
//   p = 4, m = (2b, 0, b, b): pieces a0 a1 of rank 0, c0 of rank 2, d0 of rank 3
//   round:   0    1    2    3
//   0→1     a0   a1   d0   c0
//   1→2          a0   a1   d0
//   2→3     c0        a0   a1
//   3→0     d0   c0
//
// Rounds: at most p − 1 + M − 1, M = Σ⌈m_i/b⌉ (latency k = p − 1, a new piece every s = 1
// rounds), exactly that when one rank has all the data.  Cost: (p − 1 + M − 1)(α + βb), b in
// bytes; with the lemma's b = m/M*, M* = √((p − 2)βm/α), (p − 2)α + 2√((p − 2)αβm) + βm:
// optimal in the β term, where the plain ring pays (p − 1)β·max_i m_i.
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/ring_pipeline.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "irregular/irregular_layout.hpp"

#include <cstdint>
#include <numeric>
#include <vector>

namespace collscope {

namespace {

int unchecked_allgatherv_ring_pipelined(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                        void* recvbuf, const int* recvcounts, const int* displs,
                                        MPI_Datatype recvtype, MPI_Comm comm) {
  int p = 0;
  MPI_Comm_size(comm, &p);
  return allgatherv_ring_pipelined_piece(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                         recvtype, comm,
                                         allgatherv_piece_for(p, recvcounts, recvtype));
}

} // namespace

COLLSCOPE_ENTRY(allgatherv, allgatherv_ring_pipelined, unchecked_allgatherv_ring_pipelined)

namespace {

int unchecked_allgatherv_ring_pipelined_piece(const void* sendbuf, int sendcount,
                                              MPI_Datatype sendtype, void* recvbuf,
                                              const int* recvcounts, const int* displs,
                                              MPI_Datatype recvtype, MPI_Comm comm, int piece) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgatherv", "ring-pipelined", -1, recvcounts[rank], recvtype,
                               comm);
  if (piece < 1) return MPI_ERR_ARG; // every rank passes the same piece, so all fail together
  const MPI_Aint extent = extent_of(recvtype);
  COLLSCOPE_TRY(
      place_own_block(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, rank));
  // A type without bytes moves nothing, whatever the counts (every rank sees the same size).
  const bool empty_type = carries_no_data(1, recvtype);
  std::vector<std::int64_t> pieces(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i)
    pieces[i] = empty_type ? 0 : schedule::pieces_of(recvcounts[i], piece);
  meta_counts(recvcounts, p);
  trace::meta("piece", piece);
  trace::meta("pieces", std::accumulate(pieces.begin(), pieces.end(), std::int64_t{0}));

  // Piece k of origin o: its elements, at their place in recvbuf.
  const auto transfer = [&](const schedule::Piece& s, int peer, bool outgoing) {
    const schedule::ElementRange r = schedule::piece_range(recvcounts[s.origin], piece, s.index);
    if (outgoing) trace::blocks(s.origin, 1, r.begin, r.count);
    return Transfer{at(recvbuf, displs[s.origin] + r.begin, extent), static_cast<int>(r.count),
                    peer};
  };
  const int right = (rank + 1) % p, left = (rank + p - 1) % p;
  for (schedule::RingPipeline ring(pieces); !ring.done();) {
    const int k = ring.rounds();
    const std::vector<schedule::Piece>& sends = ring.next_round();
    const schedule::Piece out = sends[rank], in = sends[left];
    if (out.none() && in.none()) continue;
    const trace::Round round(k);
    COLLSCOPE_TRY(exchange(out.none() ? Transfer{} : transfer(out, right, true),
                           in.none() ? Transfer{} : transfer(in, left, false), recvtype,
                           allgatherv_tag, comm));
  }
  return MPI_SUCCESS;
}

} // namespace

int allgatherv_ring_pipelined_piece(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                    void* recvbuf, const int* recvcounts, const int* displs,
                                    MPI_Datatype recvtype, MPI_Comm user_comm, int piece) {
  return detail::guarded_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                    recvtype, user_comm, [&](auto... mpi_args) {
                                      return unchecked_allgatherv_ring_pipelined_piece(mpi_args...,
                                                                                       piece);
                                    });
}

} // namespace collscope
