// All-to-all schedules for p = 1..64: the direct and one-factor pairings, and the hypercube
// and Bruck slot algorithms simulated on all ranks at once, block by block, with the position
// of every block (origin, destination) checked after every round.
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bits.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <utility>
#include <vector>

using namespace collscope::schedule;

namespace {

using Slots = std::vector<std::vector<SlotBlock>>; // [rank][slot]

/// Runs a slot algorithm (Bruck or hypercube) on all ranks: in each round every rank sends the
/// slots with `bit(k)` set to `to(rank, k)`, which must be the rank that expects them, and
/// keeps them in the same slots; `where` is the claimed position after each round.
template <class Bit, class To, class From, class Where>
void simulate_slots(int p, int rounds, Bit bit, To to, From from, Where where) {
  Slots held(p, std::vector<SlotBlock>(p));
  for (int r = 0; r < p; ++r)
    for (int j = 0; j < p; ++j) {
      held[r][j] = where(r, j, 0);
      REQUIRE(held[r][j].origin == r); // after the local permutation: own blocks only
    }
  for (int k = 0; k < rounds; ++k) {
    INFO("round " << k);
    Slots next = held;
    const std::vector<int> moved = slots_with_bit(p, bit(k));
    REQUIRE(static_cast<int>(moved.size()) <= p / 2);
    for (int r = 0; r < p; ++r) {
      const int target = to(r, k);
      REQUIRE(target != r);
      REQUIRE(from(target, k) == r);
      for (int j : moved) next[target][j] = held[r][j];
    }
    held = next;
    for (int r = 0; r < p; ++r)
      for (int j = 0; j < p; ++j) {
        INFO("rank " << r << " slot " << j);
        REQUIRE(held[r][j] == where(r, j, k + 1));
      }
  }
  // Done: rank r holds one block from every origin, all destined to r.
  for (int r = 0; r < p; ++r) {
    std::set<int> origins;
    for (int j = 0; j < p; ++j) {
      REQUIRE(held[r][j].destination == r);
      origins.insert(held[r][j].origin);
    }
    REQUIRE(static_cast<int>(origins.size()) == p);
  }
}

} // namespace

TEST_CASE("direct: every ordered pair exactly once, one partner per rank and round", "[alltoall]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    std::set<std::pair<int, int>> sent;
    for (int r = 0; r < p - 1; ++r) {
      std::vector<int> receives(p, 0);
      for (int rank = 0; rank < p; ++rank) {
        const PairStep s = direct_alltoall_step(rank, p, r);
        REQUIRE(s.send_to != rank);
        REQUIRE(direct_alltoall_step(s.send_to, p, r).recv_from == rank);
        REQUIRE(sent.insert({rank, s.send_to}).second);
        ++receives[s.send_to];
      }
      for (int n : receives) REQUIRE(n == 1);
    }
    REQUIRE(static_cast<int>(sent.size()) == p * (p - 1));
  }
}

TEST_CASE("one-factor: every pair exactly once, each rank at most one partner per round",
          "[alltoall]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int rounds = one_factor_rounds(p);
    REQUIRE(rounds == (p <= 1 ? 0 : p % 2 == 0 ? p - 1 : p));
    std::set<std::pair<int, int>> pairs;
    for (int r = 0; r < rounds; ++r) {
      INFO("round " << r);
      int idle = 0;
      for (int rank = 0; rank < p; ++rank) {
        const int partner = one_factor_partner(rank, p, r);
        if (partner < 0) {
          ++idle;
          continue;
        }
        REQUIRE(partner < p);
        REQUIRE(partner != rank);
        REQUIRE(one_factor_partner(partner, p, r) == rank); // a matching: degree exactly 1
        if (rank < partner) REQUIRE(pairs.insert({rank, partner}).second);
      }
      REQUIRE(idle == p % 2); // odd p: exactly one idle rank per round
    }
    REQUIRE(static_cast<int>(pairs.size()) == p * (p - 1) / 2);
  }
}

TEST_CASE("one-factor at p = 6 is the lecture's circle: centre 5 meets round i's rank i",
          "[alltoall]") {
  for (int i = 0; i < 5; ++i) REQUIRE(one_factor_partner(5, 6, i) == i);
  // Round 1: 1–5, 0–2, 3–4.
  REQUIRE(one_factor_partner(0, 6, 1) == 2);
  REQUIRE(one_factor_partner(3, 6, 1) == 4);
}

TEST_CASE("Bruck: block positions after every round, p = 1..64", "[alltoall]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    simulate_slots(
        p, ceil_log2(p), [](int k) { return k; },
        [p](int r, int k) { return bruck_alltoall_step(r, p, k).send_to; },
        [p](int r, int k) { return bruck_alltoall_step(r, p, k).recv_from; },
        [p](int r, int j, int done) { return bruck_slot(r, p, j, done); });
  }
}

TEST_CASE("Bruck rotations: after the local rotation slot j goes to rank + j; at the end it "
          "came from rank − j",
          "[alltoall]") {
  for (int p = 1; p <= 64; ++p)
    for (int r = 0; r < p; ++r)
      for (int j = 0; j < p; ++j) {
        REQUIRE(bruck_slot(r, p, j, 0) == SlotBlock{r, (r + j) % p});
        REQUIRE(bruck_slot(r, p, j, ceil_log2(p)) == SlotBlock{((r - j) % p + p) % p, r});
      }
}

TEST_CASE("hypercube: block positions after every round, p = 1, 2, 4, …, 64", "[alltoall]") {
  for (int p = 1; p <= 64; p *= 2) {
    INFO("p = " << p);
    simulate_slots(
        p, ceil_log2(p), [p](int k) { return hypercube_alltoall_bit(p, k); },
        [p](int r, int k) { return r ^ (1 << hypercube_alltoall_bit(p, k)); },
        [p](int r, int k) { return r ^ (1 << hypercube_alltoall_bit(p, k)); },
        [p](int r, int j, int done) { return hypercube_slot(r, p, j, done); });
  }
}

TEST_CASE("Bruck moves at most m/2 per round: the printed bound covers the exact time",
          "[alltoall]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const double m = 4096.0 * p, a = 1e-6, b = 2e-10;
    const double exact = bruck_alltoall_time(p, m, a, b);
    REQUIRE(exact <= bruck_alltoall_bound(p, m, a, b) * (1 + 1e-12));
    if (p > 1 && (p & (p - 1)) == 0) REQUIRE(exact == Approx(bruck_alltoall_bound(p, m, a, b)));
  }
  // p = 3 sends one block in each of its two rounds: 1/3 of m, not m/2.
  REQUIRE(bruck_alltoall_time(3, 3, 0, 1) == Approx(2.0));
}
