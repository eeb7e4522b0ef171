#include "collscope/schedule/node_layout.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>
#include <charconv>
#include <climits>

namespace collscope::schedule {

std::string_view to_string(Placement placement) {
  switch (placement) {
  case Placement::consecutive:
    return "consecutive";
  case Placement::round_robin:
    return "round-robin";
  case Placement::explicit_sizes:
    return "explicit";
  case Placement::shared_memory:
    return "shared-memory";
  }
  return "?";
}

std::optional<Placement> parse_placement(std::string_view text) {
  if (text == "consecutive") return Placement::consecutive;
  if (text == "round-robin") return Placement::round_robin;
  return std::nullopt;
}

int NodeLayout::nodes() const {
  return node_of.empty() ? 0 : *std::max_element(node_of.begin(), node_of.end()) + 1;
}

std::vector<int> NodeLayout::sizes() const {
  std::vector<int> n(static_cast<std::size_t>(nodes()), 0);
  for (int node : node_of) ++n[static_cast<std::size_t>(node)];
  return n;
}

std::vector<int> NodeLayout::members(int node) const {
  std::vector<int> ranks;
  for (int r = 0; r < this->ranks(); ++r)
    if (node_of[static_cast<std::size_t>(r)] == node) ranks.push_back(r);
  return ranks;
}

bool NodeLayout::regular() const {
  const std::vector<int> n = sizes();
  return std::all_of(n.begin(), n.end(), [&](int s) { return s == n.front(); });
}

bool NodeLayout::rank_ordered() const {
  return std::is_sorted(node_of.begin(), node_of.end());
}

NodeLayout consecutive_layout(int p, int per_node) {
  NodeLayout layout{std::vector<int>(static_cast<std::size_t>(p)), Placement::consecutive};
  for (int r = 0; r < p; ++r) layout.node_of[static_cast<std::size_t>(r)] = r / per_node;
  return layout;
}

NodeLayout round_robin_layout(int p, int per_node) {
  const int nodes = (p + per_node - 1) / per_node;
  NodeLayout layout{std::vector<int>(static_cast<std::size_t>(p)), Placement::round_robin};
  for (int r = 0; r < p; ++r) layout.node_of[static_cast<std::size_t>(r)] = r % nodes;
  return layout;
}

NodeLayout explicit_layout(const std::vector<int>& sizes) {
  NodeLayout layout{{}, Placement::explicit_sizes};
  for (std::size_t node = 0; node < sizes.size(); ++node)
    layout.node_of.insert(layout.node_of.end(), static_cast<std::size_t>(sizes[node]),
                          static_cast<int>(node));
  return layout;
}

std::string nodes_text(const NodeLayout& layout) {
  std::string text;
  for (int node : layout.node_of) text += (text.empty() ? "" : ",") + std::to_string(node);
  return text;
}

namespace {

std::optional<int> positive(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 1) return std::nullopt;
  return value;
}

} // namespace

std::optional<std::vector<int>> parse_node_sizes(std::string_view text, std::string& error) {
  std::vector<int> sizes;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma - start);
    const std::optional<int> size = positive(item);
    if (!size) {
      error = "'" + std::string(text) + "' is not a list of node sizes (positive whole numbers " +
              "separated by commas, e.g. 3,3,2): '" + std::string(item) + "'";
      return std::nullopt;
    }
    sizes.push_back(*size);
    if (comma == std::string_view::npos) return sizes;
    start = comma + 1;
  }
}

std::optional<int> parse_per_node(std::string_view text, std::string& error) {
  const std::optional<int> n = positive(text);
  if (!n) error = "'" + std::string(text) + "' is not a positive number of ranks per node";
  return n;
}

std::optional<NodeLayout> layout_for(const NodeSpec& spec, int p, std::string& error) {
  if (!spec.sizes.empty()) {
    long long sum = 0;
    for (int s : spec.sizes) sum += s;
    if (sum != p) {
      error = "the node sizes sum to " + std::to_string(sum) + ", not to the " + std::to_string(p) +
              " processes";
      return std::nullopt;
    }
    return explicit_layout(spec.sizes);
  }
  if (spec.per_node < 1) {
    error = "ranks per node must be at least 1";
    return std::nullopt;
  }
  return spec.placement == Placement::round_robin ? round_robin_layout(p, spec.per_node)
                                                  : consecutive_layout(p, spec.per_node);
}

int two_level_rounds(const NodeLayout& layout) {
  const std::vector<int> n = layout.sizes();
  int inside = 0;
  for (int s : n) inside = std::max(inside, ceil_log2(s));
  return ceil_log2(layout.nodes()) + inside;
}

} // namespace collscope::schedule
