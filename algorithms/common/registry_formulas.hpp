// The formulas the registry prints, each once: the text a lecturer reads next to the function
// that computes it (tests/unit/test_registry_formulas.cpp evaluates every text against its
// function over p, m, M, α and β).
#pragma once

#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/cost.hpp"
#include "collscope/schedule/formula.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/jia.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/pipelined_tree.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "collscope/schedule/scan.hpp"
#include "collscope/schedule/sync.hpp"
#include "collscope/schedule/two_tree.hpp"

namespace collscope::detail::formulas {

namespace s = schedule;
using s::CostFormula;
using s::RoundsFormula;

// A schedule function of p alone (rounds) or of p, m, α and β (cost) as a formula's function,
// which also takes M, the pipeline's block count: the formulas of unpipelined algorithms
// ignore it.
template <int (*rounds)(int p)> int rounds_of(int p, int) {
  return rounds(p);
}
template <double (*cost)(int p, double m, double alpha, double beta)>
double cost_of(int p, double m, double alpha, double beta, int) {
  return cost(p, m, alpha, beta);
}

// Each formula once: the text a lecturer reads next to the function that computes it
// (tests/unit/test_registry_formulas.cpp evaluates every text against its function).
inline constexpr RoundsFormula linear_rounds{"p−1", rounds_of<s::linear_rounds>};
inline constexpr RoundsFormula log_rounds{"⌈log₂p⌉", rounds_of<s::logarithmic_rounds>};
inline constexpr RoundsFormula twice_log_rounds{
    "⌈log₂p⌉ + ⌈log₂p⌉", [](int p, int) { return 2 * s::logarithmic_rounds(p); }};
inline constexpr RoundsFormula traff_rounds{"2⌈log₂p⌉ + ⌈log₂p⌉", rounds_of<s::traff_rounds>};
inline constexpr RoundsFormula pipeline_rounds{"p−1+M−1", s::pipeline_rounds};
inline constexpr RoundsFormula piece_rounds{"≤ p−1+M−1, M = Σ⌈mᵢ/b⌉", s::pipeline_rounds};

inline constexpr CostFormula linear_rooted{"(p−1)α + (p−1)/p·βm", cost_of<s::linear_rooted_cost>};
inline constexpr CostFormula linear_bcast{"(p−1)(α + βm)", cost_of<s::linear_bcast_cost>};
inline constexpr CostFormula tree_gather{"⌈log₂p⌉α + (p−1)/p·βm", cost_of<s::tree_gather_cost>};
inline constexpr CostFormula tree_bcast{"⌈log₂p⌉(α + βm)", cost_of<s::tree_bcast_cost>};
inline constexpr CostFormula pipeline{"(p−1+M−1)(α + βm/M)", s::bcast_pipeline_cost};
inline constexpr CostFormula ring{"(p−1)(α + βm/p)", cost_of<s::ring_allgather_cost>};
inline constexpr CostFormula dissemination{"⌈log₂p⌉α + (p−1)/p·βm",
                                           cost_of<s::dissemination_allgather_cost>};
// allgatherv: bounds for any block sizes (tests/unit/test_cost_bounds.cpp holds the ring
// schedules' α-β times to them). The plain ring moves some block in each of its p−1 steps and
// a step lasts as long as the largest block in flight, exactly (p−1)(α + βmₘₐₓ) when a block
// of that size travels all p−1 hops; (p−1)(α + βm/p) is the same number for equal blocks only.
// The pipelined ring plays at most p−1+M−1 rounds (the pipelining lemma), none carrying more
// than the largest piece b = min(piece, mₘₐₓ) bytes; (p−1+M−1)(α + βm/M) would assume equal
// pieces, which the last piece of each block and every small block are not.
inline constexpr s::BlockCostFormula ring_irregular{
    "(p−1)(α + βmₘₐₓ), mₘₐₓ = max mᵢ", [](const s::FormulaValues& v) {
      return v.p <= 1 ? 0 : (v.p - 1) * (v.alpha + v.beta * v.largest);
    }};
inline constexpr s::BlockCostFormula pipeline_irregular{
    "≤ (p−1+M−1)(α + βb), b = largest piece", [](const s::FormulaValues& v) {
      return v.p <= 1 ? 0 : (v.p - 1 + v.blocks - 1) * (v.alpha + v.beta * v.piece);
    }};
// gatherv and scatterv: bounds for any block sizes, m being the total of all blocks (the
// collective's m_bytes), so that no problem type's schedule exceeds them
// (tests/unit/test_cost_bounds.cpp sweeps p, roots, the paper's problem types and b).
// collscope-run also prints the schedule's own α-β time for the actual block sizes.
inline constexpr CostFormula linear_irregular{
    "(p−1)α + βm",
    [](int p, double m, double a, double b, int) { return p <= 1 ? 0 : (p - 1) * a + b * m; }};
// A fixed tree forwards every block up to ⌈log₂p⌉ times (all data on the farthest rank).
inline constexpr CostFormula binomial_irregular{
    "⌈log₂p⌉(α + βm)",
    [](int p, double m, double a, double b, int) { return s::ceil_log2(p) * (a + b * m); }};
// Sizes travel with the data: a size message, then the data, on each of the ⌈log₂p⌉ levels.
inline constexpr CostFormula binomial_scatterv{
    "2⌈log₂p⌉α + ⌈log₂p⌉βm + 8(p−1)β", [](int p, double m, double a, double b, int) {
      return p <= 1 ? 0 : 2 * s::ceil_log2(p) * a + s::ceil_log2(p) * b * m + 8.0 * (p - 1) * b;
    }};
// Theorem 1 of seeds/000: ⌈log₂p⌉α + β·Σ_{i≠r} mᵢ plus a penalty of at most βm, after the
// 2⌈log₂p⌉ construction rounds.
inline constexpr CostFormula traff{
    "2⌈log₂p⌉(α + 32β) + ⌈log₂p⌉α + 2βm", [](int p, double m, double a, double b, int) {
      return p <= 1 ? 0 : 2 * s::ceil_log2(p) * (a + 32 * b) + s::ceil_log2(p) * a + 2 * b * m;
    }};
inline constexpr CostFormula model_tree{
    "2⌈log₂p⌉α + 8(p−1)(6 + 2⌈log₂p⌉)β + ⌈log₂p⌉βm", [](int p, double m, double a, double b, int) {
      return p <= 1 ? 0
                    : 2 * s::ceil_log2(p) * a + 8.0 * (p - 1) * (6 + 2 * s::ceil_log2(p)) * b +
                          s::ceil_log2(p) * b * m;
    }};
// The modified Träff tree follows t(i, j, m): as deep as p−1 on a skewed network.
inline constexpr RoundsFormula model_traff_rounds{
    "⌈log₂p⌉ + p−1", [](int p, int) { return s::logarithmic_rounds(p) + p - 1; }};
inline constexpr CostFormula model_traff{
    "⌈log₂p⌉α + 8(p−1)(6 + 2⌈log₂p⌉)β + (p−1)α + 2βm",
    [](int p, double m, double a, double b, int) {
      return p <= 1 ? 0
                    : s::ceil_log2(p) * a + 8.0 * (p - 1) * (6 + 2 * s::ceil_log2(p)) * b +
                          (p - 1) * a + 2 * b * m;
    }};

inline constexpr RoundsFormula twice_log{"2⌈log₂p⌉", rounds_of<s::reduce_bcast_rounds>};
inline constexpr RoundsFormula butterfly_rounds{"⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋)",
                                                rounds_of<s::butterfly_rounds>};
inline constexpr RoundsFormula ring_twice{"2(p−1)", rounds_of<s::ring_allreduce_rounds>};
inline constexpr CostFormula reduce_bcast{"2⌈log₂p⌉(α + βm)", cost_of<s::reduce_bcast_cost>};
inline constexpr CostFormula butterfly{"(⌊log₂p⌋ + 2(⌈log₂p⌉ − ⌊log₂p⌋))(α + βm)",
                                       cost_of<s::butterfly_allreduce_cost>};
inline constexpr CostFormula ring_allreduce{"2(p−1)α + 2(p−1)/p·βm",
                                            cost_of<s::ring_allreduce_cost>};
inline constexpr CostFormula circulant_allreduce{"⌈log₂p⌉(α + βm)",
                                                 cost_of<s::circulant_allreduce_cost>};

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
                                                 cost_of<s::reduce_scatter_ring_cost>};
