// A picture per failed case for report.html: the messages of that case alone, drawn from the
// case's call of its trace (trace model: divide_calls, call_trace, inferred_rounds) as a
// small self-contained SVG — ranks as rows, rounds (from 0) as columns, one arrow per message
// from its sender to its receiver in its round. No Qt: the grader runs without a display.
#pragma once

#include <filesystem>
#include <string>

namespace collscope::grade {

/// The figure of call `call` of `trace` (Metrics::call), titled `title`; empty if the trace
/// cannot be loaded, has no such call, or the call has no message between ranks.
std::string case_figure_svg(const std::filesystem::path& trace, int call, const std::string& title);

} // namespace collscope::grade
