#include "document/messagedensity.h"

#include <algorithm>

namespace collscope::app {

MessageDensity MessageDensity::build(const model::Trace& trace, const TraceClock& clock) {
  MessageDensity d;
  const std::size_t ranks = trace.ranks.size();
  // One flat array, no per-rank allocations: count first, then place.
  d.m_offsets.assign(ranks + 1, 0);
  const auto valid = [ranks](int rank) {
    return rank >= 0 && static_cast<std::size_t>(rank) < ranks;
  };
  for (const model::Message& m : trace.messages) {
    if (valid(m.sender)) ++d.m_offsets[static_cast<std::size_t>(m.sender) + 1];
    if (valid(m.receiver)) ++d.m_offsets[static_cast<std::size_t>(m.receiver) + 1];
  }
  for (std::size_t r = 0; r < ranks; ++r) d.m_offsets[r + 1] += d.m_offsets[r];
  d.m_positions.resize(d.m_offsets[ranks]);
  std::vector<std::size_t> next(d.m_offsets.begin(), d.m_offsets.end() - 1);
  for (std::size_t i = 0; i < trace.messages.size(); ++i) {
    const model::Message& m = trace.messages[i];
    const int message = static_cast<int>(i);
    if (valid(m.sender))
      d.m_positions[next[static_cast<std::size_t>(m.sender)]++] = clock.messageStart(message);
    if (valid(m.receiver))
      d.m_positions[next[static_cast<std::size_t>(m.receiver)]++] = clock.messageEnd(message);
  }
  // Each rank's positions are nearly in order already (program order): the sort is cheap.
  for (std::size_t r = 0; r < ranks; ++r)
    std::sort(d.m_positions.begin() + static_cast<std::ptrdiff_t>(d.m_offsets[r]),
              d.m_positions.begin() + static_cast<std::ptrdiff_t>(d.m_offsets[r + 1]));
  return d;
}

std::size_t MessageDensity::endpoints(int rank) const {
  const auto r = static_cast<std::size_t>(rank);
  return m_offsets[r + 1] - m_offsets[r];
}

void MessageDensity::count(int rank, double x0, double step,
                           std::span<std::uint32_t> counts) const {
  if (rank < 0 || rank >= rankCount() || counts.empty() || !(step > 0.0)) return;
  const auto r = static_cast<std::size_t>(rank);
  const double* const begin = m_positions.data() + m_offsets[r];
  const double* const end = m_positions.data() + m_offsets[r + 1];
  const double* at = std::lower_bound(begin, end, x0);
  for (std::size_t c = 0; c < counts.size() && at != end; ++c) {
    const double border = x0 + static_cast<double>(c + 1) * step;
    if (*at >= border) continue; // nothing in this column: the common case when zoomed in
    // Gallop: 1, 2, 4, … positions ahead until past the border, then bisect the last stride.
    std::size_t stride = 1;
    const double* low = at;
    while (static_cast<std::size_t>(end - low) > stride && low[stride] < border) {
      low += stride;
      stride *= 2;
    }
    const double* high = static_cast<std::size_t>(end - low) > stride ? low + stride : end;
    const double* past = std::lower_bound(low, high, border);
    counts[c] += static_cast<std::uint32_t>(past - at);
    at = past;
  }
}

} // namespace collscope::app
