// Registry entries of bcast: linear, binomial trees, pipelines (the pipelining lemma's M
// blocks), two-tree and Jia's hypercube, then the later families, k-nomial (--radix k) and the
// Van de Geijn scatter + allgather broadcasts.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "common/registry_formulas_knomial.hpp"
#include "common/registry_formulas_van_de_geijn.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

const std::array first{
    Algorithm{.collective = C::bcast,
              .name = "linear",
              .description = "root sends the whole buffer to each rank in turn",
              .source = "seeds/001 “Linear-ring allgather” (trivial broadcast)",
              .rounds = linear_rounds,
              .cost = linear_bcast,
              .bcast = bcast_linear,
              .one_sender_per_node = true},
    Algorithm{.collective = C::bcast,
              .name = "binomial-preorder",
              .description = "pre-order binomial tree: harmful algorithmic latency",
              .source = "seeds/001 “Binomial tree broadcast with harmful algorithmic latency”",
              .rounds = log_rounds,
              .cost = tree_bcast,
              .bcast = bcast_binomial_preorder,
              .one_sender_per_node = true},
    Algorithm{.collective = C::bcast,
              .name = "binomial",
              .description = "bit-reversed binomial tree: no harmful algorithmic latency",
              .source = "seeds/001 “Binomial tree broadcast without harmful algorithmic latency”",
              .rounds = log_rounds,
              .cost = tree_bcast,
              .bcast = bcast_binomial},
    Algorithm{.collective = C::bcast,
              .name = "pipeline",
              .description = "linear-array pipeline, M blocks by the pipelining lemma",
              .source = "seeds/001 “Pipelined broadcast”, “Pipelining lemma”",
              .rounds = pipeline_rounds,
              .cost = pipeline,
              .parameter = Parameter::blocks,
              .bcast = bcast_pipeline},
    Algorithm{.collective = C::bcast,
              .name = "binary-pipeline",
              .description = "pipelined balanced binary tree: a new block every second round",
              .source = "seeds/001 “Problem with balanced binary tree”, “Broadcast (reduction) "
                        "trees: Properties”, “Pipelining lemma”",
              .rounds = tree_pipeline_rounds,
              .cost = tree_pipeline,
              .parameter = Parameter::blocks,
              .blocks_for = binary_pipeline_blocks_for,
              .bcast = bcast_binary_pipeline},
    Algorithm{.collective = C::bcast,
              .name = "fibonacci-pipeline",
              .description = "pipelined Fibonacci tree (Bruck–Cypher–Ho): all leaves at once",
              .source = "seeds/001 “An imbalanced binary tree: Fibonacci tree”, “Broadcast in "
                        "Fibonacci tree”",
              .rounds = tree_pipeline_rounds,
              .cost = tree_pipeline,
              .parameter = Parameter::blocks,
              .blocks_for = fibonacci_pipeline_blocks_for,
              .bcast = bcast_fibonacci_pipeline},
    Algorithm{.collective = C::bcast,
              .name = "two-tree",
              .description = "Sanders–Speck–Träff two-tree, EdgeColor schedule: full bandwidth",
              .source = "seeds/001 “Two (pipelined) binary trees”, EdgeColor",
              .rounds = two_tree_rounds,
              .cost = two_tree,
              .parameter = Parameter::blocks,
              .blocks_for = two_tree_blocks_for,
              .bcast = bcast_two_tree},
    Algorithm{.collective = C::bcast,
              .name = "jia",
              .description = "Jia's hypercube broadcast, co-operating pairs for any p: optimal",
              .source = "seeds/001 “The power of the hypercube: Optimal Broadcast”, “Beyond "
                        "hypercube”",
              .rounds = jia_rounds,
              .cost = jia,
              .parameter = Parameter::blocks,
              .blocks_for = jia_blocks_for,
              .bcast = bcast_jia},
    Algorithm{.collective = C::bcast,
              .name = "native",
              .description = "Open MPI's MPI_Bcast",
              .source = "Open MPI",
              .native = true,
              .bcast = MPI_Bcast},
};

const std::array later{
    Algorithm{.collective = C::bcast,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 sends of a level at once",
              .source = "seeds/001 “Easy generalization: k-ported”, “binomial and k-nomial trees”",
              .rounds = knomial_rounds,
              .cost = knomial_bcast,
              .parameter = Parameter::radix,
              .bcast = bcast_knomial,
              .ported = knomial_ported_bcast,
              .one_sender_per_node = true},
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
};

} // namespace

RegistryPart bcast_registry() {
  return {first, later};
}

} // namespace collscope::detail
