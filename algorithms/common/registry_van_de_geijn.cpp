// Registry entries of the lecture's Van de Geijn family (seeds/001, "The “Van de Geijn”
// implementations"): chain scatter and gather, recursive-doubling allgather, broadcast =
// scatter + allgather, reduce = reduce-scatter + gather. registry.cpp puts each into its
// collective's group, before native.
#include "collscope/algorithms/van_de_geijn.hpp"
#include "common/registry_formulas_van_de_geijn.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

const std::array entries{
    Algorithm{.collective = C::gather,
              .name = "chain",
              .description = "linear array: blocks pass rank by rank towards the root",
              .source = "seeds/001 “Linear-array scatter” (backwards), “The “Van de Geijn” "
                        "implementations”",
              .rounds = linear_rounds,
              .cost = linear_rooted,
              .rooted = gather_chain},
    Algorithm{.collective = C::scatter,
              .name = "chain",
              .description = "linear array: farthest block first, passed on rank by rank",
              .source = "seeds/001 “Linear-array scatter”",
              .rounds = linear_rounds,
              .cost = linear_rooted,
              .rooted = scatter_chain},
    Algorithm{.collective = C::bcast,
              .name = "scatter-allgather",
              .description = "Van de Geijn: binomial scatter + recursive-doubling allgather",
              .source = "seeds/001 “The “Van de Geijn” implementations”, “The power of the "
                        "hypercube/butterfly: Allgather”",
              .rounds = scatter_allgather_rounds,
              .cost = scatter_allgather,
              .bcast = bcast_scatter_allgather},
    Algorithm{.collective = C::bcast,
              .name = "scatter-ring",
              .description = "binomial scatter + ring allgather (long messages)",
              .source = "seeds/001 “Linear-ring allgather” (Broadcast ≈ Scatter + Allgather)",
              .rounds = scatter_ring_rounds,
              .cost = scatter_ring,
              .bcast = bcast_scatter_ring},
    Algorithm{.collective = C::reduce,
              .name = "reduce-scatter-gather",
              .description = "Rabenseifner: recursive halving + binomial gather (commutative)",
              .source = "seeds/001 “The power of the hypercube/butterfly: Allreduce, "
                        "ReduceScatter”; Rabenseifner, Träff 2004",
              .rounds = reduce_scatter_gather_rounds,
              .cost = rabenseifner,
              .commutative_only = true,
              .reduce = reduce_scatter_gather},
    Algorithm{.collective = C::allgather,
              .name = "recursive-doubling",
              .description = "butterfly: exchange everything with rank XOR 2^k (fold for p ≠ 2^k)",
              .source = "seeds/001 “The power of the hypercube/butterfly: Allgather”",
              .rounds = butterfly_rounds,
              .cost = halving_reduce_scatter,
              .allgather = allgather_recursive_doubling},
};

} // namespace

std::span<const Algorithm> van_de_geijn_algorithms() {
  return entries;
}

} // namespace collscope::detail
