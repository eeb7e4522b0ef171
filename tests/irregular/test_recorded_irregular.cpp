// Traces of real gatherv/scatterv runs (make_traces.sh), replayed in the α-β model: Träff's
// algorithm meets Theorem 1's bound on every problem type (after its 2⌈log₂p⌉ rounds of
// 32-byte construction messages); on the worst case for fixed trees the block-oblivious
// binomial tree replays to exactly ⌈log₂p⌉(α + β·Σm) and Träff's tree to far less.
#define CATCH_CONFIG_MAIN
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/irregular_cost.hpp"
#include "collscope/schedule/irregular_problem.hpp"
#include "collscope/schedule/irregular_tree.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

using namespace collscope;

namespace {

constexpr double alpha = 1e-6, beta = 1e-9;

model::Trace load(const std::string& name) {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  return model::load_trace(std::filesystem::path(dir) / name);
}

/// The block sizes in bytes, from the root's "counts" metadata (MPI_INT blocks).
std::vector<std::int64_t> block_bytes(const model::Trace& trace) {
  REQUIRE(trace.algorithms.size() == 1);
  std::istringstream counts(trace.algorithms[0].meta.at("counts"));
  std::vector<std::int64_t> bytes;
  for (std::string item; std::getline(counts, item, ',');) bytes.push_back(4 * std::stoll(item));
  REQUIRE(bytes.size() == trace.ranks.size());
  return bytes;
}

int root_of(const model::Trace& trace) {
  return std::stoi(trace.algorithms[0].meta.at("root"));
}

double construction_bound(int p) {
  return schedule::construction_rounds(p) * (alpha + schedule::construction_message_bytes * beta);
}

} // namespace

TEST_CASE("Träff's gatherv and scatterv replay within Theorem 1's bound on every problem",
          "[recorded][replay]") {
  for (std::string_view problem : {"same", "random", "bucket", "spikes", "increasing", "decreasing",
                                   "alternating", "two-blocks"})
    for (const std::string run : {"gatherv_traff_", "scatterv_traff_"})
      for (const std::string p : {"_p8", "_p11"}) {
        if (run == "scatterv_traff_" && p == "_p11") continue;
        const std::string name = run + std::string(problem) + p;
        INFO(name);
        const model::Trace trace = load(name);
        const std::vector<std::int64_t> bytes = block_bytes(trace);
        const int procs = static_cast<int>(bytes.size()), root = root_of(trace);
        const schedule::IrregularTree tree = schedule::irregular_gather_tree(bytes, root);
        const double bound =
            construction_bound(procs) + schedule::theorem1_bound(tree, bytes, alpha, beta);
        const model::Replay replay = model::replay_alpha_beta(trace, {alpha, beta});
        CHECK(replay.complete);
        CHECK(replay.total <= bound * (1 + 1e-9));
        CHECK(trace.unmatched_sends.empty());
        CHECK(trace.unmatched_receives.empty());
        // 2⌈log₂p⌉ construction rounds, then ⌈log₂p⌉ data rounds, numbered after them.
        CHECK(model::annotated_rounds(trace).rounds <= schedule::traff_rounds(procs));
      }
}

TEST_CASE("worst case for fixed trees: binomial ⌈log₂p⌉(α + β·Σm), Träff far less",
          "[recorded][replay]") {
  for (int p : {8, 16}) {
    INFO("p = " << p);
    const model::Trace binomial = load("gatherv_binomial_farthest_p" + std::to_string(p));
    const model::Trace traff = load("gatherv_traff_farthest_p" + std::to_string(p));
    const std::vector<std::int64_t> bytes = block_bytes(binomial);
    REQUIRE(bytes == block_bytes(traff));
    const double m =
        static_cast<double>(schedule::total_of(std::vector<int>(bytes.begin(), bytes.end())));
    REQUIRE(m == 40000);
    const int levels = schedule::ceil_log2(p);
    const double oblivious = model::replay_alpha_beta(binomial, {alpha, beta}).total;
    const double ours = model::replay_alpha_beta(traff, {alpha, beta}).total;
    CHECK(oblivious == Approx(levels * (alpha + beta * m)));
    CHECK(ours <= construction_bound(p) + alpha + beta * m);
    CHECK(ours < oblivious / 2);
  }
}
