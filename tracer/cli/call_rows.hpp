// What `collscope-trace calls` says of each call (model::CallSummary: the model's Call, its
// rounds on its own trace, from 0, and what it resembles), as JSON (every field) or as one
// text line per call.
#pragma once

#include "collscope/model/call_summary.hpp"
#include "collscope/model/calls.hpp"
#include "collscope/model/trace.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace collscope::trace_cli {

nlohmann::ordered_json row_json(const model::CallSummary& row);
/// Open MPI's algorithm of a native collective call: {name, source, segment, fanout, words},
/// or null when the trace does not say.
nlohmann::ordered_json ompi_json(const model::OmpiAlgorithm& algorithm);

/// The table: a header, one line per call (nested calls indented under their parent), a
/// legend; at most `width` columns, the resembled algorithm in full and other long cells
/// shortened with "…"; width 0 (--wide): nothing cut, and the calls' kinds.
std::string rows_text(const std::vector<model::CallSummary>& rows, std::size_t width);

/// What inconsistent inferred rounds mean (InferredRounds::consistent), for the text outputs.
std::string rounds_inconsistent_note();

/// One call in full, a field a line, the resemblance in words (`calls TRACE --call N`).
std::string row_detail(const model::CallSummary& row);

/// "0-5", "0-2,4,7-9": increasing ranks as ranges.
std::string rank_ranges(const std::vector<int>& ranks);

} // namespace collscope::trace_cli
