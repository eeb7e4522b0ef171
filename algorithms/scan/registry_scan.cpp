// Registry entries of the prefix sums: scan and exscan, the same three algorithms each.
#include "collscope/algorithms/scan.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

constexpr std::string_view hillis_steele_text =
    "dissemination: round k adds the partial sum of rank i − 2^k on the left";
constexpr std::string_view hillis_steele_source =
    "seeds/001 “Scan/Exscan in fully-connected networks” (Hillis, Steele 1986)";
constexpr std::string_view updown_text =
    "binomial tree in rank order: up-sweep of subtree sums, down-sweep of prefixes; "
    "work-efficient";
constexpr std::string_view updown_source =
    "seeds/001 “Scan/Exscan: Two phases, up and down” (Sanders, Träff 2006)";
constexpr std::string_view pipeline_text =
    "linear-array pipeline, M blocks by the pipelining lemma";
constexpr std::string_view pipeline_source =
    "seeds/001 “Pipelined broadcast” (“similar … for scan/exscan”), “Pipelining lemma”";

// Each algorithm serves MPI_Scan and MPI_Exscan alike: the exscan entry is the scan entry with
// the other collective and function.
constexpr Algorithm hillis_steele_scan{.collective = C::scan,
                                       .name = "hillis-steele",
                                       .description = hillis_steele_text,
                                       .source = hillis_steele_source,
                                       .rounds = log_rounds,
                                       .cost = hillis_steele,
                                       .scan = scan_hillis_steele};
constexpr Algorithm updown_scan{.collective = C::scan,
                                .name = "binomial-updown",
                                .description = updown_text,
                                .source = updown_source,
                                .rounds = updown_rounds,
                                .cost = updown,
                                .scan = scan_binomial_updown};
constexpr Algorithm pipeline_scan{.collective = C::scan,
                                  .name = "pipeline",
                                  .description = pipeline_text,
                                  .source = pipeline_source,
                                  .rounds = pipeline_rounds,
                                  .cost = pipeline,
                                  .parameter = Parameter::blocks,
                                  .scan = scan_pipeline};

constexpr Algorithm exscan(Algorithm scan, ScanFn function, std::string_view description = {}) {
  scan.collective = C::exscan;
  scan.scan = function;
  if (!description.empty()) scan.description = description;
  return scan;
}

constexpr Algorithm native_scan{.collective = C::scan,
                                .name = "native",
                                .description = "Open MPI's MPI_Scan",
                                .source = "Open MPI",
                                .native = true,
                                .scan = MPI_Scan};

const std::array first{
    hillis_steele_scan,
    updown_scan,
    pipeline_scan,
    native_scan,
    exscan(hillis_steele_scan, exscan_hillis_steele),
    exscan(updown_scan, exscan_binomial_updown),
    exscan(pipeline_scan, exscan_pipeline),
    exscan(native_scan, MPI_Exscan, "Open MPI's MPI_Exscan"),
};

} // namespace

RegistryPart scan_registry() {
  return {first};
}

} // namespace collscope::detail
