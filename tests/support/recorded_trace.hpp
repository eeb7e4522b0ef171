// The traces tests/support/record_runs.sh recorded: a run alone in its own archive, runs that
// differ only in their algorithm as one job into one archive, with recorded.tsv saying which
// algorithm run of which archive each name is (NAME <tab> TRACE <tab> K).
#pragma once

#include "collscope/model/calls.hpp"
#include "collscope/model/load_trace.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace collscope::testing {

/// NAME → (the archive's folder name, K) as recorded.tsv lists them.
inline std::map<std::string, std::pair<std::string, int>>
recorded_index(const std::filesystem::path& dir) {
  std::ifstream in(dir / "recorded.tsv");
  INFO(dir / "recorded.tsv");
  REQUIRE(in);
  std::map<std::string, std::pair<std::string, int>> index;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string name, trace, k;
    std::getline(fields, name, '\t');
    std::getline(fields, trace, '\t');
    std::getline(fields, k, '\t');
    index[name] = {trace, std::stoi(k)};
  }
  return index;
}

/// The names recorded in `dir`, in name order.
inline std::vector<std::string> recorded_names(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& [name, where] : recorded_index(dir)) names.push_back(name);
  return names;
}

/// The trace of run `name`: its own archive (also one the script recorded itself, not listed in
/// recorded.tsv), or its algorithm run cut from the job's archive
/// (model::call_trace: that run's operations and messages alone, times from its begin) — the
/// K-th algorithm run of the archive that no other algorithm run holds.
inline model::Trace load_recorded(const std::filesystem::path& dir, const std::string& name) {
  const auto index = recorded_index(dir);
  const auto found = index.find(name);
  INFO("recorded run " << name << " in " << dir);
  // A trace the recording script wrote itself, beside the queued runs.
  if (found == index.end() && std::filesystem::is_directory(dir / name))
    return model::load_trace(dir / name);
  REQUIRE(found != index.end());
  const auto& [folder, k] = found->second;
  model::Trace whole = model::load_trace(dir / folder);
  if (folder == name) return whole;
  int seen = 0;
  for (const model::Call& call : model::divide_calls(whole))
    if (call.kind == model::CallKind::algorithm && call.parent == model::no_index && seen++ == k)
      return model::call_trace(whole, call);
  FAIL("the archive " << folder << " holds " << seen << " algorithm runs, not " << k + 1);
  return whole;
}

} // namespace collscope::testing
