// Translating one rank's recorded events into OTF2 event records.
#pragma once

#include "collscope/archive/otf2_definitions.hpp"
#include "collscope/archive/rank_input.hpp"

#include <cstdint>
#include <otf2/otf2.h>

namespace collscope::rec {

struct EventCounts {
  std::uint64_t written = 0;        // OTF2 events
  std::uint64_t first = UINT64_MAX; // CLOCK_MONOTONIC ns; first > last if none
  std::uint64_t last = 0;
};

/// Streams rank's events file into writer, with the ids of defs (which unify() has filled
/// with everything the rank uses). Regions stay properly nested whatever the program did (an
/// end without a begin is dropped, regions still open at the end are closed at the rank's
/// last timestamp).
EventCounts write_events(OTF2_EvtWriter* writer, const RankInput& rank, Definitions& defs,
                         OTF2_AttributeList* attributes);

} // namespace collscope::rec
