// Registry entries of gather and scatter: linear, binomial, divide-and-conquer, then the later
// families, k-nomial (--radix k) and the Van de Geijn chain.
#include "collscope/algorithms/gather.hpp"
#include "collscope/algorithms/scatter.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_formulas_knomial.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

const std::array first{
    Algorithm{.collective = C::gather,
              .name = "linear",
              .description = "root receives the blocks one by one in rank order",
              .source = "seeds/000 §1 (non-roots send directly to the root)",
              .rounds = linear_rounds,
              .cost = linear_rooted,
              .rooted = gather_linear},
    Algorithm{.collective = C::gather,
              .name = "binomial",
              .description = "pre-order binomial tree over ranks shifted to the root",
              .source = "seeds/001 “Binomial tree gather in rounds”",
              .rounds = log_rounds,
              .cost = tree_gather,
              .rooted = gather_binomial},
    Algorithm{.collective = C::gather,
              .name = "dnc",
              .description = "divide-and-conquer halving: rank order at any root, no reordering",
              .source = "seeds/001 “Binomial gather/scatter with root≠0”",
              .rounds = log_rounds,
              .cost = tree_gather,
              .rooted = gather_dnc},
    Algorithm{.collective = C::gather,
              .name = "native",
              .description = "Open MPI's MPI_Gather",
              .source = "Open MPI",
              .native = true,
              .rooted = MPI_Gather},
    Algorithm{.collective = C::scatter,
              .name = "linear",
              .description = "root sends the blocks one by one in rank order",
              .source = "seeds/000 §1 (the root sends directly to each rank)",
              .rounds = linear_rounds,
              .cost = linear_rooted,
              .rooted = scatter_linear},
    Algorithm{.collective = C::scatter,
              .name = "binomial",
              .description = "pre-order binomial tree, largest subtree first",
              .source = "seeds/001 “Binomial tree scatter in hypercube”",
              .rounds = log_rounds,
              .cost = tree_gather,
              .rooted = scatter_binomial},
    Algorithm{.collective = C::scatter,
              .name = "dnc",
              .description = "divide-and-conquer halving: contiguous runs, any root",
              .source = "seeds/001 “Binomial tree-like, divide-and-conquer scatter”",
              .rounds = log_rounds,
              .cost = tree_gather,
              .rooted = scatter_dnc},
    Algorithm{.collective = C::scatter,
              .name = "native",
              .description = "Open MPI's MPI_Scatter",
              .source = "Open MPI",
              .native = true,
              .rooted = MPI_Scatter},
};

const std::array later{
    Algorithm{.collective = C::gather,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 receives of a level at once",
              .source = "seeds/001 “Final remark: binomial and k-nomial trees”, “k-ported”",
              .rounds = knomial_rounds,
              .cost = knomial_gather,
              .parameter = Parameter::radix,
              .rooted = gather_knomial,
              .ported = knomial_ported_gather},
    Algorithm{.collective = C::gather,
              .name = "chain",
              .description = "linear array: blocks pass rank by rank towards the root",
              .source = "seeds/001 “Linear-array scatter” (backwards), “The “Van de Geijn” "
                        "implementations”",
              .rounds = linear_rounds,
              .cost = linear_rooted,
              .rooted = gather_chain},
    Algorithm{.collective = C::scatter,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 sends of a level at once",
              .source = "seeds/001 “Final remark: binomial and k-nomial trees”, “k-ported”",
              .rounds = knomial_rounds,
              .cost = knomial_gather,
              .parameter = Parameter::radix,
              .rooted = scatter_knomial,
              .ported = knomial_ported_gather},
    Algorithm{.collective = C::scatter,
              .name = "chain",
              .description = "linear array: farthest block first, passed on rank by rank",
              .source = "seeds/001 “Linear-array scatter”",
              .rounds = linear_rounds,
              .cost = linear_rooted,
              .rooted = scatter_chain},
};

} // namespace

RegistryPart gather_scatter_registry() {
  return {first, later};
}

} // namespace collscope::detail
