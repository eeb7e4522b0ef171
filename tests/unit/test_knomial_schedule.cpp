// The k-nomial tree (schedule/knomial.hpp) for p = 1..64, k = 2..8 and every root: a spanning
// tree whose subtrees are contiguous vrank ranges, at most k−1 children per level, ⌈log_k p⌉
// rounds in both directions; and its α-β times, simulated here with the replay's rules
// (tracer/model/README.md, "Replays") for one port and for k−1 ports, against the cost formulas.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/bruck_radix.hpp"
#include "collscope/schedule/knomial.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace collscope::schedule;

namespace {

/// Smallest L with k^L ≥ p, by repeated multiplication in double (independent of the schedule).
int levels_by_powers(int p, int k) {
  int levels = 0;
  for (double reach = 1; reach < p; reach *= k) ++levels;
  return levels;
}

bool power_of(int p, int k) {
  long long power = 1;
  while (power < p) power *= k;
  return power == p;
}

struct Times {
  double one_port = 0;
  double ported = 0;
};

/// Top-down (broadcast: each message carries `unit`·1; scatter: `unit`·subtree size): a rank
/// sends the levels of its children from the top; one port sends one message after another,
/// k−1 ports send a level's messages together and wait for the largest.
Times topdown(int p, int k, double alpha, double beta, double unit, bool subtrees) {
  Times result;
  for (const bool ported : {false, true}) {
    std::vector<double> received(p, 0.0);
    double last = 0;
    for (int v = 0; v < p; ++v) { // parents precede their children in vrank order
      double t = received[v];
      auto levels = knomial_child_levels(v, p, k);
      std::reverse(levels.begin(), levels.end());
      for (const KnomialLevel& level : levels) {
        double level_end = t;
        for (const TreeEdge& e : level.edges) {
          const double cost = alpha + beta * unit * (subtrees ? e.subtree_size : 1);
          if (ported) {
            received[e.vrank] = t + cost;
            level_end = std::max(level_end, t + cost);
          } else {
            t += cost;
            received[e.vrank] = t;
            level_end = t;
          }
        }
        t = level_end;
      }
      last = std::max(last, t);
    }
    for (double r : received) last = std::max(last, r);
    (ported ? result.ported : result.one_port) = last;
  }
  return result;
}

/// Bottom-up (reduce: `unit`·1 per message; gather: `unit`·subtree size): a rank posts a
/// level's receives together; one port serves them in order of their senders' start, k−1
/// ports at once; a rank sends to its parent when its last level is in.
Times bottomup(int p, int k, double alpha, double beta, double unit, bool subtrees) {
  Times result;
  for (const bool ported : {false, true}) {
    std::vector<double> done(p, 0.0);
    for (int v = p - 1; v >= 0; --v) { // children follow their parents in vrank order
      double t = 0;
      for (const KnomialLevel& level : knomial_child_levels(v, p, k)) {
        std::vector<TreeEdge> edges = level.edges;
        std::sort(edges.begin(), edges.end(), [&](const TreeEdge& a, const TreeEdge& b) {
          return done[a.vrank] < done[b.vrank];
        });
        double port = t, level_end = t;
        for (const TreeEdge& e : edges) {
          const double cost = alpha + beta * unit * (subtrees ? e.subtree_size : 1);
          const double start = std::max(ported ? t : port, done[e.vrank]);
          port = start + cost;
          level_end = std::max(level_end, port);
        }
        t = level_end;
      }
      done[v] = t;
    }
    (ported ? result.ported : result.one_port) = done[0];
  }
  return result;
}

bool close(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

} // namespace

TEST_CASE("k-nomial tree: a spanning tree of contiguous subtrees, p = 1..64, k = 2..8") {
  for (int k = 2; k <= 8; ++k)
    for (int p = 1; p <= 64; ++p) {
      INFO("p=" << p << " k=" << k);
      const int L = knomial_levels(p, k);
      REQUIRE(L == levels_by_powers(p, k));
      REQUIRE(knomial_parent(0, k) == -1);
      REQUIRE(knomial_subtree_size(0, p, k) == p);
      std::vector<int> parent_of(p, -1), level_of(p, -1);
      std::vector<int> topdown_rounds, bottomup_rounds;
      for (int v = 0; v < p; ++v) {
        int covered = 1; // v itself, then its children's ranges in vrank order
        int previous_level = -1;
        for (const KnomialLevel& level : knomial_child_levels(v, p, k)) {
          REQUIRE(level.level > previous_level);
          previous_level = level.level;
          REQUIRE(!level.edges.empty());
          REQUIRE(level.edges.size() <= std::size_t(k - 1));
          for (const TreeEdge& e : level.edges) {
            REQUIRE(e.vrank == v + covered); // contiguous: the child's range follows
            REQUIRE(e.round == level.level);
            REQUIRE(e.subtree_size == knomial_subtree_size(e.vrank, p, k));
            covered += e.subtree_size;
            REQUIRE(parent_of[e.vrank] == -1);
            parent_of[e.vrank] = v;
            level_of[e.vrank] = level.level;
            const int down = knomial_topdown_round(level.level, p, k);
            REQUIRE((down >= 0 && down < L));
            topdown_rounds.push_back(down);
            bottomup_rounds.push_back(level.level);
          }
        }
        REQUIRE(covered == knomial_subtree_size(v, p, k));
      }
      for (int v = 1; v < p; ++v) {
        REQUIRE(parent_of[v] == knomial_parent(v, k));
        REQUIRE(level_of[v] == knomial_level(v, k));
        // Top-down a rank sends only after it received; bottom-up only after its children.
        for (const KnomialLevel& level : knomial_child_levels(v, p, k)) {
          REQUIRE(knomial_topdown_round(level.level, p, k) >
                  knomial_topdown_round(level_of[v], p, k));
          REQUIRE(level.level < level_of[v]);
        }
      }
      // Every round of the L is used (p ≥ 2), in both directions.
      for (auto* rounds : {&topdown_rounds, &bottomup_rounds}) {
        std::sort(rounds->begin(), rounds->end());
        rounds->erase(std::unique(rounds->begin(), rounds->end()), rounds->end());
        REQUIRE(int(rounds->size()) == L);
      }
      if (k == 2) REQUIRE(L == ceil_log2(p)); // the binomial tree
    }
}

TEST_CASE("k-nomial tree: every root reaches every rank once through real ranks") {
  for (int k : {2, 3, 4, 7})
    for (int p = 1; p <= 64; ++p)
      for (int root = 0; root < p; ++root) {
        std::vector<int> hits(p, 0);
        hits[root] = 1;
        for (int v = 0; v < p; ++v)
          for (const KnomialLevel& level : knomial_child_levels(v, p, k))
            for (const TreeEdge& e : level.edges) {
              ++hits[real_rank(e.vrank, root, p)];
              REQUIRE(real_rank(knomial_parent(e.vrank, k), root, p) == real_rank(v, root, p));
            }
        INFO("p=" << p << " k=" << k << " root=" << root);
        REQUIRE(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }));
      }
}

