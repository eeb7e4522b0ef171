// The FIFO ring schedule of the pipelined irregular allgather: every rank gets every other
// rank's pieces exactly once and in order, it only forwards what it holds, and the rounds
// stay within the pipelining lemma's p − 1 + M − 1 (exactly that with one rank holding all
// the data) and above the two lower bounds. Exhaustive over small vectors, many patterns up
// to p = 64.
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/ring_pipeline.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope::schedule;

namespace {

using Counts = std::vector<std::int64_t>;

std::string text(const Counts& v) {
  std::ostringstream out;
  for (std::size_t i = 0; i < v.size(); ++i) out << (i ? "," : "") << v[i];
  return out.str();
}

/// Piece-count vectors of length p: constant, one rank only, ramps, zeros in every other
/// place, and pseudo-random ones full of zeros.
std::vector<Counts> patterns(int p) {
  const auto n = static_cast<std::size_t>(p);
  std::vector<Counts> out{Counts(n, 0), Counts(n, 1), Counts(n, 3)};
  for (int i = 0; i < p; i += std::max(1, p / 5))
    for (std::int64_t m : {1, 2, 7}) {
      Counts one(n, 0);
      one[static_cast<std::size_t>(i)] = m;
      out.push_back(one);
    }
  Counts up(n), down(n), alternating(n), spiky(n);
  for (int i = 0; i < p; ++i) {
    up[i] = i;
    down[i] = p - i;
    alternating[i] = i % 2 ? 0 : 4;
    spiky[i] = i % 5 == 2 ? 9 : 1;
  }
  out.insert(out.end(), {up, down, alternating, spiky});
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Counts random(n);
    std::uint64_t x = seed * 0x9e3779b97f4a7c15u + 7;
    for (auto& m : random) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17; // xorshift64
      m = std::int64_t{0x3} & static_cast<std::int64_t>(x % 6 < 3 ? 0 : x >> 9);
    }
    out.push_back(random);
  }
  return out;
}

/// Checks one schedule completely; returns its rounds.
int require_valid(const Counts& pieces) {
  const int p = static_cast<int>(pieces.size());
  const std::int64_t total = std::accumulate(pieces.begin(), pieces.end(), std::int64_t{0});
  INFO("p = " << p << ", pieces = " << text(pieces));
  const auto schedule = ring_allgatherv_schedule(pieces);
  const int rounds = static_cast<int>(schedule.size());
  REQUIRE(rounds == ring_allgatherv_rounds(pieces));

  // next[j][o]: the index of origin o's next piece rank j must get (they arrive in order).
  std::vector<std::vector<std::int64_t>> next(p, std::vector<std::int64_t>(p, 0));
  for (int j = 0; j < p; ++j) next[j][j] = pieces[j]; // its own pieces, held from the start
  for (int r = 0; r < rounds; ++r) {
    INFO("round " << r);
    REQUIRE(schedule[r].size() == pieces.size());
    bool busy = false;
    for (int i = 0; i < p; ++i) {
      const Piece s = schedule[r][i];
      if (s.none()) continue;
      busy = true;
      const int to = (i + 1) % p;
      REQUIRE(s.origin >= 0);
      REQUIRE(s.origin < p);
      REQUIRE(s.origin != to);                // never back to its origin
      REQUIRE(s.index < next[i][s.origin]);   // the sender holds it (from an earlier round)
      REQUIRE(s.index == next[to][s.origin]); // the receiver lacks it, and it is the next one
    }
    REQUIRE(busy); // no idle round
    for (int i = 0; i < p; ++i)
      if (const Piece s = schedule[r][i]; !s.none()) ++next[(i + 1) % p][s.origin];
  }
  for (int j = 0; j < p; ++j)
    for (int o = 0; o < p; ++o) REQUIRE(next[j][o] == pieces[o]); // every piece, exactly once

  if (p == 1 || total == 0) {
    REQUIRE(rounds == 0);
    return rounds;
  }
  REQUIRE(rounds <= p - 1 + total - 1);
  for (int i = 0; i < p; ++i) {
    REQUIRE(rounds >= total - pieces[i]); // one piece received per round
    if (pieces[i] > 0) REQUIRE(rounds >= pieces[i] + p - 2);
  }
  if (std::count(pieces.begin(), pieces.end(), 0) == p - 1) {
    REQUIRE(rounds == p - 1 + total - 1);
    REQUIRE(rounds == pipeline_rounds(p, static_cast<int>(total)));
  }
  return rounds;
}

} // namespace

TEST_CASE("pieces_of and piece_range cut a block into pieces of b elements", "[ring-pipeline]") {
  for (std::int64_t count = 0; count <= 200; ++count)
    for (std::int64_t b = 1; b <= 70; ++b) {
      INFO("count = " << count << ", b = " << b);
      const std::int64_t n = pieces_of(count, b);
      REQUIRE(n == (count + b - 1) / b);
      std::int64_t next = 0;
      for (std::int64_t k = 0; k < n; ++k) {
        const ElementRange r = piece_range(count, b, k);
        REQUIRE(r.begin == next);
        REQUIRE(r.count >= 1);
        REQUIRE(r.count <= b);
        if (k + 1 < n) REQUIRE(r.count == b); // only the last piece is short
        next = r.begin + r.count;
      }
      REQUIRE(next == count);
    }
  const Counts counts{0, 5, 10, 11, 1};
  CHECK(total_pieces(counts, 5) == 0 + 1 + 2 + 3 + 1);
  CHECK(total_pieces(counts, 100) == 4); // one piece per non-empty block
}

