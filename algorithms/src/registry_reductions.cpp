// Registry entries of the reductions to all: allreduce.
#include "collscope/algorithms/allreduce.hpp"
#include "registry_formulas.hpp"
#include "registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

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
              .allreduce = allreduce_circulant},
    Algorithm{.collective = C::allreduce,
              .name = "native",
              .description = "Open MPI's MPI_Allreduce",
              .source = "Open MPI",
              .native = true,
              .allreduce = MPI_Allreduce},
};

} // namespace

std::span<const Algorithm> reduction_algorithms() {
  return entries;
}

} // namespace collscope::detail
