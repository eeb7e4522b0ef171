// Patterns from ranks' program order: match the k-th send a → b with the k-th receive of b
// from a (MPI's non-overtaking rule without tags) and infer rounds by relaxation, the trace
// model's rule (tracer/model/README.md, "Inferred rounds").
#include "collscope/schedule/one_ported.hpp"
#include "collscope/schedule/patterns.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace collscope::schedule {

PatternBuilder::PatternBuilder(int p)
    : p_(p), ops_(static_cast<std::size_t>(std::max(p, 0))),
      steps_(static_cast<std::size_t>(std::max(p, 0)), 0) {}

void PatternBuilder::step(int rank, std::initializer_list<std::pair<int, double>> sends,
                          std::initializer_list<std::pair<int, double>> receives) {
  step_many(rank, sends, receives);
}

void PatternBuilder::step_many(int rank, const std::vector<std::pair<int, double>>& sends,
                               const std::vector<std::pair<int, double>>& receives) {
  if (rank < 0 || rank >= p_) return;
  auto& ops = ops_[static_cast<std::size_t>(rank)];
  const std::size_t before = ops.size();
  const int index = steps_[static_cast<std::size_t>(rank)];
  for (const auto& [to, size] : sends)
    if (to >= 0 && to < p_ && to != rank) ops.push_back({to, size, true, index});
  // One Waitall returns its receives at once: they are taken by source rank, as the tracer
  // records such a batch (tracer/README.md, "Inside the library"), so that the one-ported
  // numbering of a pattern and of a recorded call agree.
  std::vector<std::pair<int, double>> by_source(receives.begin(), receives.end());
  std::stable_sort(by_source.begin(), by_source.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [from, size] : by_source)
    if (from >= 0 && from < p_ && from != rank) ops.push_back({from, size, false, index});
  if (ops.size() > before) ++steps_[static_cast<std::size_t>(rank)];
}

Pattern PatternBuilder::finish() const {
  struct Link {
    int sender, send_step, receiver, recv_step;
    double size;
  };
  // Match per channel (sender, receiver) in program order.
  std::map<std::pair<int, int>, std::vector<std::pair<int, double>>> sent; // (step, size)
  std::map<std::pair<int, int>, std::vector<int>> received;                // step
  for (int r = 0; r < p_; ++r)
    for (const Op& op : ops_[static_cast<std::size_t>(r)]) {
      if (op.send)
        sent[{r, op.peer}].push_back({op.step, op.size});
      else
        received[{op.peer, r}].push_back(op.step);
    }
  std::vector<Link> links;
  Pattern pattern;
  pattern.p = p_;
  for (const auto& [channel, receives] : received)
    if (!sent.contains(channel)) pattern.consistent = false; // a receive nobody sends
  for (const auto& [channel, sends] : sent) {
    const auto it = received.find(channel);
    const std::size_t n = it == received.end() ? 0 : it->second.size();
    if (n != sends.size()) pattern.consistent = false;
    for (std::size_t k = 0; k < std::min(n, sends.size()); ++k)
      links.push_back(
          {channel.first, sends[k].first, channel.second, it->second[k], sends[k].second});
  }
  // step number of each (rank, step index): least solution of the monotone equations.
  std::vector<std::vector<int>> number(static_cast<std::size_t>(std::max(p_, 0)));
  for (int r = 0; r < p_; ++r) {
    auto& n = number[static_cast<std::size_t>(r)];
    n.resize(static_cast<std::size_t>(steps_[static_cast<std::size_t>(r)]));
    for (std::size_t s = 0; s < n.size(); ++s) n[s] = static_cast<int>(s);
  }
  const auto at = [&](int rank, int s) -> int& {
    return number[static_cast<std::size_t>(rank)][static_cast<std::size_t>(s)];
  };
  bool changed = true;
  int passes = 0;
  const int limit = 4 * (static_cast<int>(links.size()) + p_) + 4;
  while (changed && passes++ < limit) {
    changed = false;
    for (const Link& l : links)
      if (at(l.receiver, l.recv_step) < at(l.sender, l.send_step)) {
        at(l.receiver, l.recv_step) = at(l.sender, l.send_step);
        changed = true;
      }
    for (auto& n : number)
      for (std::size_t s = 1; s < n.size(); ++s)
        if (n[s] < n[s - 1] + 1) {
          n[s] = n[s - 1] + 1;
          changed = true;
        }
  }
  if (changed) pattern.consistent = false;
  for (const Link& l : links) {
    const int round = at(l.receiver, l.recv_step);
    pattern.messages.push_back({l.sender, l.receiver, round, l.size});
    pattern.rounds = std::max(pattern.rounds, round + 1);
  }
  const auto by_round = [](const PatternMessage& a, const PatternMessage& b) {
    return std::tie(a.round, a.from, a.to) < std::tie(b.round, b.from, b.to);
  };
  std::sort(pattern.messages.begin(), pattern.messages.end(), by_round);
  one_ported(pattern);
  std::sort(pattern.one_ported.begin(), pattern.one_ported.end(), by_round);
  return pattern;
}

void PatternBuilder::one_ported(Pattern& pattern) const {
  // Message ids in the senders' program order; the k-th send a → b is the k-th receive of b
  // from a. Each rank's events then follow its ops (a step's sends are posted before its
  // receives complete).
  std::map<std::pair<int, int>, std::vector<int>> sent; // channel → message ids, in order
  std::vector<std::pair<int, int>> ends;                // message → (from, to)
  std::vector<double> sizes;
  std::vector<std::vector<PortEvent>> events(static_cast<std::size_t>(std::max(p_, 0)));
  for (int r = 0; r < p_; ++r)
    for (const Op& op : ops_[static_cast<std::size_t>(r)])
      if (op.send) {
        sent[{r, op.peer}].push_back(static_cast<int>(ends.size()));
        ends.emplace_back(r, op.peer);
        sizes.push_back(op.size);
      }
  std::map<std::pair<int, int>, std::size_t> next_send, next_receive;
  for (int r = 0; r < p_; ++r)
    for (const Op& op : ops_[static_cast<std::size_t>(r)]) {
      const std::pair<int, int> channel = op.send ? std::pair{r, op.peer} : std::pair{op.peer, r};
      const auto it = sent.find(channel);
      std::size_t& k = (op.send ? next_send : next_receive)[channel];
      if (it == sent.end() || k >= it->second.size()) continue; // a receive nobody sends
      events[static_cast<std::size_t>(r)].push_back({it->second[k++], op.send});
    }
  const OnePorted placed = one_ported_rounds(events, static_cast<int>(ends.size()));
  for (std::size_t m = 0; m < ends.size(); ++m)
    if (placed.round[m] >= 0)
      pattern.one_ported.push_back({ends[m].first, ends[m].second, placed.round[m], sizes[m]});
  pattern.one_ported_rounds = placed.rounds;
}

std::span<const PatternAlgorithm> pattern_algorithms() {
  static const std::vector<PatternAlgorithm> all = [] {
    std::vector<PatternAlgorithm> joined;
    for (const auto part :
         {detail::rooted_patterns(), detail::rootless_patterns(), detail::van_de_geijn_patterns(),
          detail::knomial_patterns(), detail::sync_patterns()})
      joined.insert(joined.end(), part.begin(), part.end());
    return joined;
  }();
  return all;
}

const PatternAlgorithm* find_pattern(std::string_view collective, std::string_view name) {
  for (const PatternAlgorithm& a : pattern_algorithms())
    if (a.collective == collective && a.name == name) return &a;
  return nullptr;
}

} // namespace collscope::schedule
