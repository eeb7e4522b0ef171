// Pipelined irregular allgather on a ring (seeds/001, "Pipelined irregular allgather", after
// Träff, Ripke, Siebert, Balaji, Thakur, Gropp 2010): rank i's block of m_i elements is cut
// into ⌈m_i/b⌉ pieces of b elements; in every round each rank sends one piece to its right
// neighbour i + 1 and receives one from its left neighbour i − 1.
//
// The schedule is first-in, first-out: every rank queues its own pieces in order, sends the
// front of its queue each round, and queues every piece it receives unless the piece's origin
// is its right neighbour (the piece has then visited every rank). A piece of rank i goes
// around the ring i → i+1 → … → i−1 in p − 1 hops, pieces of one origin never overtake each
// other, and empty blocks make no pieces.
//
//   p = 4, m = (2b, 0, b, b): pieces a0 a1 of rank 0, c0 of rank 2, d0 of rank 3
//   round:   0    1    2    3
//   0→1     a0   a1   d0   c0       rank 0 sends its own pieces, then forwards d0 and c0
//   1→2          a0   a1   d0       rank 1 has none of its own: it forwards from round 1
//   2→3     c0        a0   a1       rank 2 idles in round 1: its queue is empty
//   3→0     d0   c0                 rank 3 never forwards a0, a1: rank 0 is their origin
//
// Rounds: at most p − 1 + M − 1 with M = Σ⌈m_i/b⌉ (the pipelining lemma with latency
// k = p − 1 and a new piece every s = 1 rounds), exactly that when one rank has all the data;
// at least max_i(M − M_i) (what rank i must receive, one piece a round) and
// max_i M_i + p − 2 (rank i's last piece leaves no earlier than round M_i − 1). tests/unit
// checks all of it, exhaustively for small vectors.
#pragma once

#include "collscope/schedule/pipeline.hpp"

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace collscope::schedule {

/// Piece `index` of rank `origin`'s block; origin −1: no piece (the rank idles this round).
struct Piece {
  int origin = -1;
  std::int64_t index = 0;
  bool none() const { return origin < 0; }
  friend bool operator==(const Piece&, const Piece&) = default;
};

/// ⌈count / piece⌉: how many pieces of `piece` ≥ 1 elements a block of `count` elements makes.
std::int64_t pieces_of(std::int64_t count, std::int64_t piece);
/// The elements of piece `index`: [index·piece, min((index + 1)·piece, count)).
ElementRange piece_range(std::int64_t count, std::int64_t piece, std::int64_t index);
/// M = Σ⌈m_i / b⌉.
std::int64_t total_pieces(std::span<const std::int64_t> counts, std::int64_t piece);

/// The FIFO ring schedule, one round at a time, so that a rank running it needs O(p + M)
/// memory however many rounds there are.
class RingPipeline {
public:
  /// pieces[i]: how many pieces rank i contributes (⌈m_i/b⌉; 0 for an empty block).
  explicit RingPipeline(std::span<const std::int64_t> pieces);

  /// True when every rank has every piece; at once for p = 1 or no pieces at all.
  bool done() const { return queued_ == 0; }
  /// Advances one round and returns what each rank sends to its right neighbour in it (rank
  /// i receives what rank i − 1 sends). Only while !done().
  const std::vector<Piece>& next_round();
  /// Rounds played so far.
  int rounds() const { return rounds_; }

private:
  std::vector<std::deque<Piece>> queues_;
  std::vector<Piece> sends_;
  std::int64_t queued_ = 0;
  int rounds_ = 0;
};

/// The whole schedule: element [r][i] is what rank i sends to rank i + 1 in round r.
std::vector<std::vector<Piece>> ring_allgatherv_schedule(std::span<const std::int64_t> pieces);

/// The number of rounds of the FIFO schedule (0 for p = 1 or no pieces).
int ring_allgatherv_rounds(std::span<const std::int64_t> pieces);

/// The pipelining lemma's piece size (elements) for blocks of `counts` elements of
/// `type_size` bytes: M* = pipeline_best_blocks(p, Σm_i, bytes, α, β) (k = p − 1, s = 1,
/// m = Mb), b = ⌈Σm_i / M*⌉, at most max_i m_i; 1 when every block is empty.
std::int64_t ring_allgatherv_best_piece(std::span<const std::int64_t> counts, int type_size,
                                        double alpha, double beta);

/// α-β time of the FIFO schedule: Σ over rounds of α + β·(largest piece in flight, bytes).
double ring_allgatherv_time(std::span<const std::int64_t> counts, std::int64_t piece, int type_size,
                            double alpha, double beta);

/// α-β time of the plain ring (each whole block travels p − 1 hops, empty ones not at all):
/// every block is in flight in each of the p − 1 rounds, so (p − 1)(α + β·max m_i); 0 when
/// p = 1 or every block is empty.
double ring_allgatherv_plain_time(std::span<const std::int64_t> counts, int type_size, double alpha,
                                  double beta);

} // namespace collscope::schedule
