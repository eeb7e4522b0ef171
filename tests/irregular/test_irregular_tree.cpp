// Träff's linear-time gather tree (seeds/000 §2): cube arithmetic, the merge rule, the shape
// of the tree, and Lemma 1, Lemma 4 and Theorem 1 as cost bounds, for p = 1..64, every root
// (and Lemma 1's free root), every problem type.
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/gather_schedule.hpp"
#include "collscope/schedule/irregular_tree.hpp"
#include "problem_cases.hpp"

#include <catch2/catch.hpp>
#include <numeric>

using namespace collscope::schedule;
using collscope::test::block_cases;
using collscope::test::BlockCase;

namespace {

std::int64_t sum(std::span<const std::int64_t> blocks, RankRange range) {
  return std::accumulate(blocks.begin() + range.begin, blocks.begin() + range.end, std::int64_t{0});
}

std::int64_t sum(std::span<const std::int64_t> blocks) {
  return sum(blocks, {0, static_cast<int>(blocks.size())});
}

struct AlphaBeta {
  double alpha, beta;
};
constexpr AlphaBeta models[] = {{1.0, 1.0}, {100.0, 1.0}, {1.0, 0.01}};

/// The tree's shape: one root, parents and children agree, one child per level below each
/// non-root node, every child carries exactly its cube, depth ≤ ⌈log₂p⌉, ordered schedule.
void check_shape(const IrregularTree& tree, std::span<const std::int64_t> blocks, int root) {
  const int p = static_cast<int>(blocks.size());
  const int levels = irregular_levels(p);
  if (root >= 0) REQUIRE(tree.root == root);
  REQUIRE(tree.nodes[tree.root].parent == -1);
  REQUIRE(tree.nodes[tree.root].bytes == sum(blocks));
  for (int v = 0; v < p; ++v) {
    INFO("rank " << v);
    const IrregularNode& node = tree.nodes[v];
    if (v != tree.root) {
      REQUIRE(node.parent >= 0);
      REQUIRE((0 <= node.level && node.level < levels));
      REQUIRE(node.bytes == sum(blocks, cube_of(v, node.level, p)));
      int depth = 0;
      for (int u = v; u != tree.root; u = tree.nodes[u].parent) REQUIRE(++depth <= levels);
    }
    int previous = -1;
    for (const IrregularChild& child : node.children) {
      INFO("child " << child.rank << " at level " << child.level);
      REQUIRE(child.level > previous);
      previous = child.level;
      if (v != tree.root) REQUIRE(child.level < node.level);
      const RankRange sibling = sibling_cube(v, child.level, p);
      REQUIRE(child.cube.begin == sibling.begin);
      REQUIRE(child.cube.end == sibling.end);
      REQUIRE(child.cube.contains(child.rank));
      REQUIRE(child.bytes == sum(blocks, child.cube));
      REQUIRE_FALSE(child.direct);
      const IrregularNode& c = tree.nodes[child.rank];
      REQUIRE(c.parent == v);
      REQUIRE(c.level == child.level);
      REQUIRE(c.bytes == child.bytes);
      const std::vector<RankRange> carried = carried_ranges(tree, child.rank);
      REQUIRE(carried.size() == 1);
      REQUIRE(carried[0].begin == child.cube.begin);
      REQUIRE(carried[0].end == child.cube.end);
    }
  }
  REQUIRE(is_ordered(schedule_of(tree)));
}

} // namespace

