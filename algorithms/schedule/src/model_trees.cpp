#include "collscope/schedule/model_trees.hpp"

#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"

#include <algorithm>
#include <numeric>

namespace collscope::schedule {

MessageCost network_cost(const NetworkModel& network) {
  return [&network](int from, int to, std::int64_t bytes) {
    return bytes == 0 ? -1.0 : network.time(from, to, bytes);
  };
}

GatherSchedule model_binomial_schedule(std::span<const std::int64_t> blocks, int root,
                                       const NetworkModel& network, Mapping mapping) {
  const int p = static_cast<int>(blocks.size());
  GatherSchedule schedule(blocks.size());
  std::vector<int> rank_at(blocks.size(), -1); // binomial position → rank
  std::vector<bool> taken(blocks.size(), false);
  rank_at[0] = root;
  taken[root] = true;
  const auto fill = [&](auto&& self, int position) -> void {
    const int parent = rank_at[position];
    for (const TreeEdge& child : preorder_children(position, p)) {
      int best = -1;
      for (int i = 0; i < p; ++i) {
        if (taken[i]) continue;
        const double t = network.time(i, parent, blocks[i]);
        const double b = best < 0 ? 0 : network.time(best, parent, blocks[best]);
        if (best < 0 || (mapping == Mapping::minimum_first ? t < b : t > b)) best = i;
      }
      taken[best] = true;
      rank_at[child.vrank] = best;
      schedule[best].parent = parent;
      schedule[parent].receives.push_back(best);
      self(self, child.vrank); // depth first
    }
  };
  fill(fill, 0);
  return schedule;
}

namespace {

void build_top_down(int j, std::vector<int> set, std::span<const std::int64_t> blocks,
                    const NetworkModel& network, GatherSchedule& schedule) {
  if (set.empty()) return;
  const auto own = [&](int i) { return network.time(i, j, blocks[i]); };
  std::stable_sort(set.begin(), set.end(), [&](int a, int b) { return own(a) > own(b); });
  const int parts = ceil_log2(static_cast<int>(set.size()) + 1);
  double total = 0;
  for (int i : set) total += own(i);
  std::size_t begin = 0;
  for (int part = 0; part < parts; ++part) {
    // Grow the subset to its share of the predicted time, leaving a rank for each later one.
    const std::size_t last_allowed = set.size() - static_cast<std::size_t>(parts - part - 1);
    std::size_t end = begin + 1;
    double sum = own(set[begin]);
    while (end < last_allowed && (part == parts - 1 || sum + own(set[end]) / 2 < total / parts))
      sum += own(set[end++]);
    std::vector<int> subset(set.begin() + static_cast<long>(begin),
                            set.begin() + static_cast<long>(end));
    begin = end;
    std::int64_t bytes = 0;
    for (int i : subset) bytes += blocks[i];
    const auto sub = std::min_element(subset.begin(), subset.end(), [&](int a, int b) {
      return network.time(a, j, bytes) < network.time(b, j, bytes);
    });
    const int subroot = *sub;
    subset.erase(sub);
    schedule[subroot].parent = j;
    schedule[j].receives.push_back(subroot);
    build_top_down(subroot, std::move(subset), blocks, network, schedule);
  }
}

} // namespace

GatherSchedule model_traff_schedule(std::span<const std::int64_t> blocks, int root,
                                    const NetworkModel& network) {
  GatherSchedule schedule(blocks.size());
  std::vector<int> others;
  for (int i = 0; i < static_cast<int>(blocks.size()); ++i)
    if (i != root) others.push_back(i);
  build_top_down(root, std::move(others), blocks, network, schedule);
  // Receive in the order the children's subtrees finish: subtrees are independent, so one
  // bottom-up pass orders every node's children by their predicted completion.
  const std::vector<std::int64_t> bytes = subtree_bytes(schedule, blocks);
  std::vector<double> done(blocks.size(), 0.0);
  std::vector<int> order{root};
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int child : schedule[order[i]].receives) order.push_back(child);
  for (auto v = order.rbegin(); v != order.rend(); ++v) {
    auto& children = schedule[*v].receives;
    std::stable_sort(children.begin(), children.end(),
                     [&](int a, int b) { return done[a] < done[b]; });
    double t = 0;
    for (int c : children)
      if (bytes[c] > 0) t = std::max(t, done[c]) + network.time(c, *v, bytes[c]);
    done[*v] = t;
  }
  return schedule;
}

} // namespace collscope::schedule
