// Registry entries of the irregular collectives: gatherv, scatterv, allgatherv, alltoallv. For
// alltoallv the bound uses m = all blocks of all ranks (collscope-run's m_bytes), which no
// round's largest message can exceed in sum.
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/algorithms/alltoallv.hpp"
#include "collscope/algorithms/gatherv.hpp"
#include "collscope/algorithms/scatterv.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;
using I = schedule::IrregularAlgorithm;

constexpr std::string_view traff_source = "seeds/000 §2–3, Lemmas 1–3, Theorem 1 (TUW_Gatherv)";
constexpr std::string_view model_binomial_source = "seeds/002 §2 (model-based binomial tree)";
constexpr std::string_view model_traff_source = "seeds/002 §2 (model-based Träff algorithm)";

constexpr CostFormula direct_irregular{
    "≤ (p−1)α + βm",
    [](int p, double m, double a, double b, int) { return p <= 1 ? 0 : (p - 1) * a + b * m; }};
constexpr CostFormula one_factor_irregular{
    "≤ (2⌈p/2⌉ − 1)α + βm", [](int p, double m, double a, double b, int) {
      return p <= 1 ? 0 : s::one_factor_rounds(p) * a + b * m;
    }};

// The Träff and model-based trees serve MPI_Gatherv and MPI_Scatterv alike (the scatter runs
// the gather's tree top-down): a scatterv entry is its gatherv entry with the other collective
// and function.
constexpr Algorithm traff_entry{.collective = C::gatherv,
                                .name = "traff",
                                .description =
                                    "data-aware ordered tree built in 2⌈log₂p⌉ small rounds",
                                .source = traff_source,
                                .rounds = traff_rounds,
                                .cost = traff,
                                .irregular_model = I::traff,
                                .gatherv = gatherv_traff};
constexpr Algorithm traff_lemma4_entry{.collective = C::gatherv,
                                       .name = "traff-lemma4",
                                       .description =
                                           "the same, own-block copies counted (Lemma 4)",
                                       .source = "seeds/000 §3, Lemma 4",
                                       .rounds = traff_rounds,
                                       .cost = traff,
                                       .irregular_model = I::traff_lemma4,
                                       .gatherv = gatherv_traff_lemma4};
constexpr Algorithm traff_degrade_entry{
    .collective = C::gatherv,
    .name = "traff-degrade",
    .description = "the same, big subtrees straight to the root (--threshold)",
    .source = "seeds/000 §3 last paragraph (graceful degradation)",
    .rounds = traff_rounds,
    .cost = traff,
    .parameter = Parameter::threshold,
    .irregular_model = I::traff_degrade,
    .gatherv = gatherv_traff_degrade};
constexpr Algorithm model_binomial_min_entry{
    .collective = C::gatherv,
    .name = "model-binomial-min",
    .description = "heterogeneous: binomial tree, ranks mapped minimum-first by t(i,j,m)",
    .source = model_binomial_source,
    .rounds = twice_log_rounds,
    .cost = model_tree,
    .irregular_model = I::model_binomial_min,
    .gatherv = gatherv_model_binomial_min};
constexpr Algorithm model_binomial_max_entry{
    .collective = C::gatherv,
    .name = "model-binomial-max",
    .description = "heterogeneous: binomial tree, ranks mapped maximum-first by t(i,j,m)",
    .source = model_binomial_source,
    .rounds = twice_log_rounds,
    .cost = model_tree,
    .irregular_model = I::model_binomial_max,
    .gatherv = gatherv_model_binomial_max};
constexpr Algorithm model_traff_entry{.collective = C::gatherv,
                                      .name = "model-traff",
                                      .description =
                                          "heterogeneous: modified Träff tree from t(i,j,m)",
                                      .source = model_traff_source,
                                      .rounds = model_traff_rounds,
                                      .cost = model_traff,
                                      .irregular_model = I::model_traff,
                                      .gatherv = gatherv_model_traff};

constexpr Algorithm scatterv_of(Algorithm entry, ScattervFn function,
                                std::string_view description = {}) {
  entry.collective = C::scatterv;
  entry.gatherv = nullptr;
  entry.scatterv = function;
  if (!description.empty()) entry.description = description;
  return entry;
}

