// What a call looks like next to one schedule pattern (README "Resemblance": the distance), and
// whether it is a neighbour (halo) exchange.
#include "collscope/model/inferred_rounds.hpp"
#include "resemblance_parts.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>

namespace collscope::model {

Observed observe(const Trace& own, const Call& call, const InferredRounds& rounds) {
  Observed seen;
  seen.one_ported = takes_one_ported_rule(own);
  seen.members = call.members.empty() ? call.ranks : call.members;
  seen.p = static_cast<int>(seen.members.size());
  std::vector<int> comm_rank(own.ranks.size(), no_index);
  for (int i = 0; i < seen.p; ++i) {
    const int world = seen.members[static_cast<std::size_t>(i)];
    if (world >= 0 && world < static_cast<int>(comm_rank.size()))
      comm_rank[static_cast<std::size_t>(world)] = i;
  }
  for (std::size_t i = 0; i < own.messages.size(); ++i) {
    const Message& m = own.messages[i];
    const int round =
        i < rounds.message_round.size() ? rounds.message_round[i] : static_cast<int>(no_index);
    if (m.sender == m.receiver || round == no_index) continue;
    const int from = comm_rank[static_cast<std::size_t>(m.sender)];
    const int to = comm_rank[static_cast<std::size_t>(m.receiver)];
    if (from == no_index || to == no_index) continue;
    seen.messages.push_back({from, to, round, m.bytes});
    seen.rounds = std::max(seen.rounds, round + 1);
  }
  std::sort(seen.messages.begin(), seen.messages.end(), [](const auto& a, const auto& b) {
    return std::tie(a.round, a.from, a.to) < std::tie(b.round, b.from, b.to);
  });
  return seen;
}

namespace {

// Elements of a and b (sorted) that the other lacks, as a multiset; a few kept by `keep`.
template <typename T, typename Keep>
int symmetric_difference(const std::vector<T>& a, const std::vector<T>& b, Keep keep) {
  int count = 0;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i] < b[j])) {
      keep(a[i++], true);
      ++count;
    } else if (i == a.size() || b[j] < a[i]) {
      keep(b[j++], false);
      ++count;
    } else {
      ++i;
      ++j;
    }
  }
  return count;
}

} // namespace

Score compare(const Observed& seen, const schedule::Pattern& pattern) {
  Score s;
  using Timed = std::tuple<int, int, int>;
  std::vector<Timed> a, b;
  for (const auto& m : seen.messages) a.emplace_back(m.round, m.from, m.to);
  for (const auto& m : pattern.messages) b.emplace_back(m.round, m.from, m.to);
  s.timed = symmetric_difference(a, b, [](const Timed&, bool) {});
  s.exact = s.timed == 0;
  const int n = static_cast<int>(a.size());
  s.pattern_messages = static_cast<int>(b.size());
  s.as_in_it = (n + s.pattern_messages - s.timed) / 2; // the common part of the multisets
  struct Edge {
    double bytes = 0.0, size = 0.0;
    bool in_call = false, in_pattern = false;
    int calls = 0, patterns = 0;
  };
  std::map<std::pair<int, int>, Edge> per_edge;
  bool call_empty = true, pattern_empty = true;
  for (const auto& m : seen.messages) {
    Edge& e = per_edge[{m.from, m.to}];
    e.bytes += static_cast<double>(m.bytes);
    e.in_call = true;
    ++e.calls;
    call_empty = call_empty && m.bytes == 0;
  }
  for (const auto& m : pattern.messages) {
    Edge& e = per_edge[{m.from, m.to}];
    e.size += m.size;
    e.in_pattern = true;
    ++e.patterns;
    pattern_empty = pattern_empty && m.size == 0;
  }
  // A barrier's empty messages are not a data collective's, nor the other way round.
  s.data_agrees = call_empty == pattern_empty;
  std::vector<double> ratios;
  for (const auto& [edge, e] : per_edge) {
    s.on_edges += std::min(e.calls, e.patterns);
    if (e.in_call && e.in_pattern && e.size > 0) ratios.push_back(e.bytes / e.size);
    if (e.in_call == e.in_pattern) continue;
    ++s.edges;
    auto& list = e.in_call ? s.extra : s.missing;
    if (list.size() < 3) list.push_back(edge);
  }
  if (!ratios.empty()) {
    std::sort(ratios.begin(), ratios.end());
    s.bytes_per_unit = ratios[ratios.size() / 2];
    s.sizes_agree =
        ratios.front() >= 0.75 * s.bytes_per_unit && ratios.back() <= 1.25 * s.bytes_per_unit;
  }
  if (call_empty || pattern_empty) s.sizes_agree = s.data_agrees;
  s.close = 3 * s.on_edges >= 2 * std::max(n, s.pattern_messages) && s.on_edges > 0;
  s.round_difference = seen.rounds - pattern.rounds;
  return s;
}

std::shared_ptr<const schedule::Pattern> cached_pattern(const schedule::PatternAlgorithm& a,
                                                        const schedule::PatternProblem& q,
                                                        bool one_ported) {
  using Key = std::tuple<const schedule::PatternAlgorithm*, int, int, int, bool>;
  static std::mutex mutex;
  static std::map<Key, std::shared_ptr<const schedule::Pattern>> cache;
  const Key key{&a, q.p, q.root, q.blocks, one_ported};
  {
    const std::lock_guard lock(mutex);
    if (const auto it = cache.find(key); it != cache.end()) return it->second;
  }
  schedule::Pattern pattern = a.make(q);
  if (one_ported) { // numbered as the call is: its one-ported rounds take the step rule's place
    pattern.messages = std::move(pattern.one_ported);
    pattern.rounds = pattern.one_ported_rounds;
    pattern.one_ported.clear();
  }
  auto made = std::make_shared<const schedule::Pattern>(std::move(pattern));
  const std::lock_guard lock(mutex);
  if (cache.size() > 20000) cache.clear(); // bounded: patterns of p ≤ 64 are a few KB each
  return cache.emplace(key, std::move(made)).first->second;
}

