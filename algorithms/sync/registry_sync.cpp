// Registry entries of barrier: dissemination, tree and butterfly (their schedules in
// collscope/schedule/sync.hpp).
#include "collscope/algorithms/barrier.hpp"
#include "collscope/schedule/sync.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

// A barrier moves no data: its cost is its rounds' latencies.
constexpr RoundsFormula tree_barrier_rounds{"2⌈log₂p⌉", rounds_of<schedule::tree_barrier_rounds>};
constexpr CostFormula tree_latency{"2⌈log₂p⌉α", [](int p, double, double a, double, int) {
                                     return schedule::barrier_cost(2 * s::ceil_log2(p), a);
                                   }};
constexpr CostFormula butterfly_latency{"(⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋))α",
                                        [](int p, double, double a, double, int) {
                                          return schedule::barrier_cost(s::butterfly_rounds(p), a);
                                        }};

constexpr std::string_view dissemination_text =
    "round k: empty message to rank + 2^k, from rank − 2^k; any p";
constexpr std::string_view dissemination_source =
    "seeds/001 “Bruck”/“Dissemination” Allgather algorithm (its circulant graph; Hensgen, "
    "Finkel, Manber 1988)";
constexpr std::string_view butterfly_source =
    "seeds/001 “The power of the hypercube/butterfly” (Rabenseifner, Träff 2004 for p not a "
    "power of two)";

const std::array first{
    Algorithm{.collective = C::barrier,
              .name = "dissemination",
              .description = dissemination_text,
              .source = dissemination_source,
              .rounds = log_rounds,
              .cost = log_latency,
              .barrier = barrier_dissemination},
    Algorithm{.collective = C::barrier,
              .name = "tree",
              .description = "binomial gather of empty messages to rank 0, then binomial release",
              .source = "seeds/001 “Binomial tree gather in rounds”, “Binomial tree broadcast "
                        "without harmful algorithmic latency”",
              .rounds = tree_barrier_rounds,
              .cost = tree_latency,
              .barrier = barrier_tree},
    Algorithm{.collective = C::barrier,
              .name = "butterfly",
              .description = "recursive doubling of empty messages; non-powers of two folded",
              .source = butterfly_source,
              .rounds = butterfly_rounds,
              .cost = butterfly_latency,
              .barrier = barrier_butterfly},
    Algorithm{.collective = C::barrier,
              .name = "native",
              .description = "Open MPI's MPI_Barrier",
              .source = "Open MPI",
              .native = true,
              .barrier = MPI_Barrier},
};

} // namespace

RegistryPart sync_registry() {
  return {first};
}

} // namespace collscope::detail
