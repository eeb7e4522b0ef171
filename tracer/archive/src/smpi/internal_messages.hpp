// Puts SMPI's internal messages (paje_links.hpp) into the ranks' recorded events, inside the
// native collective calls they belong to, and names the algorithm of each such call
// (library_algorithm.hpp). A message is placed when its send lies within a native collective
// on the sender and its receive within one on the receiver, on the same communicator: it then
// stands in both calls as request_events.hpp writes it, its times clamped into them (a
// message to oneself is a copy, left out). Everything else is
// SMPI's work for calls the trace holds as point-to-point records already (MPI_Send, ...),
// for calls not traced, or for the tracer itself (its MPI_Finalize): left out, and counted.
#pragma once

#include "collscope/archive/rank_input.hpp"
#include "paje_links.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::rec::smpi {

struct Placement {
  std::uint64_t placed = 0;  // messages put into native collectives
  std::uint64_t outside = 0; // messages outside any traced native collective
  std::uint64_t calls = 0;   // native collective calls (counted on their first rank)
  std::uint64_t named = 0;   // of which the library's algorithm was named
};

/// hosts_of[r]: an id of world rank r's host (empty: not known). Fills every rank's
/// inside_collectives and library_algorithms and adds the placed sends to its message count. Throws
/// std::runtime_error if a rank's events cannot be read.
Placement place_messages(std::vector<RankInput>& ranks,
                         const std::vector<InternalMessage>& messages,
                         const std::vector<std::uint32_t>& hosts_of, const std::string& selector);

} // namespace collscope::rec::smpi