TEST_CASE("ordered hypercube: cubes, fixed roots and siblings", "[irregular-tree]") {
  for (int p = 1; p <= 64; ++p) {
    REQUIRE(irregular_levels(p) == ceil_log2(p));
    for (int level = 0; level < irregular_levels(p); ++level)
      for (int rank = 0; rank < p; ++rank) {
        INFO("p = " << p << ", level = " << level << ", rank = " << rank);
        const RankRange cube = cube_of(rank, level, p);
        REQUIRE(cube.contains(rank));
        REQUIRE(cube.begin % (1 << level) == 0);
        REQUIRE(cube.size() == std::min(1 << level, p - cube.begin));
        REQUIRE(fixed_root(rank, level, p) == cube.end - 1);
        const RankRange sibling = sibling_cube(rank, level, p);
        const RankRange parent = cube_of(rank, level + 1, p);
        if (sibling.size() == 0) {
          REQUIRE(parent.begin == cube.begin);
          REQUIRE(parent.end == cube.end);
          REQUIRE(fixed_root(rank, level + 1, p) == p - 1);
          continue;
        }
        REQUIRE(std::min(cube.begin, sibling.begin) == parent.begin);
        REQUIRE(std::max(cube.end, sibling.end) == parent.end);
        REQUIRE((cube.end == sibling.begin || sibling.end == cube.begin));
        // The merged cube's fixed root is the upper cube's, as the lecture's invariant needs.
        REQUIRE(fixed_root(rank, level + 1, p) == std::max(cube.end, sibling.end) - 1);
      }
  }
}

TEST_CASE("merge rule: the faster cube sends, ties and the given root", "[irregular-tree]") {
  const int p = 8, level = 1;                   // cubes [0,2) and [2,4)
  const CubeInfo low{1, 10, 4}, high{3, 10, 2}; // e = 6 and 8
  const IrregularOptions lemma1{}, lemma4{Estimate::total, 0};
  CHECK(merge_cubes(low, high, level, -1, p, lemma1).upper_wins);
  CHECK(merge_cubes(low, high, level, -1, p, lemma1).merged.bytes == 20);
  CHECK(merge_cubes(low, high, level, -1, p, lemma1).merged.gather_root == 3);
  CHECK(merge_cubes(high, low, level, -1, p, lemma1).merged.gather_root == 3);
  CHECK(merge_cubes({1, 9, 0}, {3, 10, 1}, level, -1, p, lemma1).upper_wins); // e tie: S decides
  CHECK_FALSE(merge_cubes({1, 10, 1}, {3, 9, 0}, level, -1, p, lemma1).upper_wins);
  CHECK(merge_cubes({1, 10, 1}, {3, 10, 1}, level, -1, p, lemma1).upper_wins); // full tie
  CHECK(merge_cubes({1, 10, 1}, {3, 10, 5}, level, -1, p, lemma4).upper_wins); // S tie
  CHECK_FALSE(merge_cubes({1, 11, 1}, {3, 10, 5}, level, -1, p, lemma4).upper_wins);
  for (int root = 0; root < 4; ++root) { // the cube holding the root always receives
    const Merge m = merge_cubes(low, high, level, root, p, lemma1);
    CHECK(m.upper_wins == (root >= 2));
    CHECK_FALSE(m.direct);
  }
  const IrregularOptions degrade{Estimate::gather_time, 10};
  const Merge m = merge_cubes(low, high, level, 5, p, degrade); // root 5 is elsewhere
  CHECK(m.direct);
  CHECK(m.merged.bytes == 10);
  CHECK_FALSE(merge_cubes(low, high, level, 3, p, degrade).direct); // winner is the root
  CHECK_FALSE(merge_cubes(low, high, level, -1, p, degrade).direct);
  CHECK_FALSE(merge_cubes(low, high, level, 5, p, {Estimate::gather_time, 11}).direct);
}

TEST_CASE("Träff tree: shape for every p, root and problem", "[irregular-tree]") {
  for (int p = 1; p <= 64; ++p)
    for (const BlockCase& c : block_cases(p))
      for (Estimate estimate : {Estimate::gather_time, Estimate::total})
        for (int root = -1; root < p; ++root) {
          INFO("p = " << p << ", root = " << root << ", " << c.name
                      << (estimate == Estimate::total ? ", Lemma 4" : ", Lemma 1"));
          check_shape(irregular_gather_tree(c.blocks, root, {estimate, 0}), c.blocks, root);
        }
}

