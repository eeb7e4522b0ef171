// The formulas the registry prints, each once: the text a lecturer reads next to the function
// that computes it (tests/unit/test_registry_formulas.cpp evaluates every text against its
// function over p, m, M, α and β).
#pragma once

#include "collscope/schedule/cost.hpp"
#include "collscope/schedule/formula.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/pipeline.hpp"

namespace collscope::detail::formulas {

namespace s = schedule;
using s::CostFormula;
using s::RoundsFormula;

// Each formula once: the text a lecturer reads next to the function that computes it
// (tests/unit/test_registry_formulas.cpp evaluates every text against its function).
inline constexpr RoundsFormula linear_rounds{"p−1", [](int p, int) { return s::linear_rounds(p); }};
inline constexpr RoundsFormula log_rounds{"⌈log₂p⌉",
                                          [](int p, int) { return s::logarithmic_rounds(p); }};
inline constexpr RoundsFormula twice_log_rounds{
    "⌈log₂p⌉ + ⌈log₂p⌉", [](int p, int) { return 2 * s::logarithmic_rounds(p); }};
inline constexpr RoundsFormula traff_rounds{"2⌈log₂p⌉ + ⌈log₂p⌉",
                                            [](int p, int) { return s::traff_rounds(p); }};
inline constexpr RoundsFormula pipeline_rounds{"p−1+M−1", s::pipeline_rounds};
inline constexpr RoundsFormula piece_rounds{"≤ p−1+M−1, M = Σ⌈mᵢ/b⌉", s::pipeline_rounds};

inline constexpr CostFormula linear_rooted{
    "(p−1)α + (p−1)/p·βm",
    [](int p, double m, double a, double b, int) { return s::linear_rooted_cost(p, m, a, b); }};
inline constexpr CostFormula linear_bcast{
    "(p−1)(α + βm)",
    [](int p, double m, double a, double b, int) { return s::linear_bcast_cost(p, m, a, b); }};
inline constexpr CostFormula tree_gather{
    "⌈log₂p⌉α + (p−1)/p·βm",
    [](int p, double m, double a, double b, int) { return s::tree_gather_cost(p, m, a, b); }};
inline constexpr CostFormula tree_bcast{
    "⌈log₂p⌉(α + βm)",
    [](int p, double m, double a, double b, int) { return s::tree_bcast_cost(p, m, a, b); }};
inline constexpr CostFormula pipeline{"(p−1+M−1)(α + βm/M)", s::bcast_pipeline_cost};
inline constexpr CostFormula ring{"(p−1)(α + βm/p)", [](int p, double m, double a, double b, int) {
                                    return s::ring_allgather_cost(p, m, a, b);
                                  }};
inline constexpr CostFormula dissemination{"⌈log₂p⌉α + (p−1)/p·βm",
                                           [](int p, double m, double a, double b, int) {
                                             return s::dissemination_allgather_cost(p, m, a, b);
                                           }};
// The costs of gatherv and scatterv are for equal blocks of m/p bytes; collscope-run also
// prints the model time of the actual block sizes.
inline constexpr CostFormula traff{
    "2⌈log₂p⌉(α + 32β) + ⌈log₂p⌉α + (p−1)/p·βm",
    [](int p, double m, double a, double b, int) { return s::traff_cost(p, m, a, b); }};
inline constexpr CostFormula binomial_scatterv{
    "2⌈log₂p⌉α + (p−1)/p·βm + 8(p−1)β",
    [](int p, double m, double a, double b, int) { return s::binomial_scatterv_cost(p, m, a, b); }};
inline constexpr CostFormula model_tree{
    "2⌈log₂p⌉α + 8(p−1)(6 + 2⌈log₂p⌉)β + (p−1)/p·βm",
    [](int p, double m, double a, double b, int) { return s::model_tree_cost(p, m, a, b); }};

} // namespace collscope::detail::formulas
