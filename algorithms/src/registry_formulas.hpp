// The formulas the registry prints, each once: the text a lecturer reads next to the function
// that computes it (tests/unit/test_registry_formulas.cpp evaluates every text against its
// function over p, m, M, α and β).
#pragma once

#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/cost.hpp"
#include "collscope/schedule/formula.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/jia.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/pipelined_tree.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "collscope/schedule/scan.hpp"
#include "collscope/schedule/two_tree.hpp"

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

inline constexpr RoundsFormula twice_log{"2⌈log₂p⌉",
                                         [](int p, int) { return s::reduce_bcast_rounds(p); }};
inline constexpr RoundsFormula butterfly_rounds{"⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋)",
                                                [](int p, int) { return s::butterfly_rounds(p); }};
inline constexpr RoundsFormula ring_twice{"2(p−1)",
                                          [](int p, int) { return s::ring_allreduce_rounds(p); }};
inline constexpr CostFormula reduce_bcast{
    "2⌈log₂p⌉(α + βm)",
    [](int p, double m, double a, double b, int) { return s::reduce_bcast_cost(p, m, a, b); }};
inline constexpr CostFormula butterfly{"(⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋))(α + βm)",
                                       [](int p, double m, double a, double b, int) {
                                         return s::butterfly_allreduce_cost(p, m, a, b);
                                       }};
inline constexpr CostFormula ring_allreduce{
    "2(p−1)α + 2(p−1)/p·βm",
    [](int p, double m, double a, double b, int) { return s::ring_allreduce_cost(p, m, a, b); }};
inline constexpr CostFormula circulant_allreduce{"⌈log₂p⌉(α + βm)",
                                                 [](int p, double m, double a, double b, int) {
                                                   return s::circulant_allreduce_cost(p, m, a, b);
                                                 }};

// Block-pipelined trees and Jia's hypercube: rounds·(α + βm/M). Where the exact round count
// of a tree has no closed form (it depends on the tree's shape), the text is the bound the
// schedule tests prove; collscope-run --compare prints the exact counts.
inline constexpr RoundsFormula tree_pipeline_rounds{"≤ 2⌊log₂p⌋+2(M−1)",
                                                    s::tree_pipeline_round_bound};
inline constexpr CostFormula tree_pipeline{
    "≤ (2⌊log₂p⌋+2(M−1))(α + βm/M)", [](int p, double m, double a, double b, int blocks) {
      return s::tree_pipeline_round_bound(p, blocks) * (a + b * m / blocks);
    }};
inline constexpr RoundsFormula two_tree_rounds{"≤ M−1+2⌈log₂p⌉", s::two_tree_round_bound};
inline constexpr CostFormula two_tree{
    "≤ (M−1+2⌈log₂p⌉)(α + βm/M)", [](int p, double m, double a, double b, int blocks) {
      return s::two_tree_round_bound(p, blocks) * (a + b * m / blocks);
    }};
// Reduce to a root other than 0 adds the forward from rank 0: one round.
inline constexpr RoundsFormula two_tree_reduce_rounds{
    "≤ M+2⌈log₂p⌉",
    [](int p, int blocks) { return p <= 1 ? 0 : s::two_tree_round_bound(p, blocks) + 1; }};
inline constexpr CostFormula two_tree_reduce{
    "≤ (M+2⌈log₂p⌉)(α + βm/M)", [](int p, double m, double a, double b, int blocks) {
      return p <= 1 ? 0 : (s::two_tree_round_bound(p, blocks) + 1) * (a + b * m / blocks);
    }};
inline constexpr RoundsFormula jia_rounds{"M−1+⌈log₂p⌉", s::jia_rounds};
inline constexpr CostFormula jia{"(M−1+⌈log₂p⌉)(α + βm/M)",
                                 [](int p, double m, double a, double b, int blocks) {
                                   return s::jia_rounds(p, blocks) * (a + b * m / blocks);
                                 }};

// Reduce-scatter (m = the whole input vector, p blocks of m/p) and the Rabenseifner allreduce:
// exact for p a power of two, bounds otherwise (the fold and unfold of p − q ranks).
inline constexpr CostFormula ring_reduce_scatter{"(p−1)α + (p−1)/p·βm",
                                                 [](int p, double m, double a, double b, int) {
                                                   return s::reduce_scatter_ring_cost(p, m, a, b);
                                                 }};
inline constexpr CostFormula halving_reduce_scatter{
    "≤ ⌈log₂p⌉α + (p−1)/p·βm + (⌈log₂p⌉ − ⌊log₂p⌋)(α + 2βm)",
    [](int p, double m, double a, double b, int) {
      return s::reduce_scatter_halving_cost(p, m, a, b);
    }};
inline constexpr CostFormula rabenseifner{
    "≤ 2⌈log₂p⌉α + 2(p−1)/p·βm + 2(⌈log₂p⌉ − ⌊log₂p⌋)βm",
    [](int p, double m, double a, double b, int) { return s::rabenseifner_cost(p, m, a, b); }};
// Allreduce tree-pipeline: the two-tree reduction to rank 0, then the two-tree broadcast.
inline constexpr RoundsFormula two_tree_allreduce_rounds{
    "≤ 2(M−1+2⌈log₂p⌉)", [](int p, int blocks) { return 2 * s::two_tree_round_bound(p, blocks); }};
inline constexpr CostFormula two_tree_allreduce{
    "≤ 2(M−1+2⌈log₂p⌉)(α + βm/M)", [](int p, double m, double a, double b, int blocks) {
      return 2 * s::two_tree_round_bound(p, blocks) * (a + b * m / blocks);
    }};

// Prefix sums: Hillis–Steele moves the whole vector in each of its ⌈log₂p⌉ rounds; the up/down
// sweep's exact round count (schedule/scan.hpp); the pipeline is the linear pipeline's.
inline constexpr CostFormula hillis_steele{
    "⌈log₂p⌉(α + βm)",
    [](int p, double m, double a, double b, int) { return s::hillis_steele_cost(p, m, a, b); }};
inline constexpr RoundsFormula updown_rounds{"⌊log₂p⌋ + ⌊log₂(2p/3)⌋",
                                             [](int p, int) { return s::updown_rounds(p); }};
inline constexpr CostFormula updown{
    "(⌊log₂p⌋ + ⌊log₂(2p/3)⌋)(α + βm)",
    [](int p, double m, double a, double b, int) { return s::updown_cost(p, m, a, b); }};

} // namespace collscope::detail::formulas
