// Every schedule pattern (schedule/patterns.hpp) but Open MPI's own barriers ("ompi-…") is an
// algorithm of the registry, and its
// rounds are the registry's round formula wherever that formula is exact (not a "≤" bound)
// and counts rounds the way they are inferred from a trace.
#include "collscope/algorithms/registry.hpp"
#include "collscope/schedule/patterns.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace collscope;

TEST_CASE("patterns: each names a registry algorithm, with its rounds for p = 1..64") {
  int compared = 0;
  for (const schedule::PatternAlgorithm& pa : schedule::pattern_algorithms()) {
    CAPTURE(pa.collective, pa.name);
    if (!pa.in_registry) {
      CHECK(pa.name.starts_with("ompi-"));
      continue;
    }
    const auto collective = parse_collective(pa.collective);
    REQUIRE(collective);
    const Algorithm* a = find_algorithm(*collective, pa.name);
    REQUIRE(a != nullptr);
    CHECK_FALSE(a->is_native());
    CHECK(a->has_root() == pa.rooted);
    CHECK(a->uses_blocks() == pa.uses_blocks);
    CHECK(a->uses_radix() == pa.uses_radix);
    CHECK(a->power_of_two_only == pa.power_of_two_only);
    const std::string text(a->rounds.text);
    // Bounds (two-tree, the pipelined trees) are not compared.
    if (text.starts_with("≤") || a->rounds.of == nullptr) continue;
    for (int p = 1; p <= 64; ++p) {
      if (pa.power_of_two_only && (p & (p - 1)) != 0) continue;
      for (const int blocks : pa.uses_blocks  ? std::vector<int>{1, 2, 5}
                              : pa.uses_radix ? std::vector<int>{2, 3, 4}
                                              : std::vector<int>{1}) {
        CAPTURE(p, blocks);
        const int expected = p == 1 ? 0 : a->rounds.of(p, blocks);
        CHECK(pa.make({p, p / 3, blocks}).rounds == expected);
        ++compared;
      }
    }
  }
  CHECK(compared > 1000);
}