TEST_CASE("Lemma 1: the tree's own root gathers in ⌈log₂p⌉α + β·Σ_{i≠r} m_i",
          "[irregular-tree][lemma]") {
  for (int p = 1; p <= 64; ++p)
    for (const BlockCase& c : block_cases(p)) {
      const IrregularTree tree = irregular_gather_tree(c.blocks, -1);
      const GatherSchedule schedule = schedule_of(tree);
      const double others = static_cast<double>(sum(c.blocks) - c.blocks[tree.root]);
      for (const auto [alpha, beta] : models)
        for (bool skip : {true, false}) {
          INFO("p = " << p << ", " << c.name << ", α = " << alpha << ", β = " << beta);
          const double bound = irregular_levels(p) * alpha + beta * others;
          REQUIRE(gather_time(schedule, c.blocks, {alpha, beta, skip, false}) <= bound + 1e-9);
          REQUIRE(scatter_time(schedule, c.blocks, {alpha, beta, skip, false}) <= bound + 1e-9);
          REQUIRE(theorem1_bound(tree, c.blocks, alpha, beta) == Approx(bound));
        }
    }
}

TEST_CASE("Lemma 4: with copy costs the tree gathers in ⌈log₂p⌉α + β·Σ m_i",
          "[irregular-tree][lemma]") {
  for (int p = 1; p <= 64; ++p)
    for (const BlockCase& c : block_cases(p)) {
      const IrregularTree tree = irregular_gather_tree(c.blocks, -1, {Estimate::total, 0});
      for (const auto [alpha, beta] : models) {
        INFO("p = " << p << ", " << c.name << ", α = " << alpha << ", β = " << beta);
        const double bound =
            irregular_levels(p) * alpha + beta * static_cast<double>(sum(c.blocks));
        REQUIRE(gather_time(schedule_of(tree), c.blocks, {alpha, beta, false, true}) <=
                bound + 1e-9);
      }
    }
}

TEST_CASE("Theorem 1: a given root gathers and scatters within the bound, penalty < β·Σ m",
          "[irregular-tree][lemma]") {
  for (int p = 1; p <= 64; ++p)
    for (const BlockCase& c : block_cases(p))
      for (int root = 0; root < p; ++root) {
        const IrregularTree tree = irregular_gather_tree(c.blocks, root);
        const GatherSchedule schedule = schedule_of(tree);
        const double others = static_cast<double>(sum(c.blocks) - c.blocks[root]);
        for (const auto [alpha, beta] : models) {
          INFO("p = " << p << ", root = " << root << ", " << c.name << ", α = " << alpha
                      << ", β = " << beta);
          const double bound = theorem1_bound(tree, c.blocks, alpha, beta);
          const double linear_time = irregular_levels(p) * alpha + beta * others;
          REQUIRE(bound >= linear_time - 1e-9);
          REQUIRE(bound - linear_time <= beta * others + 1e-9);
          for (bool skip : {true, false}) {
            const CostModel model{alpha, beta, skip, false};
            REQUIRE(gather_time(schedule, c.blocks, model) <= bound + 1e-9);
            REQUIRE(scatter_time(schedule, c.blocks, model) <= bound + 1e-9);
          }
        }
      }
}

TEST_CASE("equal blocks, p = 2^k: exactly kα + (p − 1)βb at every root", "[irregular-tree]") {
  for (int k = 0; k <= 6; ++k) {
    const int p = 1 << k, b = 3;
    const std::vector<std::int64_t> blocks(static_cast<std::size_t>(p), b);
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      const GatherSchedule schedule = schedule_of(irregular_gather_tree(blocks, root));
      REQUIRE(gather_time(schedule, blocks, {1.0, 1.0, true, false}) == k + (p - 1) * b);
      REQUIRE(scatter_time(schedule, blocks, {1.0, 1.0, true, false}) == k + (p - 1) * b);
    }
  }
}

