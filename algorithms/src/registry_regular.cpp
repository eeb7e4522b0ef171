// Registry entries of the regular collectives: gather, scatter, bcast, reduce, allgather.
#include "collscope/algorithms/allgather.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/gather.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/scatter.hpp"
#include "registry_formulas.hpp"
#include "registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;
using I = schedule::IrregularAlgorithm;

const std::array entries{
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

    Algorithm{.collective = C::bcast,
              .name = "linear",
              .description = "root sends the whole buffer to each rank in turn",
              .source = "seeds/001 “Linear-ring allgather” (trivial broadcast)",
              .rounds = linear_rounds,
              .cost = linear_bcast,
              .bcast = bcast_linear},
    Algorithm{.collective = C::bcast,
              .name = "binomial-preorder",
              .description = "pre-order binomial tree: harmful algorithmic latency",
              .source = "seeds/001 “Binomial tree broadcast with harmful algorithmic latency”",
              .rounds = log_rounds,
              .cost = tree_bcast,
              .bcast = bcast_binomial_preorder},
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
              .name = "native",
              .description = "Open MPI's MPI_Bcast",
              .source = "Open MPI",
              .native = true,
              .bcast = MPI_Bcast},

    Algorithm{.collective = C::reduce,
              .name = "binomial",
              .description = "binomial tree over shifted ranks (commutative ops only)",
              .source = "seeds/001 “Binomial tree reduction”",
              .rounds = log_rounds,
              .cost = tree_bcast,
              .commutative_only = true,
              .reduce = reduce_binomial},
    Algorithm{.collective = C::reduce,
              .name = "ordered",
              .description = "divide-and-conquer in rank order: correct for non-commutative ops",
              .source =
                  "seeds/001 “Binomial tree reduction”, “Binomial gather/scatter with root≠0”",
              .rounds = log_rounds,
              .cost = tree_bcast,
              .reduce = reduce_ordered},
    Algorithm{.collective = C::reduce,
              .name = "native",
              .description = "Open MPI's MPI_Reduce",
              .source = "Open MPI",
              .native = true,
              .reduce = MPI_Reduce},

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
              .allgather = allgather_dissemination},
    Algorithm{.collective = C::allgather,
              .name = "native",
              .description = "Open MPI's MPI_Allgather",
              .source = "Open MPI",
              .native = true,
              .allgather = MPI_Allgather},
};

} // namespace

std::span<const Algorithm> regular_algorithms() {
  return entries;
}

} // namespace collscope::detail
