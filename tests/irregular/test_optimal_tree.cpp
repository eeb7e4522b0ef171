// The lecture's dynamic program for the ordered gather tree of minimum time against brute
// force over every ordered schedule (p ≤ 8), and against the trees collscope builds.
#include "collscope/schedule/gather_schedule.hpp"
#include "collscope/schedule/irregular_tree.hpp"
#include "collscope/schedule/optimal_tree.hpp"
#include "problem_cases.hpp"

#include <catch2/catch.hpp>
#include <functional>
#include <numeric>
#include <set>

using namespace collscope::schedule;
using collscope::test::block_cases;
using collscope::test::BlockCase;

namespace {

long catalan(int n) {
  long c = 1;
  for (int k = 0; k < n; ++k) c = c * 2 * (2 * k + 1) / (k + 2);
  return c;
}

std::vector<int> parents(const GatherSchedule& s) {
  std::vector<int> out;
  for (const ScheduleNode& node : s) out.push_back(node.parent);
  for (const ScheduleNode& node : s) {
    out.push_back(-2);
    out.insert(out.end(), node.receives.begin(), node.receives.end());
  }
  return out;
}

/// Every (parent array, receive orders) with root `root` that is_ordered accepts, found
/// without the enumeration's recursion: all p^(p−1) parent arrays, all permutations.
long count_by_filtering(int p, int root) {
  long count = 0;
  std::vector<int> parent(static_cast<std::size_t>(p), 0);
  const std::function<void(int)> assign = [&](int v) {
    if (v == p) {
      GatherSchedule s(static_cast<std::size_t>(p));
      for (int u = 0; u < p; ++u) {
        s[u].parent = u == root ? -1 : parent[u];
        if (u != root) s[parent[u]].receives.push_back(u);
      }
      for (int u = 0; u < p; ++u) { // reject cycles: every path must reach the root
        int w = u, steps = 0;
        while (w != root && steps++ <= p) w = s[w].parent;
        if (w != root) return;
      }
      const std::function<void(int)> orders = [&](int u) {
        if (u == p) {
          count += is_ordered(s) ? 1 : 0;
          return;
        }
        auto& r = s[u].receives;
        std::sort(r.begin(), r.end());
        do orders(u + 1);
        while (std::next_permutation(r.begin(), r.end()));
      };
      orders(0);
      return;
    }
    if (v == root) return assign(v + 1);
    for (int q = 0; q < p; ++q)
      if (q != v) {
        parent[v] = q;
        assign(v + 1);
      }
  };
  assign(0);
  return count;
}

} // namespace

TEST_CASE("enumeration: every ordered schedule exactly once", "[optimal]") {
  for (int p = 1; p <= 8; ++p) {
    long total = 0;
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      std::set<std::vector<int>> seen;
      for_each_ordered_schedule(p, root, [&](const GatherSchedule& s) {
        REQUIRE(schedule_root(s) == root);
        REQUIRE(is_ordered(s));
        REQUIRE(seen.insert(parents(s)).second);
      });
      total += static_cast<long>(seen.size());
      if (p <= 6) REQUIRE(static_cast<long>(seen.size()) == count_by_filtering(p, root));
    }
    REQUIRE(total == catalan(p - 1) << (p - 1));
  }
}

TEST_CASE("dynamic program = brute force over all ordered trees, p ≤ 8", "[optimal]") {
  const CostModel models[] = {{1.0, 1.0, true, false},
                              {1.0, 1.0, false, false},
                              {50.0, 1.0, true, false},
                              {1.0, 0.01, false, false},
                              {2.0, 1.0, true, true}};
  for (int p = 1; p <= 8; ++p)
    for (const BlockCase& c : block_cases(p, {1, 10}, 1))
      for (const CostModel& model : models)
        for (int root = -1; root < p; ++root) {
          INFO("p = " << p << ", root = " << root << ", " << c.name << ", α = " << model.alpha
                      << ", β = " << model.beta << ", skip empty " << model.skip_empty << ", copy "
                      << model.copy_own);
          const OptimalTree best = optimal_ordered_tree(c.blocks, root, model);
          double brute = std::numeric_limits<double>::infinity();
          for (int r = root < 0 ? 0 : root; r < (root < 0 ? p : root + 1); ++r)
            brute = std::min(brute, brute_force_ordered_time(c.blocks, r, model));
          REQUIRE(best.time == Approx(brute));
          // The reconstructed tree is ordered and takes exactly the optimal time.
          REQUIRE(is_ordered(best.schedule));
          if (root >= 0) REQUIRE(schedule_root(best.schedule) == root);
          REQUIRE(gather_time(best.schedule, c.blocks, model) == Approx(best.time));
        }
}

