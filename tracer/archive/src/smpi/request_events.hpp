// The records of the messages a library sent and received inside one native collective call on
// one rank, in the form the tracer gives a library's messages wherever it sees them (Open
// MPI's PML hook alike): each send an MpiIsend when it was posted and an MpiIsendComplete when
// it completed, each receive an MpiIrecvRequest when it was posted and an MpiIrecv when it
// completed, so that the model makes steps of runs of completions (steps.hpp) and a send and a
// receive the library waited for together are one step, as in a Sendrecv.
//
// SimGrid's trace gives a send's posting and a receive's completion; a send completes with its
// receive (SimGrid completes both ends of a transfer at once), and a receive counts as posted
// at the rank's latest posting of a send or completion of a receive before it (the
// library's own calls are not in the trace; it cannot have waited for what came after).
#pragma once

#include "collscope/archive/event.hpp"

#include <cstdint>
#include <vector>

namespace collscope::rec::smpi {

struct LibraryMessage {
  bool send = false;
  std::uint64_t posted = 0;    // sends: when posted (receives: computed here)
  std::uint64_t completed = 0; // when its transfer completed
  std::uint32_t comm = 0;      // the recorder's communicator id
  std::uint32_t peer = 0;      // rank in comm
  std::uint32_t tag = 0;
  std::uint64_t bytes = 0;
};

/// The events for one call's messages on one rank, in order, within [begin, end]; request ids
/// continue from `next_request`.
std::vector<Event> request_events(std::vector<LibraryMessage> messages, std::uint64_t begin,
                                  std::uint64_t& next_request);

/// Request ids of the library's messages: apart from any the program's requests take.
inline constexpr std::uint64_t library_requests = std::uint64_t{0x5c} << 56;

} // namespace collscope::rec::smpi
