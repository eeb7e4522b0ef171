// Registry entries of allgather: ring and dissemination, then the Van de Geijn family's
// recursive doubling.
#include "collscope/algorithms/allgather.hpp"
#include "common/registry_formulas_van_de_geijn.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

const std::array first{
    Algorithm{.collective = C::allgather,
              .name = "ring",
              .description = "pass blocks to the right neighbour, p−1 steps",
              .source = "seeds/001 “Linear-ring allgather”",
              .rounds = linear_rounds,
              .cost = ring,
              .allgather = allgather_ring},
    Algorithm{.collective = C::allgather,
              .name = "dissemination",
              .description = "Bruck/dissemination on the circulant graph i → i+2^k",
              .source = "seeds/001 “Bruck”/“Dissemination” Allgather algorithm",
              .rounds = log_rounds,
              .cost = dissemination,
              .allgather = allgather_dissemination,
              .nearest_first = true},
    Algorithm{.collective = C::allgather,
              .name = "native",
              .description = "Open MPI's MPI_Allgather",
              .source = "Open MPI",
              .native = true,
              .allgather = MPI_Allgather},
};

const std::array later{
    Algorithm{.collective = C::allgather,
              .name = "recursive-doubling",
              .description = "butterfly: exchange everything with rank XOR 2^k (fold for p ≠ 2^k)",
              .source = "seeds/001 “The power of the hypercube/butterfly: Allgather”",
              .rounds = butterfly_rounds,
              .cost = halving_reduce_scatter,
              .allgather = allgather_recursive_doubling,
              .nearest_first = true},
};

} // namespace

RegistryPart allgather_registry() {
  return {first, later};
}

} // namespace collscope::detail
