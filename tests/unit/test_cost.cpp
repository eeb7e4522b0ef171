// α-β cost formulas: the lecture's worked numbers, and the same formulas recovered by timing
// the actual schedules (1-ported: a rank receives one message after the other).
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/circulant.hpp"
#include "collscope/schedule/cost.hpp"
#include "collscope/schedule/divide_conquer.hpp"
#include "collscope/schedule/pipeline.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

using namespace collscope::schedule;

namespace {

struct Model {
  double m, alpha, beta;
};
const Model models[] = {{1.0, 1.0, 1.0}, {700.0, 3.0, 0.5}, {1e6, 1e-6, 1e-9}, {8.0, 1e-5, 1e-8}};

struct Transfer {
  int round, from, to, blocks; // blocks of m/p each
};

// Completion time of a gather whose senders send once, after all their receives.
double gather_time(std::vector<Transfer> transfers, int p, const Model& c) {
  std::stable_sort(transfers.begin(), transfers.end(),
                   [](const Transfer& a, const Transfer& b) { return a.round < b.round; });
  std::vector<double> done(p, 0.0); // when the rank's last receive finished
  for (const Transfer& t : transfers) {
    const double start = std::max(done[t.from], done[t.to]);
    done[t.to] = start + c.alpha + c.beta * t.blocks * c.m / p;
  }
  return *std::max_element(done.begin(), done.end());
}

// Completion time of a broadcast of the whole m where each vrank sends to its children, in the
// order given, after it has received; parents have smaller vranks than their children.
template <class Children> double bcast_time(int p, const Model& c, Children children_of) {
  std::vector<double> ready(p, 0.0);
  double last = 0.0;
  for (int v = 0; v < p; ++v) {
    double t = ready[v];
    for (int child : children_of(v)) {
      t += c.alpha + c.beta * c.m;
      ready[child] = t;
      last = std::max(last, t);
    }
  }
  return last;
}

} // namespace

TEST_CASE("round counts", "[cost]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    CHECK(linear_rounds(p) == p - 1);
    int deepest = -1; // the binomial gather uses rounds 0 … max lowest set bit
    for (int v = 1; v < p; ++v) deepest = std::max(deepest, preorder_gather_round(v));
    CHECK(logarithmic_rounds(p) == deepest + 1);
  }
}

TEST_CASE("cost formulas reproduce the lecture's numbers for p = 7", "[cost][lecture]") {
  const double m = 700, a = 3, b = 0.5;                          // βm/p = 50
  CHECK(tree_gather_cost(7, m, a, b) == Approx(3 * a + 6 * 50)); // 3α + β·6m/7
  CHECK(dissemination_allgather_cost(7, m, a, b) == Approx(3 * a + 6 * 50));
  CHECK(linear_rooted_cost(7, m, a, b) == Approx(6 * a + 6 * 50)); // (p−1)α + (p−1)/p·βm
  CHECK(ring_allgather_cost(7, m, a, b) == Approx(6 * (a + 50)));  // (p−1)(α + βm/p)
  CHECK(linear_bcast_cost(7, m, a, b) == Approx(6 * (a + b * m)));
  CHECK(tree_bcast_cost(7, m, a, b) == Approx(3 * (a + b * m)));
  CHECK(bcast_pipeline_cost(4, 600, a, b, 3) == Approx(5 * (a + b * 200))); // p − 1 + M − 1
  CHECK(tree_gather_cost(1, m, a, b) == 0);
  CHECK(tree_bcast_cost(1, m, a, b) == 0);
  CHECK(bcast_pipeline_cost(1, m, a, b, 4) == 0);
  CHECK(bcast_pipeline_cost(7, m, a, b, 0) == 0);
}

