// Message counts and communication volume.
#pragma once

#include "collscope/model/trace.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace collscope::model {

/// Matched messages (unmatched operations are in Trace::unmatched_sends/_receives).
std::size_t message_count(const Trace& trace);

struct Volume {
  std::vector<std::uint64_t> sent;     ///< per rank: bytes of its send/isend operations
  std::vector<std::uint64_t> received; ///< per rank: bytes of its completed receives
  std::uint64_t total = 0;             ///< bytes sent by all ranks
  std::uint64_t max_sent = 0;
  std::uint64_t max_received = 0;
  /// max over ranks of max(sent, received): what a 1-ported, bidirectional rank must move
  /// through one of its ports (a gather's root: everything it receives).
  std::uint64_t max_per_rank = 0;
  /// Some sum exceeded 2^64 − 1 and was held there instead of wrapping: a figure equal to
  /// 2^64 − 1 is then a lower bound, never a small wrapped number.
  bool saturated = false;
};

/// Counted from the operations, so unmatched sends and receives count too.
Volume volume(const Trace& trace);

} // namespace collscope::model