inline constexpr CostFormula halving_reduce_scatter{
    "≤ ⌈log₂p⌉α + (p−1)/p·βm + (⌈log₂p⌉ − ⌊log₂p⌋)(α + 2βm)",
    cost_of<s::reduce_scatter_halving_cost>};
inline constexpr CostFormula rabenseifner{"≤ 2⌈log₂p⌉α + 2(p−1)/p·βm + 2(⌈log₂p⌉ − ⌊log₂p⌋)βm",
                                          cost_of<s::rabenseifner_cost>};
// Allreduce tree-pipeline: the two-tree reduction to rank 0, then the two-tree broadcast.
inline constexpr RoundsFormula two_tree_allreduce_rounds{
    "≤ 2(M−1+2⌈log₂p⌉)", [](int p, int blocks) { return 2 * s::two_tree_round_bound(p, blocks); }};
inline constexpr CostFormula two_tree_allreduce{
    "≤ 2(M−1+2⌈log₂p⌉)(α + βm/M)", [](int p, double m, double a, double b, int blocks) {
      return 2 * s::two_tree_round_bound(p, blocks) * (a + b * m / blocks);
    }};

// Prefix sums: Hillis–Steele moves the whole vector in each of its ⌈log₂p⌉ rounds; the up/down
// sweep's exact round count (schedule/scan.hpp); the pipeline is the linear pipeline's.
inline constexpr CostFormula hillis_steele{"⌈log₂p⌉(α + βm)", cost_of<s::hillis_steele_cost>};
inline constexpr RoundsFormula updown_rounds{"⌊log₂p⌋ + ⌊log₂(2p/3)⌋", rounds_of<s::updown_rounds>};
inline constexpr CostFormula updown{"(⌊log₂p⌋ + ⌊log₂(2p/3)⌋)(α + βm)", cost_of<s::updown_cost>};

// The one-factor exchange's rounds, alltoall's and alltoallv's.
inline constexpr RoundsFormula one_factor_rounds{"2⌈p/2⌉ − 1", rounds_of<s::one_factor_rounds>};

// A barrier moves no data: its cost is its rounds' latencies (barrier and ibarrier
// dissemination).
inline constexpr CostFormula log_latency{"⌈log₂p⌉α", [](int p, double, double a, double, int) {
                                           return schedule::barrier_cost(s::ceil_log2(p), a);
                                         }};

} // namespace collscope::detail::formulas