const std::array first{
    Algorithm{.collective = C::gatherv,
              .name = "linear",
              .description = "root receives the non-empty blocks one by one in rank order",
              .source = "seeds/000 §1 (Open MPI, MPICH and SimGrid's MPI_Gatherv)",
              .rounds = linear_rounds,
              .cost = linear_irregular,
              .irregular_model = I::linear,
              .gatherv = gatherv_linear},
    Algorithm{.collective = C::gatherv,
              .name = "binomial",
              .description = "block-oblivious binomial tree; sizes found by probing",
              .source = "seeds/000 §1 (fixed, block-size oblivious trees)",
              .rounds = log_rounds,
              .cost = binomial_irregular,
              .irregular_model = I::binomial,
              .gatherv = gatherv_binomial},
    traff_entry,
    traff_lemma4_entry,
    traff_degrade_entry,
    model_binomial_min_entry,
    model_binomial_max_entry,
    model_traff_entry,
    Algorithm{.collective = C::gatherv,
              .name = "native",
              .description = "Open MPI's MPI_Gatherv",
              .source = "Open MPI",
              .native = true,
              .gatherv = MPI_Gatherv},
    Algorithm{.collective = C::scatterv,
              .name = "linear",
              .description = "root sends the non-empty blocks one by one in rank order",
              .source = "seeds/000 §1 (Open MPI and MPICH's MPI_Scatterv)",
              .rounds = linear_rounds,
              .cost = linear_irregular,
              .irregular_model = I::linear,
              .scatterv = scatterv_linear},
    Algorithm{.collective = C::scatterv,
              .name = "binomial",
              .description = "block-oblivious binomial tree; sizes travel with the data",
              .source = "seeds/000 §1 (fixed, block-size oblivious trees)",
              .rounds = twice_log,
              .cost = binomial_scatterv,
              .irregular_model = I::binomial,
              .scatterv = scatterv_binomial},
    scatterv_of(traff_entry, scatterv_traff),
    scatterv_of(traff_lemma4_entry, scatterv_traff_lemma4),
    scatterv_of(traff_degrade_entry, scatterv_traff_degrade,
                "the same, big subtrees straight from the root (--threshold)"),
    scatterv_of(model_binomial_min_entry, scatterv_model_binomial_min),
    scatterv_of(model_binomial_max_entry, scatterv_model_binomial_max),
    scatterv_of(model_traff_entry, scatterv_model_traff),
    Algorithm{.collective = C::scatterv,
              .name = "native",
              .description = "Open MPI's MPI_Scatterv",
              .source = "Open MPI",
              .native = true,
              .scatterv = MPI_Scatterv},
    Algorithm{.collective = C::allgatherv,
              .name = "ring",
              .description = "each whole block travels the ring, p−1 steps",
              .source = "seeds/001 “Linear-ring allgather” (blocks of different sizes)",
              .rounds = linear_rounds,
              .block_cost = ring_irregular,
              .allgatherv = allgatherv_ring},
    Algorithm{
        .collective = C::allgatherv,
        .name = "ring-pipelined",
        .description = "blocks cut into pieces of b elements, pipelined around the ring (FIFO)",
        .source =
            "seeds/001 “Pipelined irregular allgather”, “Pipelining lemma” (Träff et al. 2010)",
        .rounds = piece_rounds,
        .block_cost = pipeline_irregular,
        .parameter = Parameter::piece,
        .allgatherv = allgatherv_ring_pipelined},
    Algorithm{.collective = C::allgatherv,
              .name = "native",
              .description = "Open MPI's MPI_Allgatherv",
              .source = "Open MPI",
              .native = true,
              .allgatherv = MPI_Allgatherv},
    Algorithm{.collective = C::alltoallv,
              .name = "direct",
              .description = "the direct alltoall on blocks of any size; empty blocks not sent",
              .source = "seeds/001 “Direct alltoall, fully-connected network”",
              .rounds = linear_rounds,
              .cost = direct_irregular,
              .alltoallv = alltoallv_direct},
    Algorithm{.collective = C::alltoallv,
              .name = "one-factor",
              .description = "the one-factor alltoall on blocks of any size; empty blocks not sent",
              .source = "seeds/001 “Telephone exchange algorithm (1-factoring)”",
              .rounds = one_factor_rounds,
              .cost = one_factor_irregular,
              .alltoallv = alltoallv_one_factor},
    Algorithm{.collective = C::alltoallv,
              .name = "native",
              .description = "Open MPI's MPI_Alltoallv",
              .source = "Open MPI",
              .native = true,
              .alltoallv = MPI_Alltoallv},
};

} // namespace

RegistryPart irregular_registry() {
  return {first};
}

} // namespace collscope::detail
