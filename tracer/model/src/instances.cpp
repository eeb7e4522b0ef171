#include "collscope/model/instances.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace collscope::model {

namespace {

AlgorithmInstance make_instance(const Region& region) {
  AlgorithmInstance instance;
  std::string_view name = region.name;
  name.remove_prefix(std::min(name.size(), std::string_view("algorithm ").size()));
  instance.name = name;
  const auto slash = name.find('/');
  instance.collective = name.substr(0, slash);
  if (slash != std::string_view::npos) instance.algorithm = name.substr(slash + 1);
  instance.begin = region.begin;
  instance.end = region.end;
  return instance;
}

// Which communicator an algorithm region ran on: its `comm` metadata (the OTF2 Comm id the
// recorder wrote, collscope_trace_region_comm), or "" for regions that do not say (older
// traces, other producers): those are matched by position among themselves.
std::string_view comm_of(const Region& region) {
  const auto it = region.meta.find("comm");
  return it != region.meta.end() ? std::string_view(it->second) : std::string_view();
}

} // namespace

void assign_instances(Trace& trace) {
  trace.algorithms.clear();
  // The k-th outermost algorithm region a rank ran on communicator C is one call with the k-th
  // of every other member of C: ranks that run different sequences on different communicators
  // (split communicators, p = 1, a library that falls back on some) are never merged.
  std::map<std::pair<std::string, int>, int> by_comm_and_n; // (comm, k-th) → instance
  for (Rank& rank : trace.ranks) {
    std::map<std::string, int, std::less<>> seen; // comm → regions so far on this rank
    for (int i = 0; i < static_cast<int>(rank.regions.size()); ++i) {
      Region& region = rank.regions[i];
      // Regions are stored in Enter order, so a parent is always assigned before its children.
      region.instance = region.parent != no_index ? rank.regions[region.parent].instance : no_index;
      if (region.kind != RegionKind::algorithm || region.instance != no_index) continue;
      const std::string comm(comm_of(region));
      const int n = seen[comm]++;
      const auto [it, fresh] =
          by_comm_and_n.try_emplace({comm, n}, static_cast<int>(trace.algorithms.size()));
      if (fresh) trace.algorithms.push_back(make_instance(region));
      region.instance = it->second;
      AlgorithmInstance& instance = trace.algorithms[region.instance];
      instance.begin = std::min(instance.begin, region.begin);
      instance.end = std::max(instance.end, region.end);
      for (const auto& [key, value] : region.meta) instance.meta.try_emplace(key, value);
      instance.regions.push_back({rank.id, i});
    }
  }
  for (AlgorithmInstance& instance : trace.algorithms)
    if (!has_root(instance.collective)) instance.meta.erase("root");
}

bool has_root(std::string_view collective) {
  static constexpr std::string_view rootless[] = {
      "allgather", "allgatherv",     "alltoall",
      "alltoallv", "alltoallw",      "allreduce",
      "barrier",   "reduce_scatter", "reduce_scatter_block",
      "scan",      "exscan"};
  return std::find(std::begin(rootless), std::end(rootless), collective) == std::end(rootless);
}

int instance_size(const AlgorithmInstance& instance) {
  return static_cast<int>(instance.regions.size()); // one region per rank taking part
}

int process_count(const Trace& trace) {
  if (trace.algorithms.empty())
    return static_cast<int>(trace.call ? trace.call->ranks.size() : trace.ranks.size());
  int p = 0;
  for (const AlgorithmInstance& instance : trace.algorithms)
    p = std::max(p, instance_size(instance));
  return p;
}

} // namespace collscope::model
