// The node part of `collscope-trace stats`: which node each rank is on (the trace's layout or
// the user's), bytes into and out of each node, and the two-level and k-lane replays.
#pragma once

#include "cli.hpp"
#include "collscope/cost_defaults.hpp"
#include "collscope/model/nodes.hpp"
#include "collscope/model/volume.hpp"

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace collscope::trace_cli {

struct NodeOptions {
  double alpha_node = default_alpha_node_s;
  double beta_node = default_beta_node_s_per_byte;
  int lanes = default_lanes;
  int ports = 1;
  std::optional<int> ranks_per_node;
  std::optional<std::string> placement; ///< with --ranks-per-node: consecutive | round-robin
  std::optional<std::string> node_sizes;

  /// Adds --alpha-node, --beta-node, --lanes, --ports, --ranks-per-node, --placement and
  /// --nodes to `sub`, filling these fields (a bad value is a UsageError naming its option).
  void add(CLI::App& sub);
  /// The user's layout, else the trace's; a UsageError if the user's does not fit the trace.
  model::NodeLayout layout(const model::Trace& trace) const;
};

struct NodeStats {
  model::NodeLayout layout;
  model::NodeVolume volume;
  double alpha = 0, beta = 0; ///< between nodes
  double alpha_node = 0, beta_node = 0;
  int lanes = 0, ports = 1;
  double replay_two_level_s = 0; ///< no lane limit
  double replay_k_lane_s = 0;    ///< `lanes` lanes per node
};

NodeStats compute_node_stats(const model::Trace& trace, const NodeOptions& options, double alpha,
                             double beta);
void print_node_text(const NodeStats& s);
void add_node_json(nlohmann::ordered_json& out, const NodeStats& s);

} // namespace collscope::trace_cli
