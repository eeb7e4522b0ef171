#include "collscope/model/nodes.hpp"

#include <algorithm>
#include <charconv>
#include <map>

namespace collscope::model {

namespace {

// The whole numbers of a comma-separated list, or a LayoutError naming `what`.
std::vector<long> numbers(std::string_view text, std::string_view what) {
  std::vector<long> out;
  std::string_view rest = text;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    long value = 0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || error != std::errc() || end != item.data() + item.size() || value < 0)
      throw LayoutError(std::string(what) + " expects comma-separated whole numbers, got '" +
                        std::string(text) + "'");
    out.push_back(value);
    if (comma == std::string_view::npos) return out;
    rest.remove_prefix(comma + 1);
  }
}

NodeLayout counted(std::vector<int> node_of, std::string placement) {
  NodeLayout layout;
  layout.nodes = node_of.empty() ? 1 : *std::max_element(node_of.begin(), node_of.end()) + 1;
  layout.node_of = std::move(node_of);
  layout.placement = std::move(placement);
  layout.source = NodeLayout::Source::user;
  return layout;
}

} // namespace

int NodeLayout::size(int node) const {
  return static_cast<int>(std::count(node_of.begin(), node_of.end(), node));
}

NodeLayout one_node(int ranks) {
  NodeLayout layout;
  layout.node_of.assign(static_cast<std::size_t>(ranks), 0);
  return layout;
}

std::vector<int> parse_node_list(std::string_view text) {
  const std::vector<long> given = numbers(text, "a node list");
  std::map<long, int> dense;
  for (const long n : given) dense.emplace(n, 0);
  int next = 0;
  for (auto& [index, renumbered] : dense) renumbered = next++;
  std::vector<int> out;
  out.reserve(given.size());
  for (const long n : given) out.push_back(dense[n]);
  return out;
}

NodeLayout layout_of(const Trace& trace) {
  const int ranks = static_cast<int>(trace.ranks.size());
  for (const AlgorithmInstance& run : trace.algorithms) {
    const auto it = run.meta.find("nodes");
    if (it == run.meta.end()) continue;
    std::vector<int> members;
    for (const OpRef& r : run.regions) members.push_back(r.rank);
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    std::vector<int> listed;
    try {
      listed = parse_node_list(it->second);
    } catch (const LayoutError&) {
      continue; // the loader's checks name it; a bad list is no layout
    }
    if (listed.size() != members.size()) continue;
    NodeLayout layout;
    layout.node_of.assign(static_cast<std::size_t>(ranks), -1);
    layout.nodes = *std::max_element(listed.begin(), listed.end()) + 1;
    for (std::size_t i = 0; i < members.size(); ++i) layout.node_of[members[i]] = listed[i];
    for (int& n : layout.node_of)
      if (n < 0) n = layout.nodes++;
    const auto placement = run.meta.find("placement");
    layout.placement = placement == run.meta.end() ? "explicit" : placement->second;
    layout.source = NodeLayout::Source::trace;
    return layout;
  }
  // A run across hosts: the ranks of one host form a node, nodes in order of their first rank.
  std::vector<std::string> hosts;
  NodeLayout layout;
  for (const Rank& rank : trace.ranks) {
    auto it = std::find(hosts.begin(), hosts.end(), rank.host);
    if (it == hosts.end()) it = hosts.insert(hosts.end(), rank.host);
    layout.node_of.push_back(static_cast<int>(it - hosts.begin()));
  }
  if (hosts.size() < 2) return one_node(ranks);
  layout.nodes = static_cast<int>(hosts.size());
  layout.placement = "hosts";
  layout.source = NodeLayout::Source::trace;
  return layout;
}

NodeLayout layout_ranks_per_node(int ranks, int per_node, bool round_robin) {
  if (per_node < 1)
    throw LayoutError("--ranks-per-node expects a whole number ≥ 1, got " +
                      std::to_string(per_node));
  const int nodes = std::max(1, (ranks + per_node - 1) / per_node);
  std::vector<int> node_of;
  for (int r = 0; r < ranks; ++r) node_of.push_back(round_robin ? r % nodes : r / per_node);
  return counted(std::move(node_of), round_robin ? "round-robin" : "consecutive");
}

NodeLayout layout_node_sizes(int ranks, std::string_view sizes) {
  const std::vector<long> given = numbers(sizes, "--nodes");
  long sum = 0;
  for (const long n : given) {
    if (n == 0) throw LayoutError("--nodes: a node of 0 ranks in '" + std::string(sizes) + "'");
    if (n > ranks)
      throw LayoutError("--nodes: a node of " + std::to_string(n) + " ranks, the trace has " +
                        std::to_string(ranks));
    sum += n;
  }
  if (sum != ranks)
    throw LayoutError("--nodes " + std::string(sizes) + " places " + std::to_string(sum) +
                      " ranks, the trace has " + std::to_string(ranks));
  std::vector<int> node_of;
  for (std::size_t node = 0; node < given.size(); ++node)
    node_of.insert(node_of.end(), static_cast<std::size_t>(given[node]), static_cast<int>(node));
  return counted(std::move(node_of), "consecutive");
}

} // namespace collscope::model
