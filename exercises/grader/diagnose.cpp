#include "diagnose.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace collscope::grade {

namespace model = collscope::model;

namespace {

bool is_send(model::OpKind k) {
  return k == model::OpKind::send || k == model::OpKind::isend;
}
bool is_recv(model::OpKind k) {
  return k == model::OpKind::recv || k == model::OpKind::irecv_complete;
}

std::string call_name(const model::Trace& t, const model::Rank& rank, const model::Operation& op,
                      const char* otherwise) {
  if (op.call == model::no_index) return otherwise;
  const model::Operation& enter = rank.operations[static_cast<std::size_t>(op.call)];
  return enter.function == model::no_index ? otherwise
                                           : t.functions[static_cast<std::size_t>(enter.function)];
}

/// Whether the MPI call that completed `op` also sent a message.
bool sent_in_same_call(const model::Rank& rank, const model::Operation& op) {
  if (op.call == model::no_index) return false;
  // The call's operations follow its enter.
  for (auto j = static_cast<std::size_t>(op.call) + 1;
       j < rank.operations.size() && rank.operations[j].call == op.call; ++j)
    if (is_send(rank.operations[j].kind)) return true;
  return false;
}

std::string hop_text(const Hop& h) {
  return std::to_string(h.from) + "→" + std::to_string(h.to);
}

std::string list(const std::vector<int>& v) {
  std::string out;
  for (const int x : v) out += (out.empty() ? "" : ", ") + std::to_string(x);
  return out;
}

} // namespace

Shape trace_shape(const model::Trace& sub, const model::InferredRounds& rounds, int p) {
  Shape s;
  s.p = p;
  const auto distance = [p](const model::Message& m) {
    return p > 0 ? ((m.receiver - m.sender) % p + p) % p : 0;
  };
  const std::size_t n = sub.messages.size();
  s.messages = static_cast<int>(n);
  const auto round_of = [&](std::size_t m) {
    return m < rounds.message_round.size() ? rounds.message_round[m] : 0;
  };
  // Links: a rank's receive, then (as its next message operation) a send at the same distance
  // in a later step — the send waited for the receive.
  std::vector<std::vector<int>> before(n); // message → the messages it waited for
  std::map<std::pair<int, int>, std::pair<std::string, std::string>> calls;
  int most_sends = 0;
  bool doubling = p >= 3, some_pair = false;
  for (std::size_t r = 0; r < sub.ranks.size(); ++r) {
    const model::Rank& rank = sub.ranks[r];
    const std::vector<int>* step = r < rounds.step.size() ? &rounds.step[r] : nullptr;
    int pending = -1; // the last message operation, if it was a receive
    std::vector<int> sends;
    for (std::size_t i = 0; i < rank.operations.size(); ++i) {
      const model::Operation& op = rank.operations[i];
      if (op.message == model::no_index || (!is_send(op.kind) && !is_recv(op.kind))) continue;
      const auto m = static_cast<std::size_t>(op.message);
      if (is_recv(op.kind)) {
        // A receive completed by a call that also sent (MPI_Sendrecv, a Waitall over both)
        // did not hold that send back: what the next call sends may depend on it (the ring
        // forwards what it received), which is no serialisation.
        pending = sent_in_same_call(rank, op) ? -1 : static_cast<int>(i);
        continue;
      }
      sends.push_back(distance(sub.messages[m]));
      if (pending >= 0 && step) {
        const model::Operation& in = rank.operations[static_cast<std::size_t>(pending)];
        const auto mi = static_cast<std::size_t>(in.message);
        if ((*step)[i] > (*step)[static_cast<std::size_t>(pending)] &&
            distance(sub.messages[mi]) == distance(sub.messages[m]) &&
            sub.messages[mi].sender != sub.messages[m].receiver) {
          before[m].push_back(static_cast<int>(mi));
          calls[{static_cast<int>(mi), static_cast<int>(m)}] = {
              call_name(sub, rank, in, "MPI_Recv"), call_name(sub, rank, op, "MPI_Send")};
        }
      }
      pending = -1;
    }
    if (static_cast<int>(sends.size()) > most_sends) {
      most_sends = static_cast<int>(sends.size());
      s.distance_rank = static_cast<int>(r);
      s.distances = sends;
    }
    some_pair = some_pair || sends.size() >= 2;
    for (std::size_t i = 0; i < sends.size() && doubling; ++i) {
      const int want = static_cast<int>((1LL << std::min<std::size_t>(i, 30)) % p);
      doubling = sends[i] == want || (p - sends[i]) % p == want;
    }
  }
  s.doubling = doubling && some_pair;
  // The longest run of links (rounds grow along a link, so by round is a topological order).
  std::vector<std::size_t> order(n);
  for (std::size_t m = 0; m < n; ++m) order[m] = m;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return round_of(a) < round_of(b); });
  std::vector<int> length(n, 1), prev(n, -1);
  for (const std::size_t m : order)
    for (const int b : before[m])
      if (length[static_cast<std::size_t>(b)] + 1 > length[m])
        length[m] = length[static_cast<std::size_t>(b)] + 1, prev[m] = b;
  int end = -1;
  for (std::size_t m = 0; m < n; ++m)
    if (end < 0 || length[m] > length[static_cast<std::size_t>(end)]) end = static_cast<int>(m);
  for (int m = end; m >= 0 && n > 0 && length[static_cast<std::size_t>(end)] >= 2;
       m = prev[static_cast<std::size_t>(m)]) {
    const model::Message& msg = sub.messages[static_cast<std::size_t>(m)];
    s.staircase.insert(s.staircase.begin(),
                       {msg.sender, msg.receiver, round_of(static_cast<std::size_t>(m))});
    if (prev[static_cast<std::size_t>(m)] >= 0) {
      const auto c = calls[{prev[static_cast<std::size_t>(m)], m}];
      s.recv_call = c.first, s.send_call = c.second;
    }
  }
  // Chain, hub, overlap.
  std::set<std::pair<int, int>> edges;
  bool neighbours = n > 0 && p >= 3;
  std::map<int, int> in_every;
  std::set<int> message_rounds;
  for (std::size_t m = 0; m < n; ++m) {
    const model::Message& msg = sub.messages[m];
    const int d = distance(msg);
    neighbours = neighbours && (d == 1 || d == p - 1);
    edges.insert({std::min(msg.sender, msg.receiver), std::max(msg.sender, msg.receiver)});
    ++in_every[msg.sender];
    if (msg.receiver != msg.sender) ++in_every[msg.receiver];
    message_rounds.insert(round_of(m));
  }
  s.chain = neighbours && static_cast<int>(edges.size()) == p - 1;
  if (p >= 3 && n >= 2)
    for (const auto& [rank, k] : in_every)
      if (k == static_cast<int>(n)) s.hub = rank;
  s.no_overlap = n >= 3 && message_rounds.size() == n;
  return s;
}