TEST_CASE("ring schedule: every piece once, in order, within p−1+M−1 rounds, exhaustively",
          "[ring-pipeline]") {
  for (int p = 1; p <= 8; ++p) {
    Counts pieces(static_cast<std::size_t>(p), 0);
    const int values = p <= 4 ? 6 : p <= 6 ? 4 : 3; // 0..5 pieces per rank, fewer for larger p
    for (;;) {
      require_valid(pieces);
      int i = 0;
      while (i < p && ++pieces[i] == values) pieces[i++] = 0;
      if (i == p) break;
    }
  }
}

TEST_CASE("ring schedule on many patterns up to p = 64", "[ring-pipeline]") {
  for (int p = 1; p <= 64; ++p) {
    if (p > 16 && p % 4 != 0 && p != 33 && p != 63) continue;
    for (const Counts& pieces : patterns(p)) require_valid(pieces);
  }
}

TEST_CASE("one rank with all the data takes exactly p−1+M−1 rounds", "[ring-pipeline][lecture]") {
  for (int p = 2; p <= 64; ++p)
    for (int holder = 0; holder < p; ++holder)
      for (std::int64_t m : {1, 2, 3, 10}) {
        Counts pieces(static_cast<std::size_t>(p), 0);
        pieces[static_cast<std::size_t>(holder)] = m;
        INFO("p = " << p << ", holder = " << holder << ", M = " << m);
        REQUIRE(ring_allgatherv_rounds(pieces) == p - 1 + m - 1);
      }
}

TEST_CASE("with one piece per block the schedule is the plain ring allgather", "[ring-pipeline]") {
  for (int p = 1; p <= 16; ++p)
    for (const Counts& pattern : patterns(p)) {
      Counts pieces(pattern);
      for (auto& n : pieces) n = n > 0 ? 1 : 0;
      INFO("p = " << p << ", pieces = " << text(pieces));
      const auto schedule = ring_allgatherv_schedule(pieces);
      const bool any = std::count(pieces.begin(), pieces.end(), 1) > 0;
      REQUIRE(static_cast<int>(schedule.size()) == (any && p > 1 ? p - 1 : 0));
      for (int r = 0; r < static_cast<int>(schedule.size()); ++r)
        for (int i = 0; i < p; ++i) {
          const int origin = ((i - r) % p + p) % p; // step r of the ring: rank i − r's block
          const Piece want = pieces[origin] ? Piece{origin, 0} : Piece{};
          REQUIRE(schedule[r][i] == want);
        }
    }
}

TEST_CASE("ring_allgatherv_best_piece follows the pipelining lemma", "[ring-pipeline]") {
  const double alpha = 1e-6, beta = 1e-9;
  CHECK(ring_allgatherv_best_piece(Counts{}, 4, alpha, beta) == 1);
  CHECK(ring_allgatherv_best_piece(Counts(5, 0), 4, alpha, beta) == 1);
  // One or two ranks: nothing to pipeline, whole blocks.
  CHECK(ring_allgatherv_best_piece(Counts{1000}, 4, alpha, beta) == 1000);
  CHECK(ring_allgatherv_best_piece(Counts{1000, 30}, 4, alpha, beta) == 1000);
  for (int p = 3; p <= 64; ++p)
    for (std::int64_t m : {1, 10, 1000, 100000}) {
      Counts counts(static_cast<std::size_t>(p), 0);
      counts[0] = m * p; // all the data on one rank: the lemma's setting exactly
      const std::int64_t b = ring_allgatherv_best_piece(counts, 4, alpha, beta);
      INFO("p = " << p << ", m = " << m * p << ", b = " << b);
      REQUIRE(b >= 1);
      REQUIRE(b <= m * p);
      const double ideal = std::sqrt((p - 2) * beta * 4.0 * double(m * p) / alpha);
      const auto blocks = static_cast<double>(pieces_of(m * p, b));
      if (ideal >= 1 && ideal <= double(m * p))
        REQUIRE(std::abs(blocks - ideal) <= ideal * 0.5 + 1);
      // The lemma's time with this b is no worse than whole blocks or single elements.
      const auto time = [&](std::int64_t piece) {
        return ring_allgatherv_time(counts, piece, 4, alpha, beta);
      };
      REQUIRE(time(b) <= time(m * p) * (1 + 1e-12));
      if (m * p <= 10000) REQUIRE(time(b) <= time(1) * (1 + 1e-12)); // M·p steps to simulate
    }
}

TEST_CASE("α-β times of the pipelined and the plain ring", "[ring-pipeline]") {
  const double alpha = 1e-6, beta = 1e-9;
  for (int p = 1; p <= 16; ++p)
    for (const Counts& counts : patterns(p))
      for (std::int64_t b : {1, 2, 3, 100}) {
        INFO("p = " << p << ", counts = " << text(counts) << ", b = " << b);
        Counts pieces;
        for (std::int64_t m : counts) pieces.push_back(pieces_of(m, b));
        const int rounds = ring_allgatherv_rounds(pieces);
        const double t = ring_allgatherv_time(counts, b, 4, alpha, beta);
        REQUIRE(t >= rounds * alpha * (1 - 1e-12));
        REQUIRE(t <= rounds * (alpha + beta * 4.0 * double(b)) * (1 + 1e-12));
        const std::int64_t largest = *std::max_element(counts.begin(), counts.end());
        const double plain = ring_allgatherv_plain_time(counts, 4, alpha, beta);
        if (p == 1 || largest == 0)
          REQUIRE(plain == 0);
        else
          REQUIRE(plain == Approx((p - 1) * (alpha + beta * 4.0 * double(largest))));
        // Pieces as large as the largest block: the pipelined ring is the plain one.
        REQUIRE(ring_allgatherv_time(counts, std::max<std::int64_t>(largest, 1), 4, alpha, beta) ==
                Approx(plain).margin(1e-15));
      }
}