TEST_CASE("no ordered tree beats the optimum: Träff, binomial, linear", "[optimal]") {
  for (int p = 1; p <= 40; ++p)
    for (const BlockCase& c : block_cases(p, {1, 100}, 1))
      for (int root : {-1, 0, p / 2, p - 1}) {
        INFO("p = " << p << ", root = " << root << ", " << c.name);
        const CostModel model{1.0, 0.1, true, false};
        const double best = optimal_ordered_tree(c.blocks, root, model).time;
        const IrregularTree tree = irregular_gather_tree(c.blocks, root);
        REQUIRE(best <= gather_time(schedule_of(tree), c.blocks, model) + 1e-9);
        if (root <= 0) {
          const int r = root < 0 ? 0 : root;
          REQUIRE(best <= gather_time(binomial_schedule(p, r), c.blocks, model) + 1e-9);
          REQUIRE(best <= gather_time(linear_schedule(p, r), c.blocks, model) + 1e-9);
        }
      }
}

TEST_CASE("optimal tree for the lecture's small example", "[optimal]") {
  // Equal blocks of 1, α = 1, β = 1, p = 4: the binomial tree is optimal, 2α + 3β = 5.
  const std::vector<std::int64_t> same(4, 1);
  REQUIRE(optimal_ordered_tree(same, 0, {1.0, 1.0, true, false}).time == 5.0);
  // A big block at the far end, root 0: 0 receives 1 while 3 collects 2, then 3 sends 101.
  const std::vector<std::int64_t> far{1, 1, 1, 100};
  const OptimalTree best = optimal_ordered_tree(far, 0, {1.0, 1.0, true, false});
  REQUIRE(best.time == 2 + (1 + 101));
  REQUIRE(best.schedule[3].parent == 0);
  REQUIRE(best.schedule[2].parent == 3);
  REQUIRE(best.schedule[1].parent == 0);
}

TEST_CASE("the lecture's recurrence, literally, gives the free-root optimum", "[optimal]") {
  // T[i..j] = min_k max(T[i..k], T[k+1..j]) + α + β·min(S[i..k], S[k+1..j]) (seeds/001).
  const auto lecture = [](const std::vector<std::int64_t>& m, double alpha, double beta) {
    const int p = static_cast<int>(m.size());
    std::vector<std::vector<double>> t(m.size(), std::vector<double>(m.size(), 0.0));
    std::vector<std::int64_t> prefix(m.size() + 1, 0);
    for (int i = 0; i < p; ++i) prefix[i + 1] = prefix[i] + m[i];
    const auto s = [&](int i, int j) { return static_cast<double>(prefix[j + 1] - prefix[i]); };
    for (int length = 2; length <= p; ++length)
      for (int i = 0; i + length - 1 < p; ++i) {
        const int j = i + length - 1;
        t[i][j] = std::numeric_limits<double>::infinity();
        for (int k = i; k < j; ++k)
          t[i][j] = std::min(t[i][j], std::max(t[i][k], t[k + 1][j]) + alpha +
                                          beta * std::min(s(i, k), s(k + 1, j)));
      }
    return t[0][p - 1];
  };
  for (int p = 1; p <= 40; ++p)
    for (const BlockCase& c : block_cases(p, {1, 100}, 1)) {
      INFO("p = " << p << ", " << c.name);
      REQUIRE(optimal_ordered_tree(c.blocks, -1, {1.0, 0.1, false, false}).time ==
              Approx(lecture(c.blocks, 1.0, 0.1)));
    }
}
