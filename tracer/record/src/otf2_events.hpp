// Translating one rank's recorded events into OTF2 event records.
#pragma once

#include "collect.hpp"
#include "otf2_definitions.hpp"

#include <cstdint>
#include <otf2/otf2.h>

namespace collscope::rec {

/// Writes rank's events to writer; returns how many OTF2 events it wrote. Regions stay
/// properly nested whatever the program did (an end without a begin is dropped, regions
/// still open at the end are closed at the rank's last timestamp).
std::uint64_t write_events(OTF2_EvtWriter* writer, const RankTrace& rank, Definitions& defs,
                           OTF2_AttributeList* attributes);

} // namespace collscope::rec
