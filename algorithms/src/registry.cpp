#include "collscope/algorithms/registry.hpp"

#include "collscope/algorithms/allgather.hpp"
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/gather.hpp"
#include "collscope/algorithms/gatherv.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/scatter.hpp"
#include "collscope/algorithms/scatterv.hpp"
#include "collscope/schedule/cost.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/pipeline.hpp"

#include <array>

namespace collscope {

namespace {

namespace s = schedule;

int linear_rounds(int p, int) {
  return s::linear_rounds(p);
}
int log_rounds(int p, int) {
  return s::logarithmic_rounds(p);
}
int pipeline_rounds(int p, int blocks) {
  return s::pipeline_rounds(p, blocks);
}

double linear_rooted(int p, double m, double a, double b, int) {
  return s::linear_rooted_cost(p, m, a, b);
}
double linear_bcast(int p, double m, double a, double b, int) {
  return s::linear_bcast_cost(p, m, a, b);
}
double tree_gather(int p, double m, double a, double b, int) {
  return s::tree_gather_cost(p, m, a, b);
}
double tree_bcast(int p, double m, double a, double b, int) {
  return s::tree_bcast_cost(p, m, a, b);
}
double pipeline(int p, double m, double a, double b, int blocks) {
  return s::bcast_pipeline_cost(p, m, a, b, blocks);
}
double ring(int p, double m, double a, double b, int) {
  return s::ring_allgather_cost(p, m, a, b);
}
double dissemination(int p, double m, double a, double b, int) {
  return s::dissemination_allgather_cost(p, m, a, b);
}
int traff_rounds(int p, int) {
  return s::traff_rounds(p);
}
double traff(int p, double m, double a, double b, int) {
  return s::traff_cost(p, m, a, b);
}
double binomial_scatterv(int p, double m, double a, double b, int) {
  return s::binomial_scatterv_cost(p, m, a, b);
}
int twice_log_rounds(int p, int) {
  return 2 * s::logarithmic_rounds(p);
}
double model_tree(int p, double m, double a, double b, int) {
  return s::model_tree_cost(p, m, a, b);
}

constexpr std::string_view lecture = "seeds/001_496b7ceb2e430cd8.txt";
constexpr std::string_view log_p = "⌈log₂p⌉";
constexpr std::string_view p_minus_1 = "p−1";
constexpr std::string_view tree_gather_text = "⌈log₂p⌉α + (p−1)/p·βm";
constexpr std::string_view linear_rooted_text = "(p−1)α + (p−1)/p·βm";
constexpr std::string_view tree_bcast_text = "⌈log₂p⌉(α + βm)";
constexpr std::string_view traff_rounds_text = "2⌈log₂p⌉ + ⌈log₂p⌉";
// The costs of gatherv and scatterv are for equal blocks of m/p bytes; collscope-run also
// prints the model time of the actual block sizes.
constexpr std::string_view traff_text = "2⌈log₂p⌉(α + 32β) + ⌈log₂p⌉α + (p−1)/p·βm";
constexpr std::string_view traff_source = "seeds/000 §2–3, Lemmas 1–3, Theorem 1 (TUW_Gatherv)";
constexpr std::string_view model_rounds_text = "⌈log₂p⌉ + ⌈log₂p⌉";
constexpr std::string_view model_text = "2⌈log₂p⌉α + 8(p−1)(4+2K)β + (p−1)/p·βm";
constexpr std::string_view model_binomial_source = "seeds/002 §2 (model-based binomial tree)";
constexpr std::string_view model_traff_source = "seeds/002 §2 (model-based Träff algorithm)";

using C = Collective;

const std::array registry{
    Algorithm{C::gather, "linear", "root receives the blocks one by one in rank order",
              "seeds/000 §1 (non-roots send directly to the root)", p_minus_1, linear_rooted_text,
              linear_rounds, linear_rooted, false, false, gather_linear},
    Algorithm{C::gather, "binomial", "pre-order binomial tree over ranks shifted to the root",
              "seeds/001 “Binomial tree gather in rounds”", log_p, tree_gather_text, log_rounds,
              tree_gather, false, false, gather_binomial},
    Algorithm{C::gather, "dnc", "divide-and-conquer halving: rank order at any root, no reordering",
              "seeds/001 “Binomial gather/scatter with root≠0”", log_p, tree_gather_text,
              log_rounds, tree_gather, false, false, gather_dnc},
    Algorithm{C::gather, "native", "Open MPI's MPI_Gather", "Open MPI", "", "", nullptr, nullptr,
              false, false, MPI_Gather},

    Algorithm{C::scatter, "linear", "root sends the blocks one by one in rank order",
              "seeds/000 §1 (the root sends directly to each rank)", p_minus_1, linear_rooted_text,
              linear_rounds, linear_rooted, false, false, scatter_linear},
    Algorithm{C::scatter, "binomial", "pre-order binomial tree, largest subtree first",
              "seeds/001 “Binomial tree scatter in hypercube”", log_p, tree_gather_text, log_rounds,
              tree_gather, false, false, scatter_binomial},
    Algorithm{C::scatter, "dnc", "divide-and-conquer halving: contiguous runs, any root",
              "seeds/001 “Binomial tree-like, divide-and-conquer scatter”", log_p, tree_gather_text,
              log_rounds, tree_gather, false, false, scatter_dnc},
    Algorithm{C::scatter, "native", "Open MPI's MPI_Scatter", "Open MPI", "", "", nullptr, nullptr,
              false, false, MPI_Scatter},

    Algorithm{C::bcast, "linear", "root sends the whole buffer to each rank in turn",
              "seeds/001 “Linear-ring allgather” (trivial broadcast)", p_minus_1, "(p−1)(α + βm)",
              linear_rounds, linear_bcast, false, false, nullptr, bcast_linear},
    Algorithm{C::bcast, "binomial-preorder", "pre-order binomial tree: harmful algorithmic latency",
              "seeds/001 “Binomial tree broadcast with harmful algorithmic latency”", log_p,
              tree_bcast_text, log_rounds, tree_bcast, false, false, nullptr,
              bcast_binomial_preorder},
    Algorithm{C::bcast, "binomial", "bit-reversed binomial tree: no harmful algorithmic latency",
              "seeds/001 “Binomial tree broadcast without harmful algorithmic latency”", log_p,
              tree_bcast_text, log_rounds, tree_bcast, false, false, nullptr, bcast_binomial},
    Algorithm{C::bcast, "pipeline", "linear-array pipeline, M blocks by the pipelining lemma",
              "seeds/001 “Pipelined broadcast”, “Pipelining lemma”", "p−1+M−1",
              "(p−1+M−1)(α + βm/M)", pipeline_rounds, pipeline, false, true, nullptr,
              bcast_pipeline},
    Algorithm{C::bcast, "native", "Open MPI's MPI_Bcast", "Open MPI", "", "", nullptr, nullptr,
              false, false, nullptr, MPI_Bcast},

    Algorithm{C::reduce, "binomial", "binomial tree over shifted ranks (commutative ops only)",
              "seeds/001 “Binomial tree reduction”", log_p, tree_bcast_text, log_rounds, tree_bcast,
              true, false, nullptr, nullptr, reduce_binomial},
    Algorithm{
        C::reduce, "ordered", "divide-and-conquer in rank order: correct for non-commutative ops",
        "seeds/001 “Binomial tree reduction”, “Binomial gather/scatter with root≠0”", log_p,
        tree_bcast_text, log_rounds, tree_bcast, false, false, nullptr, nullptr, reduce_ordered},
    Algorithm{C::reduce, "native", "Open MPI's MPI_Reduce", "Open MPI", "", "", nullptr, nullptr,
              false, false, nullptr, nullptr, MPI_Reduce},

    Algorithm{C::allgather, "ring", "pass blocks to the right neighbour, p−1 steps",
              "seeds/001 “Linear-ring allgather”", p_minus_1, "(p−1)(α + βm/p)", linear_rounds,
              ring, false, false, nullptr, nullptr, nullptr, allgather_ring},
    Algorithm{C::allgather, "dissemination", "Bruck/dissemination on the circulant graph i → i+2^k",
              "seeds/001 “Bruck”/“Dissemination” Allgather algorithm", log_p,
              "⌈log₂p⌉α + (p−1)/p·βm", log_rounds, dissemination, false, false, nullptr, nullptr,
              nullptr, allgather_dissemination},
    Algorithm{C::allgather, "native", "Open MPI's MPI_Allgather", "Open MPI", "", "", nullptr,
              nullptr, false, false, nullptr, nullptr, nullptr, MPI_Allgather},

    Algorithm{C::gatherv, "linear", "root receives the non-empty blocks one by one in rank order",
              "seeds/000 §1 (Open MPI, MPICH and SimGrid's MPI_Gatherv)", p_minus_1,
              linear_rooted_text, linear_rounds, linear_rooted, false, false, nullptr, nullptr,
              nullptr, nullptr, gatherv_linear},
    Algorithm{C::gatherv, "binomial", "block-oblivious binomial tree; sizes found by probing",
              "seeds/000 §1 (fixed, block-size oblivious trees)", log_p, tree_gather_text,
              log_rounds, tree_gather, false, false, nullptr, nullptr, nullptr, nullptr,
              gatherv_binomial},
    Algorithm{C::gatherv, "traff", "data-aware ordered tree built in 2⌈log₂p⌉ small rounds",
              traff_source, traff_rounds_text, traff_text, traff_rounds, traff, false, false,
              nullptr, nullptr, nullptr, nullptr, gatherv_traff},
    Algorithm{C::gatherv, "traff-lemma4", "the same, own-block copies counted (Lemma 4)",
              "seeds/000 §3, Lemma 4", traff_rounds_text, traff_text, traff_rounds, traff, false,
              false, nullptr, nullptr, nullptr, nullptr, gatherv_traff_lemma4},
    Algorithm{C::gatherv, "traff-degrade",
              "the same, big subtrees straight to the root (--threshold)",
              "seeds/000 §3 last paragraph (graceful degradation)", traff_rounds_text, traff_text,
              traff_rounds, traff, false, false, nullptr, nullptr, nullptr, nullptr,
              gatherv_traff_degrade},
    Algorithm{C::gatherv, "model-binomial-min",
              "heterogeneous: binomial tree, ranks mapped minimum-first by t(i,j,m)",
              model_binomial_source, model_rounds_text, model_text, twice_log_rounds, model_tree,
              false, false, nullptr, nullptr, nullptr, nullptr, gatherv_model_binomial_min},
    Algorithm{C::gatherv, "model-binomial-max",
              "heterogeneous: binomial tree, ranks mapped maximum-first by t(i,j,m)",
              model_binomial_source, model_rounds_text, model_text, twice_log_rounds, model_tree,
              false, false, nullptr, nullptr, nullptr, nullptr, gatherv_model_binomial_max},
    Algorithm{C::gatherv, "model-traff", "heterogeneous: modified Träff tree from t(i,j,m)",
              model_traff_source, model_rounds_text, model_text, twice_log_rounds, model_tree,
              false, false, nullptr, nullptr, nullptr, nullptr, gatherv_model_traff},
    Algorithm{C::gatherv, "native", "Open MPI's MPI_Gatherv", "Open MPI", "", "", nullptr, nullptr,
              false, false, nullptr, nullptr, nullptr, nullptr, MPI_Gatherv},

    Algorithm{C::scatterv, "linear", "root sends the non-empty blocks one by one in rank order",
              "seeds/000 §1 (Open MPI and MPICH's MPI_Scatterv)", p_minus_1, linear_rooted_text,
              linear_rounds, linear_rooted, false, false, nullptr, nullptr, nullptr, nullptr,
              nullptr, scatterv_linear},
    Algorithm{C::scatterv, "binomial", "block-oblivious binomial tree; sizes travel with the data",
              "seeds/000 §1 (fixed, block-size oblivious trees)", log_p,
              "2⌈log₂p⌉α + (p−1)/p·βm + 8(p−1)β", log_rounds, binomial_scatterv, false, false,
              nullptr, nullptr, nullptr, nullptr, nullptr, scatterv_binomial},
    Algorithm{C::scatterv, "traff", "data-aware ordered tree built in 2⌈log₂p⌉ small rounds",
              traff_source, traff_rounds_text, traff_text, traff_rounds, traff, false, false,
              nullptr, nullptr, nullptr, nullptr, nullptr, scatterv_traff},
    Algorithm{C::scatterv, "traff-lemma4", "the same, own-block copies counted (Lemma 4)",
              "seeds/000 §3, Lemma 4", traff_rounds_text, traff_text, traff_rounds, traff, false,
              false, nullptr, nullptr, nullptr, nullptr, nullptr, scatterv_traff_lemma4},
    Algorithm{C::scatterv, "traff-degrade",
              "the same, big subtrees straight from the root (--threshold)",
              "seeds/000 §3 last paragraph (graceful degradation)", traff_rounds_text, traff_text,
              traff_rounds, traff, false, false, nullptr, nullptr, nullptr, nullptr, nullptr,
              scatterv_traff_degrade},
    Algorithm{C::scatterv, "model-binomial-min",
              "heterogeneous: binomial tree, ranks mapped minimum-first by t(i,j,m)",
              model_binomial_source, model_rounds_text, model_text, twice_log_rounds, model_tree,
              false, false, nullptr, nullptr, nullptr, nullptr, nullptr,
              scatterv_model_binomial_min},
    Algorithm{C::scatterv, "model-binomial-max",
              "heterogeneous: binomial tree, ranks mapped maximum-first by t(i,j,m)",
              model_binomial_source, model_rounds_text, model_text, twice_log_rounds, model_tree,
              false, false, nullptr, nullptr, nullptr, nullptr, nullptr,
              scatterv_model_binomial_max},
    Algorithm{C::scatterv, "model-traff", "heterogeneous: modified Träff tree from t(i,j,m)",
              model_traff_source, model_rounds_text, model_text, twice_log_rounds, model_tree,
              false, false, nullptr, nullptr, nullptr, nullptr, nullptr, scatterv_model_traff},
    Algorithm{C::scatterv, "native", "Open MPI's MPI_Scatterv", "Open MPI", "", "", nullptr,
              nullptr, false, false, nullptr, nullptr, nullptr, nullptr, nullptr, MPI_Scatterv},

    Algorithm{C::allgatherv, "ring", "each whole block travels the ring, p−1 steps",
              "seeds/001 “Linear-ring allgather” (blocks of different sizes)", p_minus_1,
              "(p−1)(α + β·max mᵢ)", linear_rounds, ring, false, false, nullptr, nullptr, nullptr,
              nullptr, nullptr, nullptr, allgatherv_ring},
    Algorithm{C::allgatherv, "ring-pipelined",
              "blocks cut into pieces of b elements, pipelined around the ring (FIFO)",
              "seeds/001 “Pipelined irregular allgather”, “Pipelining lemma” (Träff et al. 2010)",
              "≤ p−1+M−1, M = Σ⌈mᵢ/b⌉", "(p−1+M−1)(α + βm/M)", pipeline_rounds, pipeline, false,
              false, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
              allgatherv_ring_pipelined, true},
    Algorithm{C::allgatherv, "native", "Open MPI's MPI_Allgatherv", "Open MPI", "", "", nullptr,
              nullptr, false, false, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
              MPI_Allgatherv},
};

} // namespace

std::string_view to_string(Collective collective) {
  switch (collective) {
  case C::gather:
    return "gather";
  case C::scatter:
    return "scatter";
  case C::bcast:
    return "bcast";
  case C::reduce:
    return "reduce";
  case C::allgather:
    return "allgather";
  case C::gatherv:
    return "gatherv";
  case C::scatterv:
    return "scatterv";
  case C::allgatherv:
    return "allgatherv";
  }
  return "?";
}

std::optional<Collective> parse_collective(std::string_view name) {
  for (C c : {C::gather, C::scatter, C::bcast, C::reduce, C::allgather, C::gatherv, C::scatterv,
              C::allgatherv})
    if (to_string(c) == name) return c;
  return std::nullopt;
}

std::span<const Algorithm> algorithms() {
  return registry;
}

const Algorithm* find_algorithm(Collective collective, std::string_view name) {
  for (const Algorithm& a : registry)
    if (a.collective == collective && a.name == name) return &a;
  return nullptr;
}

} // namespace collscope
