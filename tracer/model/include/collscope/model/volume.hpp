// Message counts and communication volume.
#pragma once

#include "collscope/model/nodes.hpp"
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

/// Bytes crossing each node's boundary (seeds/001, "Hierarchical collectives": avoid sending
/// the same data into a node more than once; a hierarchical bcast or reduce moves m in or out
/// of a node). Counted from matched messages: a message counts when its two ends are known.
struct NodeVolume {
  std::vector<std::uint64_t> into;   ///< per node: bytes of messages from ranks on other nodes
  std::vector<std::uint64_t> out_of; ///< per node: bytes of messages to ranks on other nodes
  std::vector<std::uint64_t> inside; ///< per node: bytes of messages between its own ranks
  std::uint64_t between = 0;         ///< bytes of all messages between nodes
  std::uint64_t max_into = 0;
  std::uint64_t max_out_of = 0;
  bool saturated = false; ///< as Volume::saturated
};

NodeVolume node_volume(const Trace& trace, const NodeLayout& layout);

} // namespace collscope::model