TEST_CASE("worst case for fixed trees: binomial ⌈log₂p⌉(α + βm), Träff α + βm",
          "[irregular-tree]") {
  for (int k = 1; k <= 6; ++k) {
    const int p = 1 << k;
    for (int root = 0; root < p; ++root) {
      // The binomial tree's deepest vrank, p − 1, is k hops from the root.
      const int far = real_rank(p - 1, root, p);
      const auto blocks = collscope::test::widen(single_block(p, far, 1000));
      INFO("p = " << p << ", root = " << root << ", data at " << far);
      const CostModel oblivious{1.0, 1.0, false, false}, ours{1.0, 1.0, true, false};
      REQUIRE(gather_time(binomial_schedule(p, root), blocks, oblivious) == k * (1.0 + 1000));
      REQUIRE(gather_time(schedule_of(irregular_gather_tree(blocks, root)), blocks, ours) ==
              1.0 + 1000);
    }
  }
}

TEST_CASE("graceful degradation: big subtrees go straight to the root", "[irregular-tree]") {
  for (int p = 1; p <= 64; ++p)
    for (const BlockCase& c : block_cases(p))
      for (std::int64_t threshold : {1, 50, 1000, 100000}) {
        for (int root : {0, p / 2, p - 1}) {
          INFO("p = " << p << ", root = " << root << ", " << c.name << ", T = " << threshold);
          const IrregularTree tree = irregular_gather_tree(c.blocks, root, {{}, threshold});
          REQUIRE(tree.root == root);
          // Every block reaches the root exactly once: the root's children carry disjoint
          // ranges that, with the root, cover [0, p); each message is what it carries.
          std::vector<int> covered(static_cast<std::size_t>(p), 0);
          covered[root] = 1;
          for (const IrregularChild& child : tree.nodes[root].children) {
            std::int64_t carried = 0;
            for (const RankRange& r : carried_ranges(tree, child.rank)) {
              carried += sum(c.blocks, r);
              for (int k = r.begin; k < r.end; ++k) ++covered[k];
            }
            REQUIRE(carried == child.bytes);
            if (child.direct) REQUIRE(child.bytes >= threshold);
          }
          REQUIRE(std::count(covered.begin(), covered.end(), 1) == p);
          for (int v = 0; v < p; ++v) {
            const IrregularNode& node = tree.nodes[v];
            if (node.direct) REQUIRE(node.parent == root);
            if (v == root) continue;
            std::int64_t carried = 0;
            for (const RankRange& r : carried_ranges(tree, v)) carried += sum(c.blocks, r);
            REQUIRE(carried == node.bytes);
          }
          if (threshold > sum(c.blocks)) { // never reached: the plain tree
            const IrregularTree plain = irregular_gather_tree(c.blocks, root);
            for (int v = 0; v < p; ++v) {
              REQUIRE(tree.nodes[v].parent == plain.nodes[v].parent);
              REQUIRE(tree.nodes[v].level == plain.nodes[v].level);
              REQUIRE_FALSE(tree.nodes[v].direct);
            }
          }
        }
      }
}

TEST_CASE("the example in irregular_tree.hpp", "[irregular-tree]") {
  const std::vector<std::int64_t> m{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5};
  const IrregularTree tree = irregular_gather_tree(m, 9);
  const int parent[] = {2, 0, 5, 2, 5, 9, 7, 5, 9, -1, 9};
  const int level[] = {1, 0, 2, 0, 0, 3, 0, 1, 0, -1, 1};
  for (int v = 0; v < 11; ++v) {
    INFO("rank " << v);
    CHECK(tree.nodes[v].parent == parent[v]);
    CHECK(tree.nodes[v].level == level[v]);
  }
  CHECK(tree.nodes[5].bytes == 31);
  const CostModel model{1.0, 1.0, true, false};
  CHECK(gather_time(schedule_of(tree), m, model) == 57);
  CHECK(theorem1_bound(tree, m, 1.0, 1.0) == 57);
  const IrregularTree free_root = irregular_gather_tree(m, -1);
  CHECK(free_root.root == 5);
  CHECK(gather_time(schedule_of(free_root), m, model) == 39);
}
