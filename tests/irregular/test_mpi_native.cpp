// Every gatherv, scatterv and allgatherv algorithm against Open MPI's own: the paper's eight
// problem types, empty blocks, non-contiguous and unordered root displacements, derived and
// mixed datatypes, MPI_IN_PLACE, at the process count mpirun gave.
#include "irregular_case.hpp"
#include "problem_cases.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::testing;

namespace {

std::vector<std::vector<int>> count_sets(int p) {
  std::vector<std::vector<int>> sets;
  for (schedule::Problem problem : schedule::all_problems)
    for (int b : {1, 6}) sets.push_back(schedule::problem_blocks(problem, p, b, 3));
  for (std::uint64_t seed : {1u, 2u}) { // many empty blocks, in every position
    const auto sparse = collscope::test::sparse_blocks(p, seed);
    std::vector<int> counts;
    for (std::int64_t m : sparse) counts.push_back(static_cast<int>(m % 9));
    sets.push_back(counts);
  }
  sets.push_back(std::vector<int>(static_cast<std::size_t>(p), 0));
  return sets;
}

std::vector<int> roots(const Algorithm& a, int p) {
  if (!a.has_root()) return {0};
  std::vector<int> r{0, p / 2, p - 1};
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}

} // namespace

TEST_CASE("gatherv, scatterv and allgatherv match native MPI on every problem type", "[native]") {
  const TestTypes types;
  const int p = world_size();
  for (const Algorithm& a : algorithms()) {
    if (!a.irregular() || a.is_native()) continue;
    for (int root : roots(a, p))
      for (const std::vector<int>& counts : count_sets(p))
        for (Placement placement :
             {Placement::packed, Placement::gaps, Placement::reversed, Placement::shuffled})
          for (Types t : {Types::ints, Types::vectors, Types::mixed})
            for (bool in_place : {false, true}) {
              if (in_place && t == Types::mixed) continue; // own block is in the receive type
              if (t == Types::vectors && placement != Placement::gaps) continue;
              const IrregularCase c{&a, root, counts, placement, t, in_place};
              INFO(c.describe(MPI_COMM_WORLD));
              CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
            }
  }
}

TEST_CASE("gatherv and scatterv match native MPI at every root", "[native]") {
  const TestTypes types;
  const int p = world_size();
  for (const Algorithm& a : algorithms()) {
    if (!a.irregular() || a.is_native() || !a.has_root()) continue;
    for (int root = 0; root < p; ++root) {
      const IrregularCase c{&a,
                            root,
                            schedule::problem_blocks(schedule::Problem::spikes, p, 3, 5),
                            Placement::shuffled,
                            Types::ints,
                            false};
      INFO(c.describe(MPI_COMM_WORLD));
      CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
    }
  }
}

TEST_CASE("large blocks: traff-degrade sends big subtrees straight to the root", "[native]") {
  const TestTypes types;
  const int p = world_size();
  const IrregularTuning saved = irregular_tuning();
  for (std::int64_t threshold : {1, 4000, 1 << 30}) {
    set_irregular_tuning({threshold, nullptr});
    for (const Algorithm& a : algorithms()) {
      if (!a.irregular() || a.is_native() || !a.has_root()) continue;
      for (schedule::Problem problem : {schedule::Problem::random, schedule::Problem::spikes}) {
        const IrregularCase c{
            &a,          p / 2, schedule::problem_blocks(problem, p, 3000, 1), Placement::gaps,
            Types::ints, false};
        INFO(c.describe(MPI_COMM_WORLD) << " threshold=" << threshold);
        CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
      }
    }
  }
  set_irregular_tuning(saved);
}

TEST_CASE("model-based trees match native MPI on a heterogeneous network", "[native]") {
  const TestTypes types;
  const int p = world_size();
  const IrregularTuning saved = irregular_tuning();
  auto network = std::make_shared<schedule::NetworkModel>(p, schedule::LinkCost{2e-5, 1e-9});
  for (int i = 0; i < p; ++i) // two machines by rank parity, and one slow rank
    for (int j = 0; j < p; ++j)
      if (i % 2 == j % 2) network->set_link(i, j, {5e-7, 1e-10});
  if (p > 3) network->set_group(p - 2, p - 1, {1e-3, 1e-6});
  set_irregular_tuning({saved.threshold, network});
  for (const Algorithm& a : algorithms()) {
    if (!a.irregular() || !a.name.starts_with("model-")) continue;
    for (int root = 0; root < p; ++root)
      for (schedule::Problem problem : schedule::all_problems) {
        const IrregularCase c{
            &a,           root, schedule::problem_blocks(problem, p, 5, 2), Placement::reversed,
            Types::mixed, false};
        INFO(c.describe(MPI_COMM_WORLD));
        CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
      }
  }
  set_irregular_tuning(saved);
}
