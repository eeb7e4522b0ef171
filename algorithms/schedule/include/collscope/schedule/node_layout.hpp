// Which node each rank of a communicator sits on: the two-level picture of the lecture's
// "Hierarchical collectives" (seeds/001): N nodes, node i holding nᵢ ranks. On a real cluster
// the layout comes from MPI_Comm_split_type(MPI_COMM_TYPE_SHARED); on one machine it is
// described (n ranks per node, placed consecutively or round-robin, or explicit node sizes
// such as 3,3,2) so that every hierarchical algorithm can be taught and tested here.
// Pure arithmetic, no MPI.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::schedule {

enum class Placement { consecutive, round_robin, explicit_sizes, shared_memory };

/// "consecutive", "round-robin", "explicit", "shared-memory": the trace's `placement` value.
std::string_view to_string(Placement placement);
/// consecutive or round-robin (what --placement accepts).
std::optional<Placement> parse_placement(std::string_view text);

struct NodeLayout {
  std::vector<int> node_of; ///< node index of each rank, in rank order; nodes numbered 0..N−1
  Placement placement = Placement::consecutive;

  int ranks() const { return static_cast<int>(node_of.size()); }
  int nodes() const;                        ///< N
  std::vector<int> sizes() const;           ///< nᵢ per node
  std::vector<int> members(int node) const; ///< the ranks on `node`, ascending
  bool regular() const;                     ///< every node holds the same number of ranks
  /// Every node is one run of consecutive ranks, nodes in rank order: then reducing inside
  /// the nodes first and across them second keeps rank order (non-commutative operators).
  bool rank_ordered() const;
};

/// p ranks, n per node, rank r on node ⌊r/n⌋ (the last node holds the rest). n ≥ 1.
NodeLayout consecutive_layout(int p, int per_node);
/// p ranks over N = ⌈p/n⌉ nodes, rank r on node r mod N. n ≥ 1.
NodeLayout round_robin_layout(int p, int per_node);
/// Nodes of the given sizes (each ≥ 1), filled consecutively in rank order.
NodeLayout explicit_layout(const std::vector<int>& sizes);

/// "0,0,1,1": the trace's `nodes` value.
std::string nodes_text(const NodeLayout& layout);

/// A layout description as the driver's options and the environment give it.
struct NodeSpec {
  std::vector<int> sizes; ///< --nodes 3,3,2 (explicit); empty otherwise
  int per_node = 0;       ///< --ranks-per-node n
  Placement placement = Placement::consecutive;
};

/// Parses "3,3,2"; nullopt with `error` set ("'3,x' is not a list of node sizes …").
std::optional<std::vector<int>> parse_node_sizes(std::string_view text, std::string& error);
/// Parses a positive rank count per node; nullopt with `error` set.
std::optional<int> parse_per_node(std::string_view text, std::string& error);

/// The layout `spec` gives p ranks, or nullopt with `error` (sizes not summing to p, …).
std::optional<NodeLayout> layout_for(const NodeSpec& spec, int p, std::string& error);

/// ⌈log₂N⌉ + max ⌈log₂nᵢ⌉: rounds of a tree across the nodes, then trees inside them.
int two_level_rounds(const NodeLayout& layout);

} // namespace collscope::schedule
