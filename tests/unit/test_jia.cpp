// Jia's hypercube broadcast and its extension to any p, p = 1..64: the lecture's worked values
// (NEXTBIT(010011), the s(5, j) and t(5, j) tables, the p = 8 rounds), the propositions the
// correctness proof rests on, and the schedule simulated block by block in M − 1 + ⌈log₂p⌉
// rounds.
#include "block_sim.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/jia.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace collscope::schedule;
using collscope::test::simulate_broadcast;

TEST_CASE("NEXTBIT(010011) as the lecture computes it", "[jia]") {
  const int i = 0b010011;
  const std::vector<int> lecture{1, 3, 2, 1, 2, 1};
  for (int j = 0; j < 6; ++j) CHECK(jia_nextbit(i, j, 6) == lecture[j]);
  CHECK(jia_nextbit(0, 2, 6) == 6); // NEXTBIT(0)[j] = q by convention
  CHECK(jia_nextbit(0b100, 0, 3) == 2);
  CHECK(jia_nextbit(0b101, 0, 3) == 2);
  CHECK(jia_nextbit(0b110, 1, 3) == 1);
  CHECK(jia_nextbit(0b010, 2, 3) == 2);
}

TEST_CASE("s(5, j) and t(5, j) for p = 8, M = 5 as in the lecture's table", "[jia]") {
  const int q = 3, blocks = 5;
  const auto clamp = [&](int b) { return std::min(b, blocks - 1); };
  // t(5, j) for j = 0, 2, 3, 4, 5, 6: −1, 0, 2, 1, 3, 4 (block 5 is received as M − 1 = 4).
  CHECK(jia_t(5, 0, q) == -1);
  CHECK(jia_t(5, 2, q) == 0);
  CHECK(jia_t(5, 3, q) == 2);
  CHECK(jia_t(5, 4, q) == 1);
  CHECK(jia_t(5, 5, q) == 3);
  CHECK(clamp(jia_t(5, 6, q)) == 4);
  // s(5, j) for j = 3..6: 0, 2, 2, 3. The lecture writes −1 for s(5, 0), meaning "nothing
  // to send"; the formula gives 0 − 3 + 0·2 = −3, negative alike.
  CHECK(jia_s(5, 0, q) < 0);
  CHECK(jia_s(5, 3, q) == 0);
  CHECK(jia_s(5, 4, q) == 2);
  CHECK(jia_s(5, 5, q) == 2);
  CHECK(jia_s(5, 6, q) == 3);
  // Worked rounds 3..6 of the lecture's p = 8 example.
  CHECK(jia_s(4, 3, q) == 2);
  CHECK(jia_t(4, 3, q) == 0);
  CHECK(jia_s(4, 4, q) == 2);
  CHECK(jia_t(4, 4, q) == 1);
  CHECK(jia_s(6, 4, q) == 1);
  CHECK(jia_t(6, 4, q) == 2);
  CHECK(jia_s(2, 5, q) == 4);
  CHECK(jia_t(2, 5, q) == 2);
  CHECK(jia_s(3, 6, q) == 3);
  CHECK(jia_t(3, 6, q) == 4);
  for (int j = 0; j < 7; ++j) CHECK(jia_s(0, j, q) == j); // the root sends block j in round j
  CHECK(jia_rounds(8, 5) == 7);                           // "Done! 7 = 5 + 3 − 1 rounds"
}

TEST_CASE("Jia: s and t agree across partners; s(i, j + 1) is s(i, j) or t(i, j)", "[jia]") {
  for (int q = 1; q <= 6; ++q) {
    for (int i = 0; i < (1 << q); ++i) {
      for (int j = 0; j < 4 * q; ++j) {
        INFO("q = " << q << ", i = " << i << ", j = " << j);
        const int partner = i ^ (1 << (j % q));
        REQUIRE(jia_nextbit(i, j % q, q) == jia_nextbit(partner, j % q, q));
        REQUIRE(jia_s(i, j, q) == jia_t(partner, j, q));
        const int bit = (i >> (j % q)) & 1;
        // The proposition holds for i ≠ 0; the root's NEXTBIT(0) = q is a convention and it
        // simply sends block j in round j.
        if (i != 0) REQUIRE(jia_s(i, j + 1, q) == (bit == 1 ? jia_t(i, j, q) : jia_s(i, j, q)));
      }
    }
  }
}

TEST_CASE("Jia: co-operating pairs for any p", "[jia]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int cube = 1 << floor_log2(p);
    CHECK(jia_co(0, p) == 0);
    for (int i = 0; i < p; ++i) {
      REQUIRE(jia_co(jia_co(i, p), p) == i);
      REQUIRE(jia_rep(i, p) < cube);
      REQUIRE(jia_rep(i, p) == std::min(i, jia_co(i, p)));
    }
    for (int i = cube; i < p; ++i) REQUIRE(jia_co(i, p) == i - cube + 1);
  }
}

TEST_CASE("Jia broadcast: every block in M − 1 + ⌈log₂p⌉ rounds, p = 1..64", "[jia]") {
  for (int p = 1; p <= 64; ++p) {
    for (int blocks = 0; blocks <= 12; ++blocks) {
      INFO("p = " << p << ", M = " << blocks);
      const int rounds = jia_rounds(p, blocks);
      if (p > 1 && blocks > 0) REQUIRE(rounds == blocks - 1 + ceil_log2(p));
      simulate_broadcast(p, blocks, rounds,
                         [&](int v, int t) { return jia_step(p, blocks, v, t); });
    }
  }
  CHECK(jia_rounds(12, 100) == 103);
}
