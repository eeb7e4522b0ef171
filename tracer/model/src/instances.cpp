#include "collscope/model/instances.hpp"

#include <algorithm>
#include <string_view>

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

} // namespace

void assign_instances(Trace& trace) {
  trace.algorithms.clear();
  for (Rank& rank : trace.ranks) {
    int next = 0;
    for (int i = 0; i < static_cast<int>(rank.regions.size()); ++i) {
      Region& region = rank.regions[i];
      // Regions are stored in Enter order, so a parent is always assigned before its children.
      region.instance = region.parent != no_index ? rank.regions[region.parent].instance : no_index;
      if (region.kind != RegionKind::algorithm || region.instance != no_index) continue;
      region.instance = next++;
      if (region.instance == static_cast<int>(trace.algorithms.size()))
        trace.algorithms.push_back(make_instance(region));
      AlgorithmInstance& instance = trace.algorithms[region.instance];
      instance.begin = std::min(instance.begin, region.begin);
      instance.end = std::max(instance.end, region.end);
      for (const auto& [key, value] : region.meta) instance.meta.try_emplace(key, value);
      instance.regions.push_back({rank.id, i});
    }
  }
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
