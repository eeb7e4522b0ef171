// The radix algorithms (k-nomial trees, Bruck in radix k) at radices other than the default
// (the sweeps of test_against_native and test_process_counts run them at k = 4, every root and
// count): k = 2 (binomial), 3 and k > p (one level: the root talks to every rank at once), at
// roots 0, p/2 and p − 1, against native MPI, including MPI_IN_PLACE, non-contiguous and mixed
// datatypes. Few roots and counts keep it to seconds at p = 16.
#include "collective_case.hpp"
#include "collscope/algorithms/radix.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace collscope;
using namespace collscope::testing;

TEST_CASE("radix algorithms match native MPI for k = 2, 3 and k > p", "[knomial]") {
  const TestTypes types;
  const int p = world_size();
  const std::set<int> roots{0, p / 2, p - 1};
  for (const int k : {2, 3, p + 1}) {
    REQUIRE(set_radix(k));
    for (const Algorithm& a : algorithms()) {
      if (!a.uses_radix()) continue;
      for (int root : a.has_root() ? roots : std::set<int>{0})
        for (int count : {1, 5})
          for (Types t : {Types::ints, Types::vectors, Types::mixed})
            for (bool in_place : {false, true}) {
              if (a.reduces() && t != Types::ints) continue;
              if (in_place && (a.collective == Collective::bcast || t == Types::mixed)) continue;
              const Case c{&a, root, count, t, in_place};
              INFO(c.describe(MPI_COMM_WORLD) << " k=" << k);
              CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
            }
    }
  }
  CHECK_FALSE(set_radix(1)); // no tree; the radix stays
  CHECK(radix() == p + 1);
  REQUIRE(set_radix(default_radix));
}
