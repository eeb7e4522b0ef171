// The one-ported rule (one_ported_oracle.hpp), placed greedily: a priority queue of ready sends,
// each put in the first round from its ready round where neither its sender sends nor its
// receiver receives.
#include "one_ported_oracle.hpp"

#include <algorithm>
#include <map>
#include <queue>
#include <tuple>
#include <utility>

namespace collscope::ompi_rounds {

void Program::send(int from, int to) {
  if (from != to) ranks[static_cast<std::size_t>(from)].push_back({true, to});
}

void Program::recv(int at, int from) {
  if (at != from) ranks[static_cast<std::size_t>(at)].push_back({false, from});
}

void Program::sendrecv(int rank, int to, int from) {
  if (to == rank && from == rank) return;
  send(rank, to);
  recv(rank, from);
}

void Program::append(const Program& other) {
  for (std::size_t r = 0; r < ranks.size(); ++r)
    ranks[r].insert(ranks[r].end(), other.ranks[r].begin(), other.ranks[r].end());
}

namespace {

struct Placed {
  std::vector<bool> used;
  bool taken(int round) const {
    return round < static_cast<int>(used.size()) && used[static_cast<std::size_t>(round)];
  }
  void take(int round) {
    if (round >= static_cast<int>(used.size())) used.resize(static_cast<std::size_t>(round) + 1);
    used[static_cast<std::size_t>(round)] = true;
  }
};

} // namespace

OracleRounds one_ported_rounds(const Program& program) {
  const int p = program.size();
  // Match: the k-th send s→r is the k-th receive at r from s. message_of[rank][event].
  std::map<std::pair<int, int>, std::vector<int>> sends, recvs;
  std::vector<std::vector<int>> message_of(static_cast<std::size_t>(p));
  std::vector<std::pair<int, int>> ends; // per message: sender, receiver
  std::vector<int> received_at;          // per message: the receive's index at the receiver
  for (int r = 0; r < p; ++r) {
    const auto& events = program.ranks[static_cast<std::size_t>(r)];
    message_of[static_cast<std::size_t>(r)].assign(events.size(), -1);
    for (std::size_t i = 0; i < events.size(); ++i) {
      const Event& e = events[i];
      if (e.send) {
        message_of[static_cast<std::size_t>(r)][i] = static_cast<int>(ends.size());
        ends.emplace_back(r, e.peer);
        received_at.push_back(1 << 30);
        sends[{r, e.peer}].push_back(message_of[static_cast<std::size_t>(r)][i]);
      } else {
        recvs[{e.peer, r}].push_back(static_cast<int>(i));
      }
    }
  }
  OracleRounds out;
  out.messages = static_cast<int>(ends.size());
  for (const auto& [pair, list] : sends) {
    const auto it = recvs.find(pair);
    const std::size_t n = it == recvs.end() ? 0 : it->second.size();
    if (n != list.size()) out.matched = false;
    for (std::size_t k = 0; k < std::min(n, list.size()); ++k) {
      message_of[static_cast<std::size_t>(pair.second)][static_cast<std::size_t>(it->second[k])] =
          list[k];
      received_at[static_cast<std::size_t>(list[k])] = it->second[k];
    }
  }
  for (const auto& [pair, list] : recvs)
    if (!sends.contains(pair)) out.matched = false;

  std::vector<int> round(ends.size(), -1);
  std::vector<Placed> sending(static_cast<std::size_t>(p)), receiving(static_cast<std::size_t>(p));
  std::vector<std::size_t> at(static_cast<std::size_t>(p), 0);
  std::vector<int> after(static_cast<std::size_t>(p), -1);
  // ready round, the send's index at the sender, the receive's index at the receiver, sender,
  // message
  using Ready = std::tuple<int, int, int, int, int>;
  std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;
  const auto advance = [&](int r) {
    const auto& events = program.ranks[static_cast<std::size_t>(r)];
    std::size_t& i = at[static_cast<std::size_t>(r)];
    for (; i < events.size(); ++i) {
      const int m = message_of[static_cast<std::size_t>(r)][i];
      if (events[i].send) {
        ready.emplace(after[static_cast<std::size_t>(r)] + 1, static_cast<int>(i),
                      received_at[static_cast<std::size_t>(m)], r, m);
        continue;
      }
      if (m < 0 || round[static_cast<std::size_t>(m)] < 0) return; // unmatched or not yet placed
      after[static_cast<std::size_t>(r)] =
          std::max(after[static_cast<std::size_t>(r)], round[static_cast<std::size_t>(m)]);
    }
  };
  for (int r = 0; r < p; ++r) advance(r);
  int placed = 0;
  while (!ready.empty()) {
    auto [from, position, receive_position, sender, m] = ready.top();
    ready.pop();
    (void)position;
    (void)receive_position;
    const int receiver = ends[static_cast<std::size_t>(m)].second;
    Placed& out_of = sending[static_cast<std::size_t>(sender)];
    Placed& into = receiving[static_cast<std::size_t>(receiver)];
    int r = from;
    while (out_of.taken(r) || into.taken(r)) ++r;
    out_of.take(r);
    into.take(r);
    round[static_cast<std::size_t>(m)] = r;
    out.rounds = std::max(out.rounds, r + 1);
    ++placed;
    advance(receiver);
  }
  out.consistent = placed == out.messages;
  return out;
}

} // namespace collscope::ompi_rounds
