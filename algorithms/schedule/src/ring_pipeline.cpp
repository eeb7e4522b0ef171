#include "collscope/schedule/ring_pipeline.hpp"

#include <algorithm>
#include <numeric>

namespace collscope::schedule {

std::int64_t pieces_of(std::int64_t count, std::int64_t piece) {
  return count <= 0 ? 0 : (count + piece - 1) / piece;
}

ElementRange piece_range(std::int64_t count, std::int64_t piece, std::int64_t index) {
  const std::int64_t begin = index * piece;
  return {begin, std::min(piece, count - begin)};
}

std::int64_t total_pieces(std::span<const std::int64_t> counts, std::int64_t piece) {
  std::int64_t total = 0;
  for (const std::int64_t m : counts) total += pieces_of(m, piece);
  return total;
}

RingPipeline::RingPipeline(std::span<const std::int64_t> pieces)
    : queues_(pieces.size()), sends_(pieces.size()) {
  const int p = static_cast<int>(pieces.size());
  if (p <= 1) return; // a single rank already holds everything
  for (int i = 0; i < p; ++i)
    for (std::int64_t k = 0; k < pieces[i]; ++k) queues_[i].push_back({i, k});
  for (const std::int64_t n : pieces) queued_ += std::max<std::int64_t>(n, 0);
}

const std::vector<Piece>& RingPipeline::next_round() {
  const int p = static_cast<int>(queues_.size());
  for (int i = 0; i < p; ++i) {
    sends_[i] = queues_[i].empty() ? Piece{} : queues_[i].front();
    if (!queues_[i].empty()) {
      queues_[i].pop_front();
      --queued_;
    }
  }
  for (int i = 0; i < p; ++i) {
    const Piece& sent = sends_[i];
    const int receiver = (i + 1) % p;
    if (sent.none() || sent.origin == (receiver + 1) % p) continue; // went all the way round
    queues_[receiver].push_back(sent);
    ++queued_;
  }
  ++rounds_;
  return sends_;
}

std::vector<std::vector<Piece>> ring_allgatherv_schedule(std::span<const std::int64_t> pieces) {
  std::vector<std::vector<Piece>> rounds;
  for (RingPipeline ring(pieces); !ring.done();) rounds.push_back(ring.next_round());
  return rounds;
}

int ring_allgatherv_rounds(std::span<const std::int64_t> pieces) {
  RingPipeline ring(pieces);
  while (!ring.done()) ring.next_round();
  return ring.rounds();
}

std::int64_t ring_allgatherv_best_piece(std::span<const std::int64_t> counts, int type_size,
                                        double alpha, double beta) {
  const std::int64_t total = std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
  const std::int64_t largest = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  if (total <= 0 || largest <= 0) return 1;
  const int p = static_cast<int>(counts.size());
  const double bytes = static_cast<double>(total) * type_size;
  const std::int64_t blocks = pipeline_best_blocks(p, total, bytes, alpha, beta);
  return std::clamp<std::int64_t>((total + blocks - 1) / blocks, 1, largest);
}

namespace {

std::vector<std::int64_t> piece_counts(std::span<const std::int64_t> counts, std::int64_t piece) {
  std::vector<std::int64_t> pieces;
  for (const std::int64_t m : counts) pieces.push_back(pieces_of(m, piece));
  return pieces;
}

} // namespace

double ring_allgatherv_time(std::span<const std::int64_t> counts, std::int64_t piece, int type_size,
                            double alpha, double beta) {
  double time = 0;
  const std::vector<std::int64_t> pieces = piece_counts(counts, piece);
  for (RingPipeline ring(pieces); !ring.done();) {
    std::int64_t largest = 0;
    for (const Piece& sent : ring.next_round())
      if (!sent.none())
        largest = std::max(largest, piece_range(counts[sent.origin], piece, sent.index).count);
    time += alpha + beta * static_cast<double>(largest * type_size);
  }
  return time;
}

double ring_allgatherv_plain_time(std::span<const std::int64_t> counts, int type_size, double alpha,
                                  double beta) {
  // Every non-empty block is in flight in each of the p − 1 rounds.
  const std::int64_t largest = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  if (counts.size() <= 1 || largest <= 0) return 0;
  return static_cast<double>(counts.size() - 1) *
         (alpha + beta * static_cast<double>(largest * type_size));
}

} // namespace collscope::schedule
