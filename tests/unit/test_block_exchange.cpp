// The Van de Geijn family's schedules (schedule/block_exchange.hpp) simulated without MPI for
// p = 1..64 and every root: every send meets a receive of the same run in the same round, a
// rank sends only blocks it holds, no block arrives twice, and at the end every rank holds
// what the collective promises, in exactly the registry's number of rounds.
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/block_exchange.hpp"

#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace collscope::schedule;

namespace {

using Plan = std::function<std::vector<BlockExchange>(int rank)>;
using Holdings = std::vector<std::set<int>>;

/// Plays the plan of every rank of p, starting from `held`; returns the number of rounds used
/// (highest round + 1) and fails a check on any inconsistency.
int simulate(int p, const Plan& plan, Holdings& held) {
  std::map<int, std::vector<std::pair<int, BlockExchange>>> by_round;
  for (int r = 0; r < p; ++r) {
    int last = -1;
    for (const BlockExchange& e : plan(r)) {
      CHECK(e.round > last); // one exchange per rank and round, in round order
      last = e.round;
      by_round[e.round].push_back({r, e});
    }
  }
  int rounds = 0;
  for (const auto& [round, exchanges] : by_round) {
    rounds = round + 1;
    std::multiset<std::tuple<int, int, int, int>> sends, recvs; // from, to, first, count
    for (const auto& [r, e] : exchanges) {
      if (e.send_to >= 0) {
        sends.insert({r, e.send_to, e.send_first, e.send_count});
        for (int k = 0; k < e.send_count; ++k) CHECK(held[r].count((e.send_first + k) % p));
      }
      if (e.recv_from >= 0) recvs.insert({e.recv_from, r, e.recv_first, e.recv_count});
    }
    REQUIRE(sends == recvs);
    for (const auto& [r, e] : exchanges)
      for (int k = 0; k < e.recv_count && e.recv_from >= 0; ++k)
        CHECK(held[r].insert((e.recv_first + k) % p).second); // never twice
  }
  return rounds;
}

Holdings only_own(int p) {
  Holdings h(static_cast<std::size_t>(p));
  for (int r = 0; r < p; ++r) h[r] = {r};
  return h;
}

Holdings root_holds_all(int p, int root) {
  Holdings h(static_cast<std::size_t>(p));
  for (int b = 0; b < p; ++b) h[root].insert(b);
  return h;
}

} // namespace

TEST_CASE("binomial and chain scatter deliver every block to its rank", "[block_exchange]") {
  for (int p = 1; p <= 64; ++p)
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << " root = " << root);
      Holdings binomial = root_holds_all(p, root), chain = binomial;
      CHECK(simulate(
                p, [&](int r) { return binomial_scatter_exchanges(r, root, p); }, binomial) ==
            ceil_log2(p));
      const int chain_rounds = simulate(
          p, [&](int r) { return chain_scatter_exchanges(r, root, p); }, chain);
      CHECK(chain_rounds == p - 1);
      for (int r = 0; r < p; ++r) {
        CHECK(binomial[r].count(r));
        CHECK(chain[r].count(r));
        if (r != root) CHECK(chain[r].size() == static_cast<std::size_t>(p - (r - root + p) % p));
      }
    }
}

TEST_CASE("chain gather brings every block to the root in p − 1 rounds", "[block_exchange]") {
  for (int p = 1; p <= 64; ++p)
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << " root = " << root);
      Holdings h = only_own(p);
      CHECK(simulate(
                p, [&](int r) { return chain_gather_exchanges(r, root, p); }, h) == p - 1);
      CHECK(h[root].size() == static_cast<std::size_t>(p));
    }
}

TEST_CASE("doubling and ring allgather give every rank every block", "[block_exchange]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    for (const int first : {0, 3}) {
      Holdings doubling = only_own(p), ring = only_own(p);
      const int used = simulate(
          p, [&](int r) { return doubling_allgather_exchanges(r, p, first); }, doubling);
      CHECK(used == (p == 1 ? 0 : first + butterfly_rounds(p)));
      CHECK(simulate(
                p, [&](int r) { return ring_allgather_exchanges(r, p, first); }, ring) ==
            (p == 1 ? 0 : first + p - 1));
      for (int r = 0; r < p; ++r) {
        CHECK(doubling[r].size() == static_cast<std::size_t>(p));
        CHECK(ring[r].size() == static_cast<std::size_t>(p));
      }
    }
    // Power of two: ⌈log₂p⌉ rounds, each block sent once per round it is needed.
    if ((p & (p - 1)) == 0) CHECK(butterfly_rounds(p) == ceil_log2(p));
    // Broadcast = scatter + allgather, from every root.
    for (int root = 0; root < p; ++root) {
      Holdings h = root_holds_all(p, root);
      simulate(
          p, [&](int r) { return binomial_scatter_exchanges(r, root, p); }, h);
      for (int r = 0; r < p; ++r) h[r] = {r}; // the root's surplus plays no part
      const int rounds = simulate(
          p, [&](int r) { return doubling_allgather_exchanges(r, p, ceil_log2(p)); }, h);
      CHECK(std::max(rounds, ceil_log2(p)) == scatter_allgather_rounds(p));
    }
    CHECK(scatter_ring_rounds(p) == ceil_log2(p) + p - 1);
  }
}

TEST_CASE("doubling gather brings every position to any core rank", "[block_exchange]") {
  for (int q = 1; q <= 64; q *= 2)
    for (int c = 0; c < q; ++c) {
      INFO("q = " << q << " c = " << c);
      Holdings h = only_own(q);
      CHECK(simulate(
                q, [&](int v) { return doubling_gather_exchanges(v, c, q, 0); }, h) ==
            floor_log2(q));
      CHECK(h[c].size() == static_cast<std::size_t>(q));
    }
}
