// The point-to-point messages SimGrid's SMPI sent inside its own MPI calls, read back from
// the Paje trace SimGrid writes with --cfg=tracing/smpi/internals:yes (and display-sizes,
// precision 9): every message is a Paje link from the sender's "rank-N" container to the
// receiver's, started when the sender posted it (Request::start) and ended when the receiver
// completed it (Request::finish_wait); its key is "srcpid_dstpid_tag_counter" and its Size
// field the bytes. Why a file and not s4u signals: README.md, "Simulated libraries". No MPI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::rec::smpi {

struct InternalMessage {
  std::uint32_t sender = 0;   // world rank
  std::uint32_t receiver = 0; // world rank
  std::int32_t tag = 0;       // SMPI's internal tags are negative (COLL_TAG_*)
  std::uint64_t bytes = 0;
  std::uint64_t sent_ns = 0;     // simulated time the sender posted it
  std::uint64_t received_ns = 0; // simulated time the receiver completed it
};

struct PajeLinks {
  std::vector<InternalMessage> messages; // in the order their sends were posted
  std::uint64_t unmatched = 0;           // links with a start and no end, or the reverse
};

/// Reads the links of a Paje file written by SimGrid. Throws std::runtime_error naming the
/// file and line of what it cannot read (no SMPI links at all, a size missing, ...).
PajeLinks read_paje_links(const std::string& path);

} // namespace collscope::rec::smpi
