// What `stats` says about the clocks: the offsets the reader applied and what the controlled
// logical clock moved (model::ClockReport, clock_correction.hpp).
#pragma once

#include "collscope/model/trace.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace collscope::trace_cli {

/// One line: "offsets applied from 4 ranks (largest 5.0 ms); 12 receives moved forward, at
/// most 4.9 µs (…); 0 backward messages (37 before, 3 after the offsets alone); lmin …".
std::string clock_text(const model::ClockReport& c);

/// Adds `backward_messages` (after the correction), `backward_messages_before` (on the ranks'
/// own clocks) and `clocks` (every figure of the report) to a stats object.
void add_clock_json(nlohmann::ordered_json& out, const model::ClockReport& c);

} // namespace collscope::trace_cli