TEST_CASE("timed binomial schedules cost what the formulas say", "[cost][binomial]") {
  for (int p = 1; p <= 64; ++p) {
    for (const Model& c : models) {
      INFO("p = " << p << ", m = " << c.m << ", alpha = " << c.alpha << ", beta = " << c.beta);
      std::vector<Transfer> gather;
      for (int v = 0; v < p; ++v)
        for (const TreeEdge& e : preorder_children(v, p))
          gather.push_back({e.round, e.vrank, v, e.subtree_size});
      CHECK(gather_time(gather, p, c) == Approx(tree_gather_cost(p, c.m, c.alpha, c.beta)));

      const double bitreversed = bcast_time(p, c, [p](int v) {
        std::vector<int> to;
        for (const TreeEdge& e : bitreversed_children(v, p)) to.push_back(e.vrank);
        return to;
      });
      CHECK(bitreversed == Approx(tree_bcast_cost(p, c.m, c.alpha, c.beta)));
      const double preorder = bcast_time(p, c, [p](int v) { // largest subtree first
        std::vector<int> to;
        for (const TreeEdge& e : preorder_children(v, p)) to.insert(to.begin(), e.vrank);
        return to;
      });
      CHECK(preorder == Approx(tree_bcast_cost(p, c.m, c.alpha, c.beta)));
    }
  }
}

TEST_CASE("timed circulant schedules cost what the formulas say", "[cost][circulant]") {
  for (int p = 1; p <= 64; ++p) {
    for (const Model& c : models) {
      INFO("p = " << p << ", m = " << c.m);
      double ring = 0, dissemination = 0; // every rank is busy every step: steps add up
      for (int i = 0; i < p - 1; ++i)
        ring += c.alpha + c.beta * ring_allgather_step(0, p, i).blocks * c.m / p;
      for (int k = 0; k < ceil_log2(p); ++k)
        dissemination += c.alpha + c.beta * dissemination_round(0, p, k).blocks * c.m / p;
      CHECK(ring == Approx(ring_allgather_cost(p, c.m, c.alpha, c.beta)));
      CHECK(dissemination == Approx(dissemination_allgather_cost(p, c.m, c.alpha, c.beta)));
    }
  }
}

// The lecture gives divide-and-conquer gather the binomial formula. Because the root keeps the
// larger half (divide_conquer.hpp), the timed schedule meets it exactly for every p and root;
// with the lecture's ⌊n/2⌋ split it would be up to ⌈log₂p⌉ − 1 blocks of βm/p slower.
TEST_CASE("timed divide-and-conquer gather against the tree formula", "[cost][dnc]") {
  for (int p = 1; p <= 64; ++p) {
    const Model c{double(p), 0.0, 1.0}; // β·m/p = 1: the time counts blocks on the critical path
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      std::map<std::pair<int, int>, DncLevel> tree;
      for (int r = 0; r < p; ++r)
        for (const DncLevel& l : dnc_levels(r, root, p)) tree.insert({{l.begin, l.end}, l});
      std::vector<Transfer> gather;
      for (const auto& [range, l] : tree)
        gather.push_back({l.gather_round(), l.subroot, l.root, l.sub_end() - l.sub_begin()});
      const double blocks = gather_time(gather, p, c);
      const double formula = tree_gather_cost(p, c.m, c.alpha, c.beta);
      CHECK(blocks == Approx(formula));
    }
  }
}

TEST_CASE("pipelined broadcast approaches the pipelining lemma's best time", "[cost][lecture]") {
  const double alpha = 1e-6, beta = 1e-9;
  for (int p = 3; p <= 64; ++p) {
    for (double m : {1e5, 1e7, 1e9}) {
      INFO("p = " << p << ", m = " << m);
      const double lemma = (p - 2) * alpha + 2 * std::sqrt((p - 2) * alpha * beta * m) + beta * m;
      const int blocks = pipeline_best_blocks(p, std::int64_t{1} << 40, m, alpha, beta);
      const double best = bcast_pipeline_cost(p, m, alpha, beta, blocks);
      CHECK(best >= lemma * (1 - 1e-12)); // the lemma's real-valued M is a lower bound
      CHECK(best <= lemma * 1.01);
      // One block is the linear chain: p − 1 sends of the whole message.
      CHECK(bcast_pipeline_cost(p, m, alpha, beta, 1) ==
            Approx(linear_bcast_cost(p, m, alpha, beta)));
      if (m >= 1e7) CHECK(best < tree_bcast_cost(p, m, alpha, beta)); // m ≫ p favours it
    }
    // A tiny message goes faster down a binomial tree than down a chain.
    const int tiny = pipeline_best_blocks(p, 1, 8.0, alpha, beta);
    if (p >= 4)
      CHECK(tree_bcast_cost(p, 8.0, alpha, beta) < bcast_pipeline_cost(p, 8.0, alpha, beta, tiny));
  }
}