bool holds(const Shape& s, const std::string& name) {
  if (name == "serialised") return s.staircase.size() >= 3 && !s.chain;
  if (name == "chain") return s.chain;
  if (name == "star") return s.hub >= 0;
  if (name == "no_overlap") return s.no_overlap;
  if (name == "doubling") return s.doubling;
  if (name == "not_doubling") return !s.doubling && s.p >= 3 && !s.distances.empty();
  return false;
}

std::string evidence(const Shape& s, const std::string& name) {
  if (!holds(s, name)) return {};
  if (name == "serialised") {
    const Hop& a = s.staircase[0];
    const Hop& b = s.staircase[1];
    std::string hops, at;
    for (std::size_t i = 0; i < s.staircase.size() && i < 6; ++i) {
      hops += (i ? ", " : "") + hop_text(s.staircase[i]);
      at += (i ? ", " : "") + std::to_string(s.staircase[i].round);
    }
    if (s.staircase.size() > 6) hops += ", …", at += ", …";
    return "rank " + std::to_string(b.from) + " calls " + s.recv_call + " (from rank " +
           std::to_string(a.from) + ") before " + s.send_call + " (to rank " +
           std::to_string(b.to) +
           "), and so do the ranks after it: each rank's send of a round waits for its own "
           "receive of that round, which waited for the rank before it, so the messages " +
           hops + " go in rounds " + at + ", one after the other, where they could all go in one";
  }
  if (name == "chain")
    return "every one of the " + std::to_string(s.messages) +
           " messages goes between neighbouring ranks: a chain, so the last rank waits for "
           "p − 1 = " +
           std::to_string(s.p - 1) + " hops";
  if (name == "star")
    return "rank " + std::to_string(s.hub) + " sends or receives every one of the " +
           std::to_string(s.messages) + " messages, so they go one after the other through it";
  if (name == "no_overlap")
    return "no two of the " + std::to_string(s.messages) +
           " messages are in the same round: the sends never overlap";
  if (name == "doubling")
    return "the partner distance already doubles (rank " + std::to_string(s.distance_rank) +
           " sends at distances " + list(s.distances) + ")";
  std::vector<int> want;
  for (std::size_t i = 0; i < s.distances.size(); ++i)
    want.push_back(static_cast<int>((1LL << std::min<std::size_t>(i, 30)) % s.p));
  return "rank " + std::to_string(s.distance_rank) + " sends at distances " + list(s.distances) +
         " (counted upwards mod p), where doubling gives " + list(want);
}

std::string builtin_rounds_hint(const Shape& s, bool serialised_only) {
  if (holds(s, "serialised")) {
    std::string text = evidence(s, "serialised");
    if (s.doubling) text = evidence(s, "doubling") + ", but " + text;
    return text + ". Receive and send in the same round at once: MPI_Sendrecv (or MPI_Irecv, "
                  "then MPI_Send, then MPI_Wait), sending the value you had before this round's "
                  "receive.";
  }
  if (serialised_only) return {};
  if (holds(s, "chain"))
    return evidence(s, "chain") +
           ". In a tree (or with a partner distance that doubles) ranks that already have "
           "their data pass it on at the same time.";
  if (holds(s, "star"))
    return evidence(s, "star") +
           ". Let every rank that already has its data pass it on, so that the ranks at "
           "work double every round.";
  if (holds(s, "no_overlap"))
    return evidence(s, "no_overlap") +
           ". Messages that do not depend on each other can go in the same round.";
  return {};
}

std::string measured_text(const Shape& s) {
  std::string text = "measured at p = " + std::to_string(s.p) + ": " + std::to_string(s.messages) +
                     " messages between ranks";
  if (s.distance_rank >= 0)
    text += "; rank " + std::to_string(s.distance_rank) + " sends at distances " +
            list(s.distances) + " (mod p)";
  return text + ". None of the grader's diagnoses (receive before send, a chain, one rank in "
                "every message, sends that never overlap, the partner distance) fits this "
                "trace: see the figure of this case";
}

} // namespace collscope::grade
