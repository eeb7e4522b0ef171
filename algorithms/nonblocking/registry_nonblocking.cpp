// Registry entries of the nonblocking collectives ibcast, iallreduce and ibarrier: blocking
// algorithms' schedules (collscope/schedule/sync.hpp) that MPI_Test and MPI_Wait advance.
#include "collscope/algorithms/nonblocking.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

constexpr std::string_view nonblocking_source =
    "seeds/001 “Non-blocking collectives (from MPI 3.0)”";

const std::array first{
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
              .ibarrier = MPI_Ibarrier},
};

} // namespace

RegistryPart nonblocking_registry() {
  return {first};
}

} // namespace collscope::detail
