// Recursive halving for p = 1..64 (collscope/schedule/reduce_scatter.hpp): partners agree on
// what they exchange, every core rank ends with its own block group, and the sums are
// simulated as lists of ranks in the order they are combined: complete for both orders, in
// rank order for smallest-distance-first. Also the group → block map and the round counts.
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/reduce_scatter.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <vector>

using namespace collscope::schedule;

namespace {

using Sum = std::vector<int>; ///< ranks' inputs in the order they are combined, left to right

/// Runs the fold and halving steps of all p ranks on symbolic sums; returns the sum each core
/// rank holds for its own group at the end.
std::vector<Sum> simulate(int p, HalvingOrder order) {
  const int q = butterfly_core(p);
  // sums[v][s]: core rank v's partial sum of position s.
  std::vector<std::vector<Sum>> sums(q, std::vector<Sum>(q));
  for (int v = 0; v < q; ++v) {
    const int rank = butterfly_rank(v, p);
    const Sum mine = rank % 2 == 1 && rank < 2 * (p - q) ? Sum{rank - 1, rank} : Sum{rank};
    for (int s = 0; s < q; ++s) sums[v][s] = mine;
  }
  std::vector<std::vector<HalvingStep>> steps(q);
  for (int v = 0; v < q; ++v) steps[v] = halving_steps(v, q, order);
  for (std::size_t j = 0; j < steps[0].size(); ++j) {
    auto next = sums;
    for (int v = 0; v < q; ++v) {
      const HalvingStep& me = steps[v][j];
      const HalvingStep& other = steps[me.partner][j];
      REQUIRE(other.partner == v);
      REQUIRE(me.distance == other.distance);
      REQUIRE(other.send_first == me.keep_first);
      REQUIRE(other.send_last == me.keep_last);
      REQUIRE(me.keep_last - me.keep_first == me.send_last - me.send_first);
      for (int s = me.keep_first; s < me.keep_last; ++s) {
        const Sum& theirs = sums[me.partner][s];
        Sum combined = me.partner < v ? theirs : sums[v][s];
        const Sum& right = me.partner < v ? sums[v][s] : theirs;
        combined.insert(combined.end(), right.begin(), right.end());
        next[v][s] = combined;
      }
    }
    sums = next;
  }
  std::vector<Sum> result(q);
  for (int v = 0; v < q; ++v) {
    int kept = 0, last = q;
    if (!steps[v].empty()) {
      kept = steps[v].back().keep_first;
      last = steps[v].back().keep_last;
    }
    REQUIRE(last == kept + 1);
    REQUIRE(halving_group(kept, q, order) == v);
    result[v] = sums[v][kept];
  }
  return result;
}

} // namespace

TEST_CASE("halving: groups are the core ranks' blocks, contiguous in rank order") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int q = butterfly_core(p);
    CHECK(halving_group_first_block(0, p) == 0);
    CHECK(halving_group_first_block(q, p) == p);
    for (int v = 0; v < q; ++v) {
      const int first = halving_group_first_block(v, p), next = halving_group_first_block(v + 1, p);
      CHECK(next - first == (v < p - q ? 2 : 1));
      CHECK(butterfly_rank(v, p) == next - 1); // the odd rank of a pair stands for both
    }
    for (const HalvingOrder order : {HalvingOrder::largest_first, HalvingOrder::smallest_first}) {
      std::vector<int> seen(q, 0);
      for (int s = 0; s < q; ++s) ++seen[halving_group(s, q, order)];
      for (int v = 0; v < q; ++v) CHECK(seen[v] == 1);
    }
  }
}

TEST_CASE("halving: every rank's sum is complete; smallest distance first keeps rank order") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    Sum in_order(p);
    std::iota(in_order.begin(), in_order.end(), 0);
    for (const Sum& sum : simulate(p, HalvingOrder::smallest_first)) CHECK(sum == in_order);
    for (Sum sum : simulate(p, HalvingOrder::largest_first)) {
      const bool ordered = sum == in_order;
      std::sort(sum.begin(), sum.end());
      CHECK(sum == in_order);
      if (p >= 4 && butterfly_core(p) >= 4) CHECK_FALSE(ordered); // why it is commutative-only
    }
  }
}

TEST_CASE("halving: distances, rounds and costs") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int q = butterfly_core(p);
    for (int v = 0; v < q; ++v) {
      const auto largest = halving_steps(v, q, HalvingOrder::largest_first);
      const auto smallest = halving_steps(v, q, HalvingOrder::smallest_first);
      REQUIRE(static_cast<int>(largest.size()) == floor_log2(q));
      REQUIRE(smallest.size() == largest.size());
      for (std::size_t j = 0; j < largest.size(); ++j) {
        CHECK(largest[j].distance == q >> (j + 1));
        CHECK(smallest[j].distance == 1 << j);
        CHECK(largest[j].send_last - largest[j].send_first == q >> (j + 1));
      }
    }
    CHECK(reduce_scatter_ring_rounds(p) == p - 1);
    CHECK(reduce_scatter_halving_rounds(p) == (q == p ? ceil_log2(p) : floor_log2(p) + 2));
    CHECK(rabenseifner_rounds(p) == 2 * ceil_log2(p));
    const double m = 4096, a = 1e-6, b = 2e-10;
    if (q == p) { // exact: the sent halves add up to (p − 1)/p of the vector
      CHECK(reduce_scatter_halving_cost(p, m, a, b) ==
            Approx(ceil_log2(p) * a + (p - 1.0) / p * b * m));
      CHECK(rabenseifner_cost(p, m, a, b) ==
            Approx(2 * ceil_log2(p) * a + 2 * (p - 1.0) / p * b * m));
    } else { // the bound covers fold (m), halving (≤ 2(q − 1) blocks of m/p) and unfold (m/p)
      CHECK(reduce_scatter_halving_cost(p, m, a, b) >=
            reduce_scatter_halving_rounds(p) * a + b * m * (1 + 2.0 * (q - 1) / p + 1.0 / p));
      CHECK(rabenseifner_cost(p, m, a, b) >=
            rabenseifner_rounds(p) * a + b * m * (2 + 2.0 * (q - 1) / q));
    }
  }
}
