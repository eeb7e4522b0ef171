#include "collscope/model/inferred_rounds.hpp"

#include "collscope/model/steps.hpp"

#include <algorithm>
#include <deque>

namespace collscope::model {

namespace {

// The steps of all ranks as one graph: a step's value depends on the previous step of its rank
// and on the "send anchors" of the messages it receives.
struct StepGraph {
  struct Node {
    int rank = 0;
    int prev = no_index;                      ///< previous step of the rank
    std::vector<std::pair<int, int>> sources; ///< (anchor step or no_index, offset)
    std::vector<int> dependents;
  };
  std::vector<Node> nodes;
  std::vector<std::vector<int>> node_of_op;   ///< per rank, per op: its step node or no_index
  std::vector<std::vector<int>> anchor_of_op; ///< per rank, per op: last step node before it
};

StepGraph build_graph(const Trace& trace) {
  StepGraph graph;
  const auto steps = steps_of(trace);
  graph.node_of_op.resize(trace.ranks.size());
  graph.anchor_of_op.resize(trace.ranks.size());
  for (const Rank& rank : trace.ranks) {
    graph.node_of_op[rank.id].assign(rank.operations.size(), no_index);
    graph.anchor_of_op[rank.id].assign(rank.operations.size(), no_index);
    int prev = no_index;
    for (const Step& step : steps[rank.id]) {
      const int id = static_cast<int>(graph.nodes.size());
      graph.nodes.push_back({rank.id, prev, {}, {}});
      for (const int op : step.ops) graph.node_of_op[rank.id][op] = id;
      prev = id;
    }
    int last = no_index;
    for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i) {
      graph.anchor_of_op[rank.id][i] = last;
      if (graph.node_of_op[rank.id][i] != no_index) last = graph.node_of_op[rank.id][i];
    }
  }
  for (const Message& m : trace.messages) {
    const int to = graph.node_of_op[m.receiver][m.recv_op];
    if (to == no_index) continue;
    const bool blocking = trace.ranks[m.sender].operations[m.send_op].kind == OpKind::send;
    const int from =
        blocking ? graph.node_of_op[m.sender][m.send_op] : graph.anchor_of_op[m.sender][m.send_op];
    graph.nodes[to].sources.emplace_back(from, blocking ? 0 : 1);
    if (from != no_index) graph.nodes[from].dependents.push_back(to);
  }
  for (int id = 0; id < static_cast<int>(graph.nodes.size()); ++id)
    if (graph.nodes[id].prev != no_index)
      graph.nodes[graph.nodes[id].prev].dependents.push_back(id);
  return graph;
}

} // namespace

InferredRounds inferred_rounds(const Trace& trace) {
  const StepGraph graph = build_graph(trace);
  const int n = static_cast<int>(graph.nodes.size());
  // Steps count from 0; "no step" (no_index) reads as −1 so that a rank's first step, and an
  // Isend posted before any step, land on step 0.
  std::vector<int> value(n, -1);
  const auto at = [&](int node) { return node == no_index ? -1 : value[node]; };

  // Least solution by relaxation; values only grow, and none can reach n unless a cycle of
  // dependencies runs through a program-order edge.
  InferredRounds out;
  std::deque<int> work;
  std::vector<char> queued(n, 1);
  for (int id = 0; id < n; ++id) work.push_back(id);
  while (!work.empty()) {
    const int id = work.front();
    work.pop_front();
    queued[id] = 0;
    const StepGraph::Node& node = graph.nodes[id];
    int v = at(node.prev) + 1;
    for (const auto& [source, offset] : node.sources) v = std::max(v, at(source) + offset);
    if (v <= value[id]) continue;
    if (v >= n) {
      out.consistent = false;
      break;
    }
    value[id] = v;
    for (const int next : node.dependents) {
      if (queued[next]) continue;
      queued[next] = 1;
      work.push_back(next);
    }
  }

  // After a cycle stopped the relaxation, steps not reached yet keep the lower bound 0.
  for (int& v : value) v = std::max(v, 0);

  out.step.resize(trace.ranks.size());
  for (const Rank& rank : trace.ranks) {
    std::vector<int>& steps = out.step[rank.id];
    steps.assign(rank.operations.size(), no_index);
    for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i) {
      const OpKind kind = rank.operations[i].kind;
      if (kind == OpKind::isend)
        steps[i] = at(graph.anchor_of_op[rank.id][i]) + 1;
      else
        steps[i] = at(graph.node_of_op[rank.id][i]);
      if (kind == OpKind::recv || kind == OpKind::irecv_complete)
        out.rounds = std::max(out.rounds, steps[i] + 1);
    }
  }
  out.message_round.reserve(trace.messages.size());
  for (const Message& m : trace.messages)
    out.message_round.push_back(out.step[m.receiver][m.recv_op]);
  return out;
}

} // namespace collscope::model
