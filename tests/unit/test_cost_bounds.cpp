// Every cost the registry prints for gatherv, scatterv and allgatherv is an upper bound: the
// α-β time of the algorithm's own schedule (construction and distribution phases included, see
// schedule::irregular_model_time; the rings' ring_pipeline.hpp) never exceeds the printed
// formula evaluated at the problem's total m (allgatherv: its largest block and piece), for
// every p, root and problem type.
#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/irregular_problem.hpp"
#include "collscope/schedule/ring_pipeline.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace collscope;

TEST_CASE("gatherv and scatterv: the schedule's α-β time never exceeds the printed cost") {
  const double alpha = default_alpha_s, beta = default_beta_s_per_byte;
  const std::vector<schedule::Problem> problems = {
      schedule::Problem::same,        schedule::Problem::random,     schedule::Problem::bucket,
      schedule::Problem::spikes,      schedule::Problem::increasing, schedule::Problem::decreasing,
      schedule::Problem::alternating, schedule::Problem::two_blocks};
  int worst_p = 0, worst_root = 0;
  double worst = 0;
  std::string worst_name;
  for (const Algorithm& a : algorithms()) {
    if (!a.irregular_model || a.collective == Collective::allgatherv) continue;
    const bool scatter = a.collective == Collective::scatterv;
    for (int p = 2; p <= 40; ++p)
      for (int root = 0; root < p; ++root)
        for (int b : {1, 100, 1000}) {
          std::vector<std::vector<int>> cases;
          for (schedule::Problem problem : problems)
            cases.push_back(schedule::problem_blocks(problem, p, b, 1));
          cases.push_back(schedule::single_block(p, schedule::binomial_farthest(p, root), b));
          for (const std::vector<int>& counts : cases) {
            std::vector<std::int64_t> bytes;
            double m = 0;
            for (int c : counts) {
              bytes.push_back(4LL * c);
              m += 4.0 * c;
            }
            const double replay = schedule::irregular_model_time(*a.irregular_model, scatter, bytes,
                                                                 root, alpha, beta, 32768);
            const double bound = a.cost.of(p, m, alpha, beta, 1);
            if (replay / bound > worst) {
              worst = replay / bound;
              worst_p = p;
              worst_root = root;
              worst_name = std::string(to_string(a.collective)) + " " + std::string(a.name) +
                           " b=" + std::to_string(b) + " cost '" + std::string(a.cost.text) + "'";
            }
            INFO(to_string(a.collective)
                 << " " << a.name << " p=" << p << " root=" << root << " b=" << b << " m=" << m
                 << ": replay " << replay << " s, printed bound '" << a.cost.text
                 << "' = " << bound);
            CHECK(replay <= bound * (1 + 1e-9));
          }
        }
  }
  // The bounds are not vacuous: the tightest case comes within a factor of two.
  INFO("tightest: " << worst_name << " p=" << worst_p << " root=" << worst_root);
  CHECK(worst > 0.5);
}

// allgatherv: the plain ring's and the pipelined ring's α-β schedule times (what
// tests/irregular replays recorded traces against) never exceed the block-size bound
// collscope-run prints, evaluated at the run's largest block mₘₐₓ, largest piece b and
// M = Σ⌈mᵢ/b⌉: every problem type, one rank holding everything, very uneven blocks, pieces
// from the pipelining lemma's to larger than any block, powers of two and not.
TEST_CASE("allgatherv: the ring schedules' α-β times never exceed the printed block-size bound") {
  const double alpha = default_alpha_s, beta = default_beta_s_per_byte;
  const Algorithm* ring = find_algorithm(Collective::allgatherv, "ring");
  const Algorithm* pipelined = find_algorithm(Collective::allgatherv, "ring-pipelined");
  REQUIRE(ring);
  REQUIRE(pipelined);
  REQUIRE(ring->block_cost.of);
  REQUIRE(pipelined->block_cost.of);
  std::vector<int> ps;
  for (int p = 2; p <= 24; ++p) ps.push_back(p);
  for (int p : {31, 32, 33, 64, 100, 127}) ps.push_back(p);
  double tightest_ring = 0, tightest_pipelined = 0;
  int cases = 0;
  for (int p : ps)
    for (int b : {1, 100, 1000}) {
      std::vector<std::vector<int>> problems;
      for (schedule::Problem problem : schedule::all_problems)
        problems.push_back(schedule::problem_blocks(problem, p, b, 1));
      problems.push_back(schedule::single_block(p, p - 1, b * p)); // all data on one rank
      std::vector<int> uneven(static_cast<std::size_t>(p), 1);     // one giant, the rest tiny
      uneven[static_cast<std::size_t>(p / 2)] = b * p;
      problems.push_back(uneven);
      std::vector<int> ramp(static_cast<std::size_t>(p)); // 0, b, 2b, …: empty blocks too
      for (int i = 0; i < p; ++i) ramp[static_cast<std::size_t>(i)] = i * b;
      problems.push_back(ramp);
      for (const std::vector<int>& elements : problems) {
        const std::vector<std::int64_t> counts(elements.begin(), elements.end());
        const std::int64_t largest = *std::max_element(counts.begin(), counts.end());
        double m = 0;
        for (std::int64_t c : counts) m += 4.0 * static_cast<double>(c);
        schedule::FormulaValues v{.p = double(p),
                                  .m = m,
                                  .alpha = alpha,
                                  .beta = beta,
                                  .largest = 4.0 * static_cast<double>(largest)};
        const double plain = schedule::ring_allgatherv_plain_time(counts, 4, alpha, beta);
        const double ring_bound = ring->block_cost.of(v);
        INFO("p=" << p << " b=" << b << " m=" << m << " mₘₐₓ=" << 4 * largest);
        CHECK(plain <= ring_bound * (1 + 1e-9));
        tightest_ring = std::max(tightest_ring, plain / ring_bound);
        const std::int64_t best = schedule::ring_allgatherv_best_piece(counts, 4, alpha, beta);
        for (std::int64_t piece :
             {best, std::max<std::int64_t>(1, b / 3), std::int64_t{b}, std::int64_t{10} * b * p}) {
          v.blocks = static_cast<double>(schedule::total_pieces(counts, piece));
          v.piece = 4.0 * static_cast<double>(std::min(piece, largest));
          const double time = schedule::ring_allgatherv_time(counts, piece, 4, alpha, beta);
          const double bound = pipelined->block_cost.of(v);
          INFO("piece " << piece << " elements, M=" << v.blocks << ": schedule " << time
                        << " s, printed bound '" << pipelined->block_cost.text << "' = " << bound);
          CHECK(time <= bound * (1 + 1e-9));
          if (bound > 0) tightest_pipelined = std::max(tightest_pipelined, time / bound);
          ++cases;
        }
      }
    }
  CHECK(cases > 3000);
  // Not vacuous: the plain ring meets its bound exactly where the largest block travels every
  // hop; the pipelined ring reaches its bound where one rank holds all the data.
  CHECK(tightest_ring == Approx(1.0));
  CHECK(tightest_pipelined == Approx(1.0));
}
