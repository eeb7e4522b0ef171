#include "watchdog.hpp"

#include "collscope/archive/mpi_regions.hpp"
#include "collscope/archive/rank_status.hpp"

#include <cstdio>
#include <fstream>

namespace collscope::trace_cli {

namespace fs = std::filesystem;

Watchdog::Watchdog(fs::path partial, double seconds)
    : dir_(std::move(partial) / rec::status_dir), limit_(seconds) {}

std::optional<std::string> Watchdog::poll(std::chrono::steady_clock::time_point now) {
  std::map<int, Seen> current;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir_, ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("rank-")) continue;
    rec::RankStatus s{};
    std::ifstream in(entry.path(), std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(&s), sizeof s)) continue;
    current[std::stoi(name.substr(5))] = {s.done, s.call};
  }
  // Progress: a rank completed a call, entered another, or is computing outside MPI. Ranks
  // without a record have not started tracing or are already in MPI_Finalize.
  bool progress = !started_ || current.empty() || current.size() != seen_.size();
  for (const auto& [rank, s] : current) {
    const auto it = seen_.find(rank);
    if (s.call == rec::no_status_call || it == seen_.end() || it->second.done != s.done ||
        it->second.call != s.call)
      progress = true;
  }
  seen_ = std::move(current);
  if (progress) {
    started_ = true;
    last_change_ = now;
    return std::nullopt;
  }
  if (now - last_change_ < limit_) return std::nullopt;
  last_change_ = now; // report once per stall
  char head[96];
  std::snprintf(head, sizeof head, "no progress for %.0f s:", limit_.count());
  std::string report = head;
  for (const auto& [rank, s] : seen_)
    report += " rank " + std::to_string(rank) + " blocked in " +
              (s.call < rec::mpi_region_count ? rec::mpi_region_info(s.call).name : "MPI") +
              " (after " + std::to_string(s.done) + " calls);";
  report.pop_back();
  return report;
}

} // namespace collscope::trace_cli
