#include "node_options.hpp"

#include "collscope/algorithms/nodes.hpp"

namespace collscope::run {

namespace {

std::string sizes_text(const schedule::NodeLayout& layout) {
  std::string text;
  for (int n : layout.sizes()) text += (text.empty() ? "" : ",") + std::to_string(n);
  return text;
}

std::string from_text(const NodeOptionText& text, NodeChoice& choice) {
  if (text.nodes && text.ranks_per_node) return "give --nodes or --ranks-per-node, not both";
  if (text.placement && !text.ranks_per_node)
    return "--placement applies with --ranks-per-node only";
  std::string error;
  if (text.nodes) {
    const auto sizes = schedule::parse_node_sizes(*text.nodes, error);
    if (!sizes) return "--nodes: " + error;
    choice.spec = schedule::NodeSpec{*sizes, 0, schedule::Placement::explicit_sizes};
  } else if (text.ranks_per_node) {
    const auto n = schedule::parse_per_node(*text.ranks_per_node, error);
    if (!n) return "--ranks-per-node: " + error;
    schedule::NodeSpec spec{{}, *n, schedule::Placement::consecutive};
    if (text.placement) {
      const auto placement = schedule::parse_placement(*text.placement);
      if (!placement)
        return "unknown placement '" + std::string(*text.placement) +
               "'; choose one of: consecutive, round-robin";
      spec.placement = *placement;
    }
    choice.spec = spec;
  } else {
    choice.spec = node_spec_from_environment(error);
    if (!error.empty()) return error;
    return "";
  }
  choice.from_options = true;
  return "";
}

} // namespace

std::string describe(const schedule::NodeLayout& layout) {
  return std::to_string(layout.nodes()) + " nodes of " + sizes_text(layout) + " ranks (" +
         std::string(schedule::to_string(layout.placement)) + ")";
}

std::string check_nodes(const NodeOptionText& text, const Algorithm& a, bool noncommutative, int p,
                        NodeChoice& choice) {
  if (std::string error = from_text(text, choice); !error.empty()) return error;
  if (!choice.spec) return "";
  const std::string where = text.nodes ? "--nodes " + std::string(*text.nodes)
                            : text.ranks_per_node
                                ? "--ranks-per-node " + std::string(*text.ranks_per_node)
                                : std::string("the environment's node layout");
  std::string error;
  choice.layout = schedule::layout_for(*choice.spec, p, error);
  if (!choice.layout) return where + ": " + error;
  const std::string who = std::string(to_string(a.collective)) + " " + std::string(a.name);
  if (a.full_lane() && !choice.layout->regular())
    return who + " needs every node to hold the same number of ranks; " + where + " gives " +
           sizes_text(*choice.layout) + " (use --algorithm hierarchical)";
  const bool ordered = choice.layout->rank_ordered();
  if (a.hierarchical() && a.prefix() && !ordered)
    return who + " needs each node to be a run of consecutive ranks (a prefix cannot be " +
           "split by node otherwise); " + where + " places them round-robin";
  if (a.hierarchical() && a.reduces() && noncommutative && !ordered)
    return who + " keeps rank order for --op noncommutative only when each node is a run of " +
           "consecutive ranks; use --placement consecutive or a commutative --op";
  return "";
}

} // namespace collscope::run
