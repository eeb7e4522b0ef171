#include "document/messagedensity.h"

#include <algorithm>

namespace collscope::app {

MessageDensity MessageDensity::build(const model::Trace& trace, const TraceClock& clock) {
  MessageDensity d;
  const std::size_t ranks = trace.ranks.size();
  // One flat array, no per-rank allocations: count first, then place each rank's sends, then
  // its receives. Each part is in program order already (sorted, or nearly), so a rank costs a
  // linear merge, not a sort.
  std::vector<std::size_t> sends(ranks, 0), receives(ranks, 0);
  const auto valid = [ranks](int rank) {
    return rank >= 0 && static_cast<std::size_t>(rank) < ranks;
  };
  for (const model::Message& m : trace.messages) {
    if (valid(m.sender)) ++sends[static_cast<std::size_t>(m.sender)];
    if (valid(m.receiver)) ++receives[static_cast<std::size_t>(m.receiver)];
  }
  d.m_offsets.assign(ranks + 1, 0);
  for (std::size_t r = 0; r < ranks; ++r)
    d.m_offsets[r + 1] = d.m_offsets[r] + sends[r] + receives[r];
  d.m_positions.resize(d.m_offsets[ranks]);
  std::vector<std::size_t> nextSend(d.m_offsets.begin(), d.m_offsets.end() - 1), nextReceive(ranks);
  for (std::size_t r = 0; r < ranks; ++r) nextReceive[r] = d.m_offsets[r] + sends[r];
  for (std::size_t i = 0; i < trace.messages.size(); ++i) {
    const model::Message& m = trace.messages[i];
    const int message = static_cast<int>(i);
    if (valid(m.sender))
      d.m_positions[nextSend[static_cast<std::size_t>(m.sender)]++] = clock.messageStart(message);
    if (valid(m.receiver))
      d.m_positions[nextReceive[static_cast<std::size_t>(m.receiver)]++] =
          clock.messageEnd(message);
  }
  const auto at = [&d](std::size_t index) {
    return d.m_positions.begin() + static_cast<std::ptrdiff_t>(index);
  };
  for (std::size_t r = 0; r < ranks; ++r) {
    const auto first = at(d.m_offsets[r]), middle = at(d.m_offsets[r] + sends[r]),
               last = at(d.m_offsets[r + 1]);
    if (!std::is_sorted(first, middle)) std::sort(first, middle);
    if (!std::is_sorted(middle, last)) std::sort(middle, last);
    std::inplace_merge(first, middle, last);
  }
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
