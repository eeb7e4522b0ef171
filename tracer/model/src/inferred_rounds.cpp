#include "collscope/model/inferred_rounds.hpp"

#include "collscope/model/steps.hpp"

#include <algorithm>
#include <deque>
#include <span>
#include <utility>

namespace collscope::model {

namespace {

// The steps of all ranks as one graph: a step's value depends on the previous step of its rank
// and on the "send anchors" of the messages it receives. Edges are kept in flat arrays (one
// slice per node), not in a vector per node: a million-message trace has a million steps.
struct StepGraph {
  struct Source {
    int from; ///< anchor step, or no_index
    int offset;
  };
  struct Node {
    int rank = 0;
    int prev = no_index; ///< previous step of the rank
  };
  std::vector<Node> nodes;
  std::vector<int> source_begin; ///< node n's sources: sources[source_begin[n] … [n + 1])
  std::vector<Source> sources;
  std::vector<int> dependent_begin; ///< likewise for dependents
  std::vector<int> dependents;
  std::vector<std::vector<int>> node_of_op;   ///< per rank, per op: its step node or no_index
  std::vector<std::vector<int>> anchor_of_op; ///< per rank, per op: last step node before it

  std::span<const Source> sources_of(int n) const {
    return {sources.data() + source_begin[n], sources.data() + source_begin[n + 1]};
  }
  std::span<const int> dependents_of(int n) const {
    return {dependents.data() + dependent_begin[n], dependents.data() + dependent_begin[n + 1]};
  }
};

// Fills `begin` (size n + 1) and `items` from (key, item) pairs: items grouped by key, in the
// order given.
template <class Item, class Pairs>
void group(int n, const Pairs& pairs, std::vector<int>& begin, std::vector<Item>& items) {
  begin.assign(static_cast<std::size_t>(n) + 1, 0);
  for (const auto& [key, item] : pairs) ++begin[key + 1];
  for (int k = 0; k < n; ++k) begin[k + 1] += begin[k];
  items.resize(pairs.size());
  std::vector<int> next(begin.begin(), begin.end() - 1);
  for (const auto& [key, item] : pairs) items[next[key]++] = item;
}

StepGraph build_graph(const Trace& trace) {
  StepGraph graph;
  graph.node_of_op.resize(trace.ranks.size());
  graph.anchor_of_op.resize(trace.ranks.size());
  for (const Rank& rank : trace.ranks) {
    std::vector<int>& node_of = graph.node_of_op[rank.id];
    std::vector<int>& anchor_of = graph.anchor_of_op[rank.id];
    node_of.assign(rank.operations.size(), no_index);
    anchor_of.assign(rank.operations.size(), no_index);
    // The steps of steps.hpp: the step operations of one MPI call form one step.
    int last = no_index;    // the rank's latest step
    int last_op = no_index; // … and its latest step operation
    for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i) {
      anchor_of[i] = last;
      const Operation& op = rank.operations[i];
      if (!completes_in_step(op.kind) || is_self_message(rank, op)) continue;
      if (last == no_index || !joins_step(rank, last_op, i)) {
        const int id = static_cast<int>(graph.nodes.size());
        graph.nodes.push_back({rank.id, last});
        last = id;
      }
      last_op = i;
      node_of[i] = last;
    }
  }
  const int n = static_cast<int>(graph.nodes.size());
  std::vector<std::pair<int, StepGraph::Source>> sources;
  std::vector<std::pair<int, int>> dependents;
  sources.reserve(trace.messages.size());
  dependents.reserve(trace.messages.size() + graph.nodes.size());
  for (const Message& m : trace.messages) {
    const int to = graph.node_of_op[m.receiver][m.recv_op];
    if (to == no_index) continue;
    const bool blocking = trace.ranks[m.sender].operations[m.send_op].kind == OpKind::send;
    const int from =
        blocking ? graph.node_of_op[m.sender][m.send_op] : graph.anchor_of_op[m.sender][m.send_op];
    sources.push_back({to, {from, blocking ? 0 : 1}});
    if (from != no_index) dependents.emplace_back(from, to);
  }
  for (int id = 0; id < n; ++id)
    if (graph.nodes[id].prev != no_index) dependents.emplace_back(graph.nodes[id].prev, id);
  group(n, sources, graph.source_begin, graph.sources);
  group(n, dependents, graph.dependent_begin, graph.dependents);
  return graph;
}

} // namespace

InferredRounds step_rounds(const Trace& trace) {
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
    for (const auto& [source, offset] : graph.sources_of(id)) v = std::max(v, at(source) + offset);
    if (v <= value[id]) continue;
    if (v >= n) {
      out.consistent = false;
      break;
    }
    value[id] = v;
    for (const int next : graph.dependents_of(id)) {
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
      if (is_self_message(rank, rank.operations[i])) continue; // a local copy: no step
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

bool takes_one_ported_rule(const Trace& trace) {
  if (trace.call) return trace.call->kind == "collective" || trace.call->kind == "phase";
  if (trace.messages.empty()) return false;
  return std::all_of(trace.messages.begin(), trace.messages.end(), [&](const Message& m) {
    return trace.ranks[m.sender].operations[m.send_op].native;
  });
}

InferredRounds inferred_rounds(const Trace& trace) {
  return takes_one_ported_rule(trace) ? one_ported_rounds(trace) : step_rounds(trace);
}

} // namespace collscope::model
