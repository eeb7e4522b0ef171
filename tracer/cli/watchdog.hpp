// The `record` watchdog: reads the per-rank status records the tracer maps into
// DIR.partial/status (collscope/archive/rank_status.hpp) and says when the run stalls.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace collscope::trace_cli {

class Watchdog {
public:
  Watchdog(std::filesystem::path partial, double seconds);

  /// Called about once a second; returns a report once every traced rank has sat inside
  /// the same MPI call, completing none, for the configured time.
  std::optional<std::string> poll(std::chrono::steady_clock::time_point now);

private:
  struct Seen {
    unsigned long long done;
    unsigned call;
  };
  std::filesystem::path dir_;
  std::chrono::duration<double> limit_;
  std::map<int, Seen> seen_;
  std::chrono::steady_clock::time_point last_change_{};
  bool started_ = false;
};

} // namespace collscope::trace_cli
