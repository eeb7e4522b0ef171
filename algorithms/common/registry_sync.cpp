// Registry entries of the synchronising and nonblocking collectives: barrier, and the
// nonblocking ibcast, iallreduce and ibarrier (their schedules in collscope/schedule/sync.hpp).
#include "collscope/algorithms/barrier.hpp"
#include "collscope/algorithms/nonblocking.hpp"
#include "collscope/schedule/sync.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

// A barrier moves no data: its cost is its rounds' latencies.
constexpr RoundsFormula tree_barrier_rounds{
    "2⌈log₂p⌉", [](int p, int) { return schedule::tree_barrier_rounds(p); }};
constexpr CostFormula log_latency{"⌈log₂p⌉α", [](int p, double, double a, double, int) {
                                    return schedule::barrier_cost(s::ceil_log2(p), a);
                                  }};
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
constexpr std::string_view nonblocking_source =
    "seeds/001 “Non-blocking collectives (from MPI 3.0)”";

const std::array entries{
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
    Algorithm{.collective = C::ibcast,
              .name = "binomial",
              .description = "bcast binomial's tree as a schedule that MPI_Test/MPI_Wait advance",
              .source = nonblocking_source,
              .rounds = log_rounds,
              .cost = tree_bcast,
              .ibcast = ibcast_binomial},
    Algorithm{.collective = C::ibcast,
              .name = "native",
              .description = "Open MPI's MPI_Ibcast",
              .source = "Open MPI",
              .native = true,
              .ibcast = MPI_Ibcast},
    Algorithm{.collective = C::iallreduce,
              .name = "butterfly",
              .description = "recursive doubling as a schedule that MPI_Test/MPI_Wait advance",
              .source = nonblocking_source,
              .rounds = butterfly_rounds,
              .cost = butterfly,
              .iallreduce = iallreduce_butterfly},
    Algorithm{.collective = C::iallreduce,
              .name = "native",
              .description = "Open MPI's MPI_Iallreduce",
              .source = "Open MPI",
              .native = true,
              .iallreduce = MPI_Iallreduce},
    Algorithm{.collective = C::ibarrier,
              .name = "dissemination",
              .description = "barrier dissemination as a schedule that MPI_Test/MPI_Wait advance",
              .source = nonblocking_source,
              .rounds = log_rounds,
              .cost = log_latency,
              .ibarrier = ibarrier_dissemination},
    Algorithm{.collective = C::ibarrier,
              .name = "native",
              .description = "Open MPI's MPI_Ibarrier",
              .source = "Open MPI",
              .native = true,
              .ibarrier = MPI_Ibarrier}};

} // namespace

std::span<const Algorithm> sync_algorithms() {
  return entries;
}

} // namespace collscope::detail