TEST_CASE("k-nomial costs: one port and k−1 ports against the formulas, p = 1..64, k = 2..8") {
  for (int k = 2; k <= 8; ++k)
    for (int p = 1; p <= 64; ++p)
      for (double m : {0.0, 1.0, 4000.0, 1e6})
        for (const auto& [alpha, beta] : {std::pair{1e-6, 2e-10}, {3.0, 0.25}}) {
          INFO("p=" << p << " k=" << k << " m=" << m << " α=" << alpha << " β=" << beta);
          const bool exact = power_of(p, k);
          const Times bcast = topdown(p, k, alpha, beta, m, false);
          const Times reduce = bottomup(p, k, alpha, beta, m, false);
          const Times scatter = topdown(p, k, alpha, beta, m / p, true);
          const Times gather = bottomup(p, k, alpha, beta, m / p, true);
          const double one = knomial_bcast_cost(p, m, alpha, beta, k);
          const double ported = knomial_ported_bcast_cost(p, m, alpha, beta, k);
          const double one_g = knomial_gather_cost(p, m, alpha, beta, k);
          const double ported_g = knomial_ported_gather_cost(p, m, alpha, beta, k);
          for (const Times* t : {&bcast, &reduce}) {
            CHECK(t->one_port <= one * (1 + 1e-12));
            CHECK(close(t->ported, ported)); // exact for every p
            if (exact) CHECK(close(t->one_port, one));
          }
          for (const Times* t : {&scatter, &gather}) {
            CHECK(t->one_port <= one_g * (1 + 1e-12));
            CHECK(t->ported <= ported_g * (1 + 1e-12));
            if (exact) {
              CHECK(close(t->one_port, one_g));
              CHECK(close(t->ported, ported_g));
            }
          }
        }
}

TEST_CASE("Bruck in radix k: every block reaches its destination, p = 1..64, k = 2..8") {
  for (int k = 2; k <= 8; ++k)
    for (int p = 1; p <= 64; ++p) {
      INFO("p=" << p << " k=" << k);
      const auto steps = bruck_radix_steps(p, k);
      REQUIRE(int(steps.size()) == bruck_radix_rounds(p, k));
      if (power_of(p, k)) REQUIRE(bruck_radix_rounds(p, k) == (k - 1) * knomial_levels(p, k));
      if (k == 2) REQUIRE(bruck_radix_rounds(p, k) == ceil_log2(p));
      // Slot j (the block from o to o + j) starts on rank o and moves by d·k^x in the round of
      // its digit x = d; it ends on its destination whatever o, so follow offsets from o.
      std::vector<long long> moved(p, 0);
      double time = 0;
      for (const RadixStep& s : steps) {
        const std::vector<int> slots = slots_with_digit(p, k, s.position, s.digit);
        REQUIRE(!slots.empty());
        REQUIRE(2 * slots.size() <= std::size_t(p)); // at most half of the blocks per round
        for (int j : slots) moved[j] += s.distance;
        time += 1 + double(slots.size()) / p;
      }
      for (int j = 0; j < p; ++j) REQUIRE(moved[j] == j);
      CHECK(close(bruck_radix_time(p, 1, 1, 1, k), time));
      CHECK(bruck_radix_time(p, 1e6, 1e-6, 2e-10, k) <=
            bruck_radix_bound(p, 1e6, 1e-6, 2e-10, k) * (1 + 1e-12));
    }
}
