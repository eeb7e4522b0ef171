#include "collscope/model/critical_path.hpp"

#include <algorithm>

namespace collscope::model {

namespace {

constexpr int program_edge = -2; ///< pred marker: the previous operation of the same rank

struct Node {
  double length = 0.0;
  int pred = no_index; ///< no_index (path start), program_edge, or the message index
};

double overlap(double a0, double a1, double b0, double b1) {
  return std::max(0.0, std::min(a1, b1) - std::max(a0, b0));
}

class Longest {
public:
  explicit Longest(const Trace& trace) : trace_(trace), nodes_(trace.ranks.size()) {
    for (const Rank& rank : trace.ranks) nodes_[rank.id].resize(rank.operations.size());
  }

  // Topological order without building the DAG: a rank advances while its next operation's
  // message edge (if any) comes from an operation already done. Should no rank be able to
  // advance (cyclic records), the earliest waiting operation drops its message edge.
  void run() {
    std::vector<int> cursor(trace_.ranks.size(), 0);
    for (bool progress = true; progress;) {
      progress = false;
      int stuck = no_index;
      for (const Rank& rank : trace_.ranks) {
        int& i = cursor[rank.id];
        while (i < static_cast<int>(rank.operations.size()) && ready(rank.id, i, cursor)) {
          visit(rank.id, i++, true);
          progress = true;
        }
        if (i < static_cast<int>(rank.operations.size()) &&
            (stuck == no_index || rank.operations[i].time < time_at(stuck, cursor[stuck])))
          stuck = rank.id;
      }
      if (!progress && stuck != no_index) {
        visit(stuck, cursor[stuck]++, false);
        progress = true;
      }
    }
  }

  CriticalPath path() const {
    CriticalPath out;
    int rank = no_index;
    for (const Rank& r : trace_.ranks)
      if (!r.operations.empty() &&
          (rank == no_index || nodes_[r.id].back().length > nodes_[rank].back().length))
        rank = r.id;
    if (rank == no_index) return out;
    int op = static_cast<int>(nodes_[rank].size()) - 1;
    out.length = nodes_[rank][op].length;
    while (true) {
      out.operations.push_back({rank, op});
      const int pred = nodes_[rank][op].pred;
      if (pred == no_index) break;
      if (pred == program_edge) {
        --op;
        continue;
      }
      out.messages.push_back(pred);
      rank = trace_.messages[pred].sender;
      op = trace_.messages[pred].send_op;
    }
    std::reverse(out.operations.begin(), out.operations.end());
    std::reverse(out.messages.begin(), out.messages.end());
    return out;
  }

private:
  double time_at(int rank, int op) const { return trace_.ranks[rank].operations[op].time; }

  const Message* incoming(int rank, int op) const {
    const Operation& o = trace_.ranks[rank].operations[op];
    if ((o.kind != OpKind::recv && o.kind != OpKind::irecv_complete) || o.message == no_index)
      return nullptr;
    return &trace_.messages[o.message];
  }

  bool ready(int rank, int op, const std::vector<int>& cursor) const {
    const Message* m = incoming(rank, op);
    return m == nullptr || m->send_op < cursor[m->sender];
  }

  void visit(int rank, int op, bool with_message) {
    const Operation& o = trace_.ranks[rank].operations[op];
    const Message* m = incoming(rank, op);
    Node& node = nodes_[rank][op];
    if (op == 0) {
      node.length = std::max(0.0, o.time);
    } else {
      const double prev_time = time_at(rank, op - 1);
      double weight = o.time - prev_time;
      if (m != nullptr) weight -= overlap(m->recv_call_time, m->send_time, prev_time, o.time);
      node.length = nodes_[rank][op - 1].length + std::max(0.0, weight);
      node.pred = program_edge;
    }
    if (m == nullptr || !with_message) return;
    const double transfer = std::max(0.0, o.time - std::max(m->send_time, m->recv_call_time));
    const double via_message = nodes_[m->sender][m->send_op].length + transfer;
    if (via_message > node.length) {
      node.length = via_message;
      node.pred = o.message;
    }
  }

  const Trace& trace_;
  std::vector<std::vector<Node>> nodes_;
};

} // namespace

CriticalPath critical_path(const Trace& trace) {
  Longest longest(trace);
  longest.run();
  return longest.path();
}

} // namespace collscope::model
