#include "node_stats.hpp"

#include "collscope/cli/numbers.hpp"
#include "collscope/model/replay.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <vector>

namespace collscope::trace_cli {

namespace {

int count_of(std::string_view option, std::string_view text) {
  return cli::whole_value<int>(option, text, 1, INT_MAX);
}

std::string source_text(const model::NodeLayout& l) {
  switch (l.source) {
  case model::NodeLayout::Source::trace:
    return l.placement + ", from the trace";
  case model::NodeLayout::Source::user:
    return l.placement + ", as given";
  case model::NodeLayout::Source::none:
    break;
  }
  return "no node layout in the trace: all ranks on one node; see --ranks-per-node, --nodes";
}

// "a b c" for a few nodes; for many, the largest and the total are what one reads anyway.
std::string per_node(const std::vector<std::uint64_t>& values) {
  if (values.size() > 16) return "";
  std::string text = " (per node:";
  for (const std::uint64_t v : values) text += " " + std::to_string(v);
  return text + ")";
}

} // namespace

void NodeOptions::add(CLI::App& sub) {
  const auto option = [&sub](const char* name, const char* type, const char* help, auto set) {
    sub.add_option_function<std::string>(name, set, help)->type_name(type);
  };
  option(
      "--alpha-node", "A", "α inside a node (s per message) of the two-level replay",
      [this](const std::string& v) { alpha_node = cli::positive_value("--alpha-node", v, true); });
  option("--beta-node", "B", "β inside a node (s per byte) of the two-level replay",
         [this](const std::string& v) { beta_node = cli::positive_value("--beta-node", v, true); });
  option("--lanes", "K", "lanes per node of the k-lane replay (default 2)",
         [this](const std::string& v) { lanes = count_of("--lanes", v); });
  option("--ports", "K", "ports per rank: both replays k-ported (default 1)",
         [this](const std::string& v) { ports = count_of("--ports", v); });
  option("--ranks-per-node", "N", "N ranks per node (instead of the trace's layout)",
         [this](const std::string& v) { ranks_per_node = count_of("--ranks-per-node", v); });
  option("--placement", "consecutive|round-robin", "with --ranks-per-node: how ranks fill nodes",
         [this](const std::string& v) {
           if (v != "consecutive" && v != "round-robin")
             throw UsageError("--placement expects consecutive or round-robin, got '" + v + "'");
           placement = v;
         });
  option("--nodes", "N,N,...", "the ranks of each node, in rank order (instead of the trace's)",
         [this](const std::string& v) { node_sizes = v; });
}

model::NodeLayout NodeOptions::layout(const model::Trace& trace) const {
  const int ranks = static_cast<int>(trace.ranks.size());
  if (ranks_per_node && node_sizes)
    throw UsageError("give either --ranks-per-node or --nodes, not both");
  if (placement && !ranks_per_node) throw UsageError("--placement goes with --ranks-per-node");
  try {
    if (ranks_per_node)
      return model::layout_ranks_per_node(ranks, *ranks_per_node, placement == "round-robin");
    if (node_sizes) return model::layout_node_sizes(ranks, *node_sizes);
  } catch (const model::LayoutError& e) {
    throw UsageError(e.what());
  }
  return model::layout_of(trace);
}

NodeStats compute_node_stats(const model::Trace& trace, const NodeOptions& options, double alpha,
                             double beta) {
  NodeStats s;
  s.layout = options.layout(trace);
  s.volume = model::node_volume(trace, s.layout);
  s.alpha = alpha;
  s.beta = beta;
  s.alpha_node = options.alpha_node;
  s.beta_node = options.beta_node;
  s.lanes = options.lanes;
  s.ports = options.ports;
  model::TwoLevel m{{s.alpha_node, s.beta_node}, {alpha, beta}, 0, s.ports};
  s.replay_two_level_s = model::replay_two_level(trace, s.layout, m).total;
  m.lanes = s.lanes;
  s.replay_k_lane_s = model::replay_two_level(trace, s.layout, m).total;
  return s;
}

void print_node_text(const NodeStats& s) {
  std::vector<int> sizes;
  for (int n = 0; n < s.layout.nodes; ++n) sizes.push_back(s.layout.size(n));
  const auto [smallest, largest] = std::minmax_element(sizes.begin(), sizes.end());
  std::string size_text = std::to_string(*smallest);
  if (*largest != *smallest) size_text += " to " + std::to_string(*largest);
  std::printf("nodes               %d of %s ranks (%s)\n", s.layout.nodes, size_text.c_str(),
              source_text(s.layout).c_str());
  std::printf("bytes between nodes %llu; into a node at most %llu%s; out of a node at most "
              "%llu%s%s\n",
              static_cast<unsigned long long>(s.volume.between),
              static_cast<unsigned long long>(s.volume.max_into), per_node(s.volume.into).c_str(),
              static_cast<unsigned long long>(s.volume.max_out_of),
              per_node(s.volume.out_of).c_str(), s.volume.saturated ? " (or more)" : "");
  const std::string ports =
      s.ports == 1 ? "" : ", " + std::to_string(s.ports) + " ports per rank (k-ported)";
  std::printf("two-level replay    %.3e s (inside a node α = %g s, β = %g s/byte; between "
              "nodes α' = %g s, β' = %g s/byte%s)\n",
              s.replay_two_level_s, s.alpha_node, s.beta_node, s.alpha, s.beta, ports.c_str());
  std::printf("k-lane replay       %.3e s (k = %d lane%s per node)\n", s.replay_k_lane_s, s.lanes,
              s.lanes == 1 ? "" : "s");
}

void add_node_json(nlohmann::ordered_json& out, const NodeStats& s) {
  out["nodes"] = s.layout.nodes;
  out["node_of_rank"] = s.layout.node_of;
  out["placement"] = s.layout.placement;
  out["node_layout_from"] = s.layout.source == model::NodeLayout::Source::trace  ? "trace"
                            : s.layout.source == model::NodeLayout::Source::user ? "options"
                                                                                 : "none";
  out["bytes_between_nodes"] = s.volume.between;
  out["bytes_into_node"] = s.volume.into;
  out["bytes_out_of_node"] = s.volume.out_of;
  out["bytes_inside_node"] = s.volume.inside;
  out["replay_two_level_s"] = s.replay_two_level_s;
  out["replay_k_lane_s"] = s.replay_k_lane_s;
  out["alpha_node"] = s.alpha_node;
  out["beta_node"] = s.beta_node;
  out["lanes"] = s.lanes;
  out["ports"] = s.ports;
}

} // namespace collscope::trace_cli
