// Reading every rank's events into Rank::operations, Rank::regions and Rank::collectives.
#pragma once

#include "collscope/model/load_trace.hpp"
#include "collscope/model/trace.hpp"
#include "definitions.hpp"

namespace collscope::model::detail {

/// Fills trace.ranks (one per entry of `ranks`), trace.functions and trace.duration. Peers are
/// mapped to world ranks through `comms`. Throws CorruptTrace when a rank's events cannot be
/// read completely. Reports the share of the announced events read so far through `progress`,
/// scaled to [0, scale].
void read_events(OTF2_Reader* reader, const Definitions& defs, const RankLayout& ranks,
                 const std::map<std::uint32_t, CommLayout>& comms, Trace& trace,
                 const LoadProgress& progress = {}, double scale = 1.0);

} // namespace collscope::model::detail
