// Registry entries of the reductions to all: allreduce, reduce_scatter_block, reduce_scatter.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/reduce_scatter.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

constexpr std::string_view halving_source =
    "seeds/001 “The power of the hypercube/butterfly: Allreduce, ReduceScatter” (Rabenseifner, "
    "Träff 2004 for p not a power of two)";
constexpr std::string_view ordered_description =
    "halving smallest distance first on bit-reversed blocks: rank order kept (non-commutative)";
constexpr std::string_view ordered_source =
    "seeds/001 “The power of the hypercube/butterfly: Allreduce, ReduceScatter” (MPI note: FFT "
    "permutation; Träff 2005 cited)";

const std::array entries{
    Algorithm{.collective = C::allreduce,
              .name = "reduce-bcast",
              .description = "rank-ordered reduce to rank 0, then binomial broadcast",
              .source = "seeds/001 “Allreduce ≈ Reduce + Broadcast”",
              .rounds = twice_log,
              .cost = reduce_bcast,
              .allreduce = allreduce_reduce_bcast},
    Algorithm{.collective = C::allreduce,
              .name = "butterfly",
              .description = "recursive doubling on whole vectors; non-powers of two folded",
              .source = "seeds/001 “The power of the hypercube/butterfly” (Rabenseifner, Träff "
                        "2004 for p not a power of two)",
              .rounds = butterfly_rounds,
              .cost = butterfly,
              .allreduce = allreduce_butterfly},
    Algorithm{.collective = C::allreduce,
              .name = "ring",
              .description = "ring reduce-scatter, then ring allgather of the p blocks",
              .source = "seeds/001 “Linear-ring reduce-scatter”, combined with allgather",
              .rounds = ring_twice,
              .cost = ring_allreduce,
              .commutative_only = true,
              .allreduce = allreduce_ring},
    Algorithm{.collective = C::allreduce,
              .name = "circulant",
              .description = "S0/S1 partial sums on the bits of p−1: ⌈log₂p⌉ rounds for every p",
              .source = "seeds/001 “Beyond the butterfly: Allreduce in fully-connected networks”",
              .rounds = log_rounds,
              .cost = circulant_allreduce,
              .commutative_only = true,
              .allreduce = allreduce_circulant,
              .float_rank_dependent = true},
    Algorithm{.collective = C::allreduce,
              .name = "rabenseifner",
              .description = "reduce-scatter by recursive halving, allgather by recursive doubling",
              .source = "seeds/001 “The power of the hypercube/butterfly: Allreduce, "
                        "ReduceScatter” (Rabenseifner, Träff 2004 for p not a power of two)",
              .rounds = twice_log,
              .cost = rabenseifner,
              .allreduce = allreduce_rabenseifner},
    Algorithm{.collective = C::allreduce,
              .name = "tree-pipeline",
              .description = "two-tree pipelined reduce to rank 0 (rank order), then two-tree "
                             "pipelined broadcast",
              .source = "seeds/001 “Allreduce ≈ Reduce + Broadcast”, “Two (pipelined) binary "
                        "trees”, “Example: Reduction”",
              .rounds = two_tree_allreduce_rounds,
              .cost = two_tree_allreduce,
              .parameter = Parameter::blocks,
              .blocks_for = two_tree_blocks_for,
              .allreduce = allreduce_tree_pipeline},
    Algorithm{.collective = C::allreduce,
              .name = "native",
              .description = "Open MPI's MPI_Allreduce",
              .source = "Open MPI",
              .native = true,
              .allreduce = MPI_Allreduce},
    Algorithm{.collective = C::reduce_scatter_block,
              .name = "ring",
              .description = "pass partial sums of the blocks to the right neighbour, p−1 steps",
              .source = "seeds/001 “Linear-ring reduce-scatter”",
              .rounds = linear_rounds,
              .cost = ring_reduce_scatter,
              .commutative_only = true,
              .reduce_scatter_block = reduce_scatter_block_ring},
    Algorithm{.collective = C::reduce_scatter_block,
              .name = "halving",
              .description = "recursive halving, largest distance first; non-powers of two folded",
              .source = halving_source,
              .rounds = butterfly_rounds,
              .cost = halving_reduce_scatter,
              .commutative_only = true,
              .reduce_scatter_block = reduce_scatter_block_halving},
    Algorithm{.collective = C::reduce_scatter_block,
              .name = "ordered-halving",
              .description = ordered_description,
              .source = ordered_source,
              .rounds = butterfly_rounds,
              .cost = halving_reduce_scatter,
              .reduce_scatter_block = reduce_scatter_block_ordered_halving},
    Algorithm{.collective = C::reduce_scatter_block,
              .name = "native",
              .description = "Open MPI's MPI_Reduce_scatter_block",
              .source = "Open MPI",
              .native = true,
              .reduce_scatter_block = MPI_Reduce_scatter_block},
    Algorithm{.collective = C::reduce_scatter,
              .name = "ring",
              .description = "the ring on blocks of different sizes, p−1 steps",
              .source = "seeds/001 “Linear-ring reduce-scatter”",
              .rounds = linear_rounds,
              .cost = ring_reduce_scatter,
              .commutative_only = true,
              .reduce_scatter = reduce_scatter_ring},
    Algorithm{.collective = C::reduce_scatter,
              .name = "halving",
              .description = "recursive halving on blocks of different sizes; non-powers folded",
              .source = halving_source,
              .rounds = butterfly_rounds,
              .cost = halving_reduce_scatter,
              .commutative_only = true,
              .reduce_scatter = reduce_scatter_halving},
    Algorithm{.collective = C::reduce_scatter,
              .name = "ordered-halving",
              .description = ordered_description,
              .source = ordered_source,
              .rounds = butterfly_rounds,
              .cost = halving_reduce_scatter,
              .reduce_scatter = reduce_scatter_ordered_halving},
    Algorithm{.collective = C::reduce_scatter,
              .name = "native",
              .description = "Open MPI's MPI_Reduce_scatter",
              .source = "Open MPI",
              .native = true,
              .reduce_scatter = MPI_Reduce_scatter},
};

} // namespace

std::span<const Algorithm> reduction_algorithms() {
  return entries;
}

} // namespace collscope::detail
