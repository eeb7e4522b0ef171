#include "collscope/archive/clock_skew.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <string_view>

namespace collscope::rec {

ClockSkew parse_clock_skew(const char* text, int rank, std::string& error) {
  ClockSkew found;
  if (text == nullptr) return found;
  const std::string_view all = text;
  for (std::size_t at = 0; at < all.size();) {
    std::size_t end = all.find(',', at);
    if (end == std::string_view::npos) end = all.size();
    const std::string item(all.substr(at, end - at));
    at = end + 1;
    if (item.empty()) continue;
    // RANK:OFFSET_S:DRIFT_PPM, each parsed whole (strtod/strtol stop at the first stray byte).
    const char* p = item.c_str();
    char* stop = nullptr;
    errno = 0;
    const long r = std::strtol(p, &stop, 10);
    bool ok = stop != p && *stop == ':' && r >= 0 && errno == 0;
    double offset_s = 0.0, ppm = 0.0;
    if (ok) {
      p = stop + 1;
      offset_s = std::strtod(p, &stop);
      ok = stop != p && *stop == ':' && std::abs(offset_s) < 1e6;
    }
    if (ok) {
      p = stop + 1;
      ppm = std::strtod(p, &stop);
      ok = stop != p && *stop == '\0' && std::abs(ppm) < 1e5;
    }
    if (!ok) {
      error = "COLLSCOPE_TRACE_CLOCK_SKEW: '" + item +
              "' is not RANK:OFFSET_S:DRIFT_PPM (e.g. 1:-0.005:100); clocks not skewed";
      return {};
    }
    if (r == rank) {
      found.offset_ns = static_cast<std::int64_t>(std::llround(offset_s * 1e9));
      found.drift_ppm = ppm;
    }
  }
  return found;
}

std::vector<OffsetSample> offset_definitions(std::vector<OffsetSample> samples) {
  std::stable_sort(
      samples.begin(), samples.end(),
      [](const OffsetSample& a, const OffsetSample& b) { return a.time_ns < b.time_ns; });
  std::vector<OffsetSample> out;
  for (const OffsetSample& s : samples)
    if (out.empty() || s.time_ns > out.back().time_ns) out.push_back(s);
  if (out.size() == 1) {
    OffsetSample again = out.front();
    again.time_ns += 1000000000u;
    out.push_back(again);
  }
  return out;
}

} // namespace collscope::rec
