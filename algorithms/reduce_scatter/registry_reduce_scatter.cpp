// Registry entries of reduce_scatter_block and reduce_scatter: ring, recursive halving and
// ordered halving.
#include "collscope/algorithms/reduce_scatter.hpp"
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

const std::array first{
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
              .reduce_scatter_block = reduce_scatter_block_ordered_halving,
              .nearest_first = true},
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

RegistryPart reduce_scatter_registry() {
  return {first};
}

} // namespace collscope::detail
