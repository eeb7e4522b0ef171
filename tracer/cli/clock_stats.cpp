#include "clock_stats.hpp"

#include <cmath>
#include <cstdio>

namespace collscope::trace_cli {
namespace {

std::string duration(double s) {
  char text[32];
  const double a = std::abs(s);
  if (a == 0.0)
    std::snprintf(text, sizeof text, "0 s");
  else if (a < 1e-6)
    std::snprintf(text, sizeof text, "%.3g ns", s * 1e9);
  else if (a < 1e-3)
    std::snprintf(text, sizeof text, "%.3g µs", s * 1e6);
  else if (a < 1.0)
    std::snprintf(text, sizeof text, "%.3g ms", s * 1e3);
  else
    std::snprintf(text, sizeof text, "%.3g s", s);
  return text;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

std::string clock_text(const model::ClockReport& c) {
  const std::string ranks =
      plural(static_cast<std::size_t>(c.ranks_with_offsets), "rank", "ranks");
  std::string line = c.ranks_with_offsets == 0 ? std::string("no clock offsets in the trace")
                     : c.max_offset == 0.0
                         ? "offsets from " + ranks + ", all 0 (one clock)"
                         : "offsets applied from " + ranks + " (largest " +
                               duration(c.max_offset) + ")";
  line += "; " + plural(c.receives_moved, "receive", "receives") + " moved forward";
  if (c.receives_moved != 0)
    line += ", at most " + duration(c.max_shift) + " (" +
            plural(c.events_moved, "event", "events") + " moved, " + duration(c.total_shift) +
            " in all)";
  line += "; " + plural(c.backward, "backward message", "backward messages") + " (" +
          std::to_string(c.backward_raw) + " before, " + std::to_string(c.backward_offsets) +
          " after the offsets alone)";
  line += "; lmin " + duration(c.lmin) +
          (c.lmin_measured ? " (measured)" : " (not measured: order only)");
  if (c.unresolved) line += "; UNRESOLVED: the message order has a cycle";
  return line;
}

void add_clock_json(nlohmann::ordered_json& out, const model::ClockReport& c) {
  out["backward_messages"] = c.backward;
  out["backward_messages_before"] = c.backward_raw;
  out["clocks"] = nlohmann::ordered_json{
      {"ranks_with_offsets", c.ranks_with_offsets},
      {"max_offset_s", c.max_offset},
      {"lmin_s", c.lmin},
      {"lmin_measured", c.lmin_measured},
      {"backward_messages_raw", c.backward_raw},
      {"backward_messages_after_offsets", c.backward_offsets},
      {"backward_messages", c.backward},
      {"receives_moved", c.receives_moved},
      {"events_moved", c.events_moved},
      {"max_shift_s", c.max_shift},
      {"total_shift_s", c.total_shift},
      {"unresolved", c.unresolved},
  };
}

} // namespace collscope::trace_cli