namespace {

// A neighbour (halo) exchange, named as one: every rank exchanges with rank ± d for a few
// distances d (or only sends to rank + d: a shift), on a line or a ring — what a 1-D stencil code's
// MPI_Sendrecv to the left and right neighbours sends. It is no collective, so it must not be
// called the ring allgather or the pipeline its one direction looks like.

using HaloEdges = std::set<std::pair<int, int>>;

// The edges of the exchange with rank ± d for d in `distances`, on a ring or a line.
HaloEdges exchange_edges(int p, const std::set<int>& distances, bool periodic) {
  HaloEdges e;
  for (const int d : distances)
    for (int r = 0; r < p; ++r) {
      if (periodic) {
        e.insert({r, (r + d) % p});
        e.insert({r, (r - d + p) % p});
      } else if (r + d < p) {
        e.insert({r, r + d});
        e.insert({r + d, r});
      }
    }
  return e;
}

std::string distances_text(const std::set<int>& distances) {
  std::string text = distances.size() == 1 ? "distance " : "distances ";
  std::size_t i = 0;
  for (const int d : distances) {
    if (i > 0) text += i + 1 == distances.size() ? " and " : ", ";
    text += std::to_string(d);
    ++i;
  }
  return text;
}

std::string repeated_exchange(const Observed& seen, const HaloEdges& edges) {
  std::map<std::pair<int, int>, int> count;
  for (const SeenMessage& m : seen.messages) ++count[{m.from, m.to}];
  std::map<int, int> partners;
  int least = std::numeric_limits<int>::max();
  int most = 0;
  for (const auto& [edge, n] : count) {
    const auto back = count.find({edge.second, edge.first});
    if (back == count.end() || back->second != n) return "";
    least = std::min(least, n);
    most = std::max(most, n);
    ++partners[edge.first];
  }
  int degree = 0;
  for (const auto& [rank, n] : partners) degree = std::max(degree, n);
  if (least < 2 || degree > 6 || edges.size() < 2) return "";
  return "neighbour exchange (halo), up to " + std::to_string(degree) + " neighbour" +
         (degree == 1 ? "" : "s") + " per rank, each pair " +
         (least == most ? std::to_string(least)
                        : std::to_string(least) + "–" + std::to_string(most)) +
         " times each way";
}

} // namespace

std::string halo_name(const Observed& seen) {
  const int p = seen.p;
  if (p < 3 || seen.messages.empty()) return "";
  HaloEdges edges;
  for (const SeenMessage& m : seen.messages) edges.insert({m.from, m.to});
  // Every pair both ways is an all-to-all, not a neighbourhood.
  if (edges.size() >= static_cast<std::size_t>(p) * static_cast<std::size_t>(p - 1)) return "";
  std::set<int> ring, line;
  for (const auto& [from, to] : edges) {
    const int offset = (to - from + p) % p;
    ring.insert(std::min(offset, p - offset));
    line.insert(to > from ? to - from : from - to);
  }
  // A few distances only (a stencil's reach), and both directions of each.
  if (ring.size() <= 3 && exchange_edges(p, ring, true) == edges)
    return "neighbour exchange (halo), 1-D, " + distances_text(ring) + ", periodic";
  if (line.size() <= 3 && exchange_edges(p, line, false) == edges)
    return "neighbour exchange (halo), 1-D, " + distances_text(line) + ", not periodic";
  // The same exchange again and again (a time-stepping code's halo between two collectives, in
  // any number of dimensions): every pair of neighbours exchanges equally often both ways, more
  // than once, with at most 6 neighbours each (a 3-D stencil's faces). A collective sends along
  // an edge once, or (pipelined) one way only, so none fits that; and a pipelined pattern
  // stretched to the message count would otherwise look close.
  if (const std::string repeated = repeated_exchange(seen, edges); !repeated.empty())
    return repeated;
  // One direction only: a shift (MPI_Sendrecv to the right, from the left).
  std::set<int> offsets, signs;
  HaloEdges periodic_shift, line_shift;
  for (const auto& [from, to] : edges) {
    offsets.insert((to - from + p) % p);
    signs.insert(to > from ? 1 : -1);
  }
  for (const int o : offsets) {
    if (offsets.count(p - o)) return ""; // both directions, and not a halo above
    for (int r = 0; r < p; ++r) periodic_shift.insert({r, (r + o) % p});
  }
  if (offsets.size() <= 3 && periodic_shift == edges)
    return "neighbour shift, 1-D, " + distances_text(ring) + ", periodic";
  if (signs.size() != 1 || line.size() > 3) return "";
  for (const int d : line)
    for (int r = 0; r < p; ++r)
      if (const int to = r + *signs.begin() * d; to >= 0 && to < p) line_shift.insert({r, to});
  if (line_shift == edges)
    return "neighbour shift, 1-D, " + distances_text(line) + ", not periodic";
  return "";
}

} // namespace collscope::model
