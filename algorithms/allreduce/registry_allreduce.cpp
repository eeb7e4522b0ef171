// Registry entries of allreduce: reduce + bcast, butterfly, ring, circulant, Rabenseifner and
// the two-tree pipeline, then the doubly pipelined dual-root allreduce.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/dual_root.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <algorithm>
#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

// A bound: the exact count depends on the trees' shapes (schedule/dual_root.hpp;
// tests/unit/test_inorder_dual_root.cpp holds it below this).
constexpr RoundsFormula dual_root_rounds{"≤ 3(M−1) + 4⌊log₂(p+1)⌋", s::dual_root_round_bound};
constexpr CostFormula dual_root{
    "≤ (3(M−1) + 4⌊log₂(p+1)⌋)(α + βm/M)", [](int p, double m, double a, double b, int blocks) {
      return s::dual_root_round_bound(p, blocks) * (a + b * m / std::max(blocks, 1));
    }};

const std::array first{
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
};

const std::array later{
    Algorithm{.collective = C::allreduce,
              .name = "doubly-pipelined",
              .description = "reduce up and broadcast down two in-order trees at once; the roots "
                             "swap partial blocks",
              .source = "seeds/001 “Doubly-rooted, doubly pipelined allreduce” (Träff 2021)",
              .rounds = dual_root_rounds,
              .cost = dual_root,
              .parameter = Parameter::blocks,
              .blocks_for = dual_root_blocks_for,
              .allreduce = allreduce_doubly_pipelined},
};

} // namespace

RegistryPart allreduce_registry() {
  return {first, later};
}

} // namespace collscope::detail
