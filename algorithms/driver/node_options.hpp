// collscope-run's node layout: --nodes 3,3,2, or --ranks-per-node n with --placement
// consecutive|round-robin, else the environment's COLLSCOPE_NODES / COLLSCOPE_RANKS_PER_NODE
// (collscope/algorithms/nodes.hpp), else the real nodes. The driver hands the layout to the
// algorithms through those environment variables.
#pragma once

#include "collscope/algorithms/registry.hpp"
#include "collscope/schedule/node_layout.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace collscope::run {

struct NodeOptionText {
  std::optional<std::string_view> nodes, ranks_per_node, placement;
};

struct NodeChoice {
  std::optional<schedule::NodeSpec> spec;     ///< what the algorithms will read
  std::optional<schedule::NodeLayout> layout; ///< spec's layout for p; nullopt: real nodes
  bool from_options = false;                  ///< given on the command line (set in the env)
};

/// The layout for `algorithm` at p processes, or the one-line reason it is unusable.
std::string check_nodes(const NodeOptionText& text, const Algorithm& algorithm, bool noncommutative,
                        int p, NodeChoice& choice);

/// "3 nodes of 4,4,4 ranks (consecutive)".
std::string describe(const schedule::NodeLayout& layout);

} // namespace collscope::run
