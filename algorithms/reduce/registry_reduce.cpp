// Registry entries of reduce: binomial, ordered and two-tree, then the later families,
// k-nomial (--radix k), Rabenseifner's reduce-scatter + gather and the in-order binary tree.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/inorder_tree.hpp"
#include "common/registry_formulas_knomial.hpp"
#include "common/registry_formulas_van_de_geijn.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

// A bound: the exact count depends on the tree's shape (schedule/inorder_tree.hpp;
// tests/unit/test_inorder_dual_root.cpp holds it below this).
constexpr RoundsFormula inorder_rounds{"≤ 2⌈log₂p⌉", rounds_of<s::inorder_reduce_round_bound>};
constexpr CostFormula inorder{"≤ 2⌈log₂p⌉(α + βm)", [](int p, double m, double a, double b, int) {
                                return s::inorder_reduce_round_bound(p) * (a + b * m);
                              }};

const std::array first{
    Algorithm{.collective = C::reduce,
              .name = "binomial",
              .description = "binomial tree over shifted ranks (commutative ops only)",
              .source = "seeds/001 “Binomial tree reduction”",
              .rounds = log_rounds,
              .cost = tree_bcast,
              .commutative_only = true,
              .reduce = reduce_binomial,
              .one_sender_per_node = true},
    Algorithm{.collective = C::reduce,
              .name = "ordered",
              .description = "divide-and-conquer in rank order: correct for non-commutative ops",
              .source =
                  "seeds/001 “Binomial tree reduction”, “Binomial gather/scatter with root≠0”",
              .rounds = log_rounds,
              .cost = tree_bcast,
              .reduce = reduce_ordered},
    Algorithm{.collective = C::reduce,
              .name = "two-tree",
              .description = "two-tree in rank order (non-commutative ops), forwarded to the root",
              .source = "seeds/001 “Two (pipelined) binary trees”, “Example: Reduction”, "
                        "EdgeColor",
              .rounds = two_tree_reduce_rounds,
              .cost = two_tree_reduce,
              .parameter = Parameter::blocks,
              .blocks_for = two_tree_blocks_for,
              .reduce = reduce_two_tree},
    Algorithm{.collective = C::reduce,
              .name = "native",
              .description = "Open MPI's MPI_Reduce",
              .source = "Open MPI",
              .native = true,
              .reduce = MPI_Reduce},
};

const std::array later{
    Algorithm{.collective = C::reduce,
              .name = "knomial",
              .description = "k-nomial tree, k-ported: the k−1 receives of a level at once "
                             "(commutative ops only)",
              .source = "seeds/001 “Final remark: binomial and k-nomial trees”, “k-ported”",
              .rounds = knomial_rounds,
              .cost = knomial_bcast,
              .commutative_only = true,
              .parameter = Parameter::radix,
              .reduce = reduce_knomial,
              .ported = knomial_ported_bcast},
    Algorithm{.collective = C::reduce,
              .name = "reduce-scatter-gather",
              .description = "Rabenseifner: recursive halving + binomial gather (commutative)",
              .source = "seeds/001 “The power of the hypercube/butterfly: Allreduce, "
                        "ReduceScatter”; Rabenseifner, Träff 2004",
              .rounds = reduce_scatter_gather_rounds,
              .cost = rabenseifner,
              .commutative_only = true,
              .reduce = reduce_scatter_gather},
    Algorithm{.collective = C::reduce,
              .name = "inorder-binary",
              .description = "in-order binary tree topped by the root: rank order kept "
                             "(non-commutative ops), any root",
              .source = "seeds/001 “Complete, balanced, binary tree: Naming (in-order)”, "
                        "“Pipelined binary tree”",
              .rounds = inorder_rounds,
              .cost = inorder,
              .reduce = reduce_inorder_binary},
};

} // namespace

RegistryPart reduce_registry() {
  return {first, later};
}

} // namespace collscope::detail
