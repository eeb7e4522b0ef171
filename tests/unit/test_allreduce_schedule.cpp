// The allreduce schedules for p = 1..64: the circulant algorithm's partner distances against
// the lecture's table, its S0/S1 invariants simulated on partial-sum ranges, the butterfly's
// fold, and the ring's block split.
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <vector>

using namespace collscope::schedule;

TEST_CASE("circulant allreduce: the lecture's neighbour table for p = 5..13") {
  // seeds/001, "Examples: Communication neighbor": n_j and n_j + b_j per round.
  const std::map<int, std::vector<int>> n{
      {5, {0, 1, 2}},     {6, {0, 1, 2}},     {7, {0, 1, 3}},
      {8, {0, 1, 3}},     {9, {0, 1, 2, 4}},  {10, {0, 1, 2, 4}},
      {11, {0, 1, 2, 5}}, {12, {0, 1, 2, 5}}, {13, {0, 1, 3, 6}}};
  const std::map<int, std::vector<int>> distance{
      {5, {1, 1, 2}},     {6, {1, 1, 3}},     {7, {1, 2, 3}},
      {8, {1, 2, 4}},     {9, {1, 1, 2, 4}},  {10, {1, 1, 2, 5}},
      {11, {1, 1, 3, 5}}, {12, {1, 1, 3, 6}}, {13, {1, 2, 3, 6}}};
  for (int p = 5; p <= 13; ++p) {
    INFO("p = " << p);
    std::vector<int> got_n, got_d;
    for (const CirculantReduceRound& r : circulant_allreduce_rounds(p)) {
      got_n.push_back(r.n_before);
      got_d.push_back(r.distance);
    }
    CHECK(got_n == n.at(p));
    CHECK(got_d == distance.at(p));
  }
}

TEST_CASE("circulant allreduce: S1 and S0 hold the invariant ranges, every rank ends with all") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const auto rounds = circulant_allreduce_rounds(p);
    CHECK(static_cast<int>(rounds.size()) == ceil_log2(p));
    if (p > 1) CHECK(rounds.front().bit == 1);
    // How many times each input is in S1 and S0 of every rank (must be 0 or 1 and contiguous
    // ending at i, resp. i − 1).
    std::vector<std::vector<int>> s1(p, std::vector<int>(p, 0)), s0 = s1;
    for (int i = 0; i < p; ++i) s1[i][i] = 1;
    int n = 0;
    for (const CirculantReduceRound& r : rounds) {
      REQUIRE(r.n_before == n);
      auto next1 = s1, next0 = s0;
      for (int i = 0; i < p; ++i) {
        const int from = ((i - r.distance) % p + p) % p;
        const auto& sent = r.bit ? s1[from] : s0[from];
        for (int k = 0; k < p; ++k) {
          next1[i][k] += sent[k];
          next0[i][k] += sent[k];
        }
      }
      s1 = next1;
      s0 = next0;
      n = 2 * n + r.bit;
      for (int i = 0; i < p; ++i)
        for (int back = 0; back < p; ++back) {
          const int k = ((i - back) % p + p) % p;
          REQUIRE(s1[i][k] == (back <= n ? 1 : 0));
          REQUIRE(s0[i][k] == (back >= 1 && back <= n ? 1 : 0));
        }
    }
    CHECK(n == p - 1);
  }
}

TEST_CASE("butterfly: the fold pairs the first 2(p − q) ranks and the core is a bijection") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int q = butterfly_core(p);
    CHECK(q <= p);
    CHECK(2 * q > p);
    CHECK((q & (q - 1)) == 0);
    std::vector<int> seen(q, 0);
    for (int rank = 0; rank < p; ++rank) {
      const int v = butterfly_vrank(rank, p);
      if (v < 0) {
        CHECK(rank < 2 * (p - q));
        CHECK(rank % 2 == 0);
        CHECK(butterfly_vrank(rank + 1, p) >= 0);
        continue;
      }
      REQUIRE(v < q);
      ++seen[v];
      CHECK(butterfly_rank(v, p) == rank);
    }
    for (int v = 0; v < q; ++v) CHECK(seen[v] == 1);
    CHECK(butterfly_rounds(p) == (q == p ? ceil_log2(p) : floor_log2(p) + 2));
  }
}

TEST_CASE("ring blocks cover the vector in order, sizes differ by at most one") {
  for (int p = 1; p <= 64; ++p)
    for (std::int64_t count : {0, 1, 7, 63, 64, 65, 1000}) {
      std::int64_t next = 0, smallest = count, largest = 0;
      for (int b = 0; b < p; ++b) {
        const ElementBlock block = ring_block(count, p, b);
        CHECK(block.begin == next);
        next += block.count;
        smallest = std::min(smallest, block.count);
        largest = std::max(largest, block.count);
        if (b > 0) CHECK(block.count <= ring_block(count, p, 0).count);
      }
      CHECK(next == count);
      CHECK(largest - smallest <= 1);
    }
}
