// Every cost the registry prints for gatherv and scatterv is an upper bound: the α-β time of
// the algorithm's own schedule (construction and distribution phases included, see
// schedule::irregular_model_time) never exceeds the printed formula evaluated at the
// problem's total m, for every p, root and problem type.
#include "collscope/algorithms/registry.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/irregular_problem.hpp"

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
