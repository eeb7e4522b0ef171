// Integer helpers against their loop definitions, and the root shift as a bijection.
#include "collscope/schedule/bits.hpp"

#include <catch2/catch.hpp>
#include <climits>
#include <vector>

using namespace collscope::schedule;

namespace {

// Smallest k with 2^k ≥ p, by doubling (64-bit so that p near INT_MAX cannot overflow).
int ceil_log2_loop(int p) {
  int k = 0;
  for (long long power = 1; power < p; power *= 2) ++k;
  return k;
}

// Largest k with 2^k ≤ p, by doubling.
int floor_log2_loop(int p) {
  int k = 0;
  for (long long power = 2; power <= p; power *= 2) ++k;
  return k;
}

int lowest_set_bit_loop(int v) {
  int k = 0;
  while (((v >> k) & 1) == 0) ++k;
  return k;
}

int highest_set_bit_loop(int v) {
  int k = 0;
  while ((v >> k) > 1) ++k;
  return k;
}

// Every value up to 2^16, then the neighbourhood of every larger power of two and INT_MAX.
std::vector<int> sample_values() {
  std::vector<int> values;
  for (int v = 1; v <= (1 << 16); ++v) values.push_back(v);
  for (int k = 17; k <= 30; ++k)
    for (int delta = -2; delta <= 2; ++delta) values.push_back((1 << k) + delta);
  values.push_back(INT_MAX - 1);
  values.push_back(INT_MAX);
  return values;
}

} // namespace

TEST_CASE("ceil_log2 and floor_log2 agree with their loop definitions", "[bits]") {
  for (int p : sample_values()) {
    INFO("p = " << p);
    REQUIRE(ceil_log2(p) == ceil_log2_loop(p));
    REQUIRE(floor_log2(p) == floor_log2_loop(p));
  }
}

TEST_CASE("logarithms at the edges", "[bits]") {
  CHECK(ceil_log2(1) == 0);
  CHECK(floor_log2(1) == 0);
  CHECK(ceil_log2(2) == 1);
  CHECK(ceil_log2(7) == 3);
  CHECK(floor_log2(7) == 2);
  CHECK(ceil_log2(8) == 3);
  CHECK(ceil_log2(9) == 4);
  CHECK(ceil_log2(INT_MAX) == 31);
  CHECK(floor_log2(INT_MAX) == 30);
  for (int k = 0; k <= 30; ++k) {
    INFO("k = " << k);
    CHECK(ceil_log2(1 << k) == k);
    CHECK(floor_log2(1 << k) == k);
  }
}

TEST_CASE("ceil_log2 and floor_log2 bracket p", "[bits]") {
  for (int p = 1; p <= (1 << 12); ++p) {
    INFO("p = " << p);
    const int c = ceil_log2(p);
    const int f = floor_log2(p);
    REQUIRE((1 << f) <= p);
    REQUIRE(p < (2 << f));
    REQUIRE(p <= (1 << c));
    REQUIRE((c == 0 || (1 << (c - 1)) < p));
    REQUIRE(c - f == ((p & (p - 1)) == 0 ? 0 : 1));
  }
}

TEST_CASE("lowest and highest set bit agree with their loop definitions", "[bits]") {
  for (int v : sample_values()) {
    INFO("v = " << v);
    REQUIRE(lowest_set_bit(v) == lowest_set_bit_loop(v));
    REQUIRE(highest_set_bit(v) == highest_set_bit_loop(v));
    REQUIRE(highest_set_bit(v) == floor_log2(v));
    REQUIRE(lowest_set_bit(v) <= highest_set_bit(v));
  }
}

TEST_CASE("virtual_rank shifts root to 0 and real_rank undoes it", "[bits]") {
  for (int p = 1; p <= 64; ++p) {
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      REQUIRE(virtual_rank(root, root, p) == 0);
      REQUIRE(real_rank(0, root, p) == root);
      std::vector<int> seen(p, 0);
      for (int rank = 0; rank < p; ++rank) {
        INFO("rank = " << rank);
        const int v = virtual_rank(rank, root, p);
        REQUIRE(v >= 0);
        REQUIRE(v < p);
        ++seen[v];
        REQUIRE(real_rank(v, root, p) == rank);
        REQUIRE(virtual_rank(real_rank(rank, root, p), root, p) == rank);
        // Neighbouring ranks stay neighbours: the shift is a rotation of the ring.
        REQUIRE(virtual_rank((rank + 1) % p, root, p) == (v + 1) % p);
      }
      for (int v = 0; v < p; ++v) REQUIRE(seen[v] == 1);
    }
  }
}
