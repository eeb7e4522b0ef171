// Which node each rank runs on (seeds/001, "Hierarchical collectives": a communicator c over N
// nodes, partitioned into node communicators c_0 … c_{N−1}). Read from the algorithm metadata
// the hierarchical runs record (`nodes`, `placement`), or given by the user to look at any trace
// with a node layout. Rules in tracer/model/README.md, "Nodes".
#pragma once

#include "collscope/model/trace.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::model {

struct NodeLayout {
  enum class Source { none, trace, user };
  std::vector<int> node_of; ///< node of each world rank, nodes numbered 0 … nodes − 1
  int nodes = 1;
  /// consecutive | round-robin | explicit | shared-memory as the trace or the user says, or
  /// "one node" when neither gives a layout
  std::string placement = "one node";
  Source source = Source::none;

  int size(int node) const; ///< ranks on the node
  bool same_node(int a, int b) const { return node_of[a] == node_of[b]; }
};

/// A bad node list or size: one line naming what is wrong.
class LayoutError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// Every rank on one node: what a trace without a layout is taken to be (it ran on one
/// machine, as every trace recorded without a node layout here did).
NodeLayout one_node(int ranks);

/// The layout of the first algorithm run whose metadata has `nodes` (a comma-separated node
/// per rank in communicator rank order; the run's ranks taken in increasing world rank order);
/// ranks outside that run get a node each. one_node() if no run records one.
NodeLayout layout_of(const Trace& trace);

/// `--ranks-per-node n`: nodes of n ranks (the last one holds the rest), ranks placed
/// consecutively (0 … n − 1 on node 0) or round-robin (rank r on node r mod N).
NodeLayout layout_ranks_per_node(int ranks, int per_node, bool round_robin = false);

/// `--nodes 3,3,2`: node sizes, ranks placed consecutively; the sizes must add up to `ranks`.
NodeLayout layout_node_sizes(int ranks, std::string_view sizes);

/// A comma-separated list of node indices, one per rank ("0,0,1,1"); empty nodes are dropped
/// (indices renumbered in increasing order). Throws LayoutError.
std::vector<int> parse_node_list(std::string_view text);

} // namespace collscope::model
