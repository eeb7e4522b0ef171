#include "first_death.hpp"

#include "collscope/archive/rank_status.hpp"
#include "collscope/archive/raw_format.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>

namespace collscope::trace_cli {

namespace fs = std::filesystem;
namespace rec = collscope::rec;

std::vector<unsigned> silent_ranks(const fs::path& partial) {
  std::set<unsigned> with_events;
  std::set<unsigned> said;
  std::error_code ec;
  const std::regex name(R"(rank-([0-9]+)\.(events|ring|died))");
  for (const auto& entry : fs::directory_iterator(partial / rec::raw_dir, ec)) {
    std::smatch m;
    const std::string file = entry.path().filename().string();
    if (!std::regex_match(file, m, name)) continue;
    const auto rank = static_cast<unsigned>(std::stoul(m[1].str()));
    (m[2] == "died" ? said : with_events).insert(rank);
  }
  std::vector<unsigned> silent;
  std::set_difference(with_events.begin(), with_events.end(), said.begin(), said.end(),
                      std::back_inserter(silent));
  return silent;
}

namespace {

// A rank the launcher killed while cleaning up sat waiting in an MPI call for the dead one; a
// rank that killed itself, or was killed, while computing sat outside any.
bool inside_mpi_call(const fs::path& partial, unsigned rank) {
  rec::RankStatus status{};
  std::ifstream in(rec::status_path(partial.string(), rank), std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(&status), sizeof status)) return false;
  return status.call != rec::no_status_call;
}

std::string ranks_text(const std::vector<unsigned>& ranks) {
  std::string text = ranks.size() == 1 ? "rank " : "ranks ";
  for (std::size_t i = 0; i < ranks.size(); ++i)
    text += (i == 0 ? "" : ", ") + std::to_string(ranks[i]);
  return text;
}

} // namespace

void name_first_death(const fs::path& partial, int exit_status) {
  const std::vector<unsigned> silent = silent_ranks(partial);
  if (silent.empty()) return;
  std::string first;
  if (std::ifstream in(partial / "INCOMPLETE"); in) std::getline(in, first);
  if (!first.empty() && first.find("SIGTERM") == std::string::npos) return;
  std::vector<unsigned> computing, waiting;
  for (const unsigned r : silent) (inside_mpi_call(partial, r) ? waiting : computing).push_back(r);
  if (computing.empty()) std::swap(computing, waiting);
  std::string line = ranks_text(computing) +
                     " died first, without a word from the tracer (killed by SIGKILL, or with "
                     "its node)";
  if (!waiting.empty()) line += "; " + ranks_text(waiting) + ", waiting in MPI, also died silently";
  // Without the launcher's SIGTERM notes (every rank killed before its handler ran, as on a
  // loaded machine), the line still says when the run ended.
  line += first.empty() ? "; the run ended before MPI_Finalize (exit status " +
                              std::to_string(exit_status) + ")"
                        : "; then " + first + " (the launcher's clean-up)";
  std::ofstream(partial / "INCOMPLETE", std::ios::trunc) << line << '\n';
}

} // namespace collscope::trace_cli
