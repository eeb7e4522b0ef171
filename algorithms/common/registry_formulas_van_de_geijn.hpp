// The Van de Geijn family's round counts and costs (bcast, reduce, gather_scatter and allgather
// registries), each text next to the function that computes it;
// tests/unit/test_registry_formulas.cpp evaluates every text against its function. The chain
// scatter and gather print the linear ones (registry_formulas.hpp), the recursive-doubling
// allgather the halving reduce-scatter's (the same exchanges backwards), reduce-scatter-gather the
// Rabenseifner allreduce's cost.
#pragma once

#include "collscope/schedule/block_exchange.hpp"
#include "common/registry_formulas.hpp"

namespace collscope::detail::formulas {

// Scatter (⌈log₂p⌉ rounds) + doubling allgather (⌈log₂p⌉, or ⌊log₂p⌋ + 2 with the fold).
inline constexpr RoundsFormula scatter_allgather_rounds{"⌈log₂p⌉ + ⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋)",
                                                        rounds_of<s::scatter_allgather_rounds>};
inline constexpr CostFormula scatter_allgather{
    "≤ 2⌈log₂p⌉α + 2(p−1)/p·βm + (⌈log₂p⌉ − ⌊log₂p⌋)(α + 2βm)",
    [](int p, double m, double a, double b, int) {
      return s::tree_gather_cost(p, m, a, b) + s::reduce_scatter_halving_cost(p, m, a, b);
    }};
inline constexpr RoundsFormula scatter_ring_rounds{"⌈log₂p⌉ + p−1",
                                                   rounds_of<s::scatter_ring_rounds>};
inline constexpr CostFormula scatter_ring{
    "(⌈log₂p⌉ + p−1)α + 2(p−1)/p·βm", [](int p, double m, double a, double b, int) {
      return s::tree_gather_cost(p, m, a, b) + s::ring_allgather_cost(p, m, a, b);
    }};
// Exactly 2⌈log₂p⌉ for p a power of two and whenever the root folded out (root 0 among them);
// 2⌊log₂p⌋ + 1 otherwise.
inline constexpr RoundsFormula reduce_scatter_gather_rounds{
    "≤ 2⌈log₂p⌉, 2⌊log₂p⌋+1 if p ≠ 2^k, root in the core", rounds_of<s::rabenseifner_rounds>};

} // namespace collscope::detail::formulas
