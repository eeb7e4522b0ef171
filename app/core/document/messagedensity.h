// Where a big trace's messages are, per rank: the sorted positions (on one TraceClock) at which
// its messages leave it or arrive at it. The space-time diagram draws this density instead of
// arrows when a view holds more messages than it has pixel columns to show them
// (paint/messagepainter.h). Counts are exact for any window and column width and cost
// O(columns · log k) per rank (k: positions per column), not O(messages): a galloping search
// steps from one column border to the next.
#pragma once

#include "collscope/model/trace.hpp"
#include "document/traceclock.h"

#include <cstdint>
#include <span>
#include <vector>

namespace collscope::app {

class MessageDensity {
public:
  static MessageDensity build(const model::Trace& trace, const TraceClock& clock);

  int rankCount() const { return static_cast<int>(m_offsets.size()) - 1; }
  /// Sends and receives of `rank` (both ends of a message to itself).
  std::size_t endpoints(int rank) const;
  /// Adds to counts[c] the endpoints of `rank` in [x0 + c·step, x0 + (c + 1)·step).
  void count(int rank, double x0, double step, std::span<std::uint32_t> counts) const;

private:
  std::vector<double> m_positions;    ///< every rank's positions, rank after rank, sorted
  std::vector<std::size_t> m_offsets; ///< rank r holds [m_offsets[r], m_offsets[r + 1])
};

} // namespace collscope::app
