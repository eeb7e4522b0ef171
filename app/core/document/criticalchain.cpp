#include "document/criticalchain.h"

#include <algorithm>
#include <unordered_map>

namespace collscope::app {

std::vector<int> criticalChain(const model::Trace& trace, const std::vector<int>& messages) {
  if (messages.empty()) return {};
  const auto message = [&](int m) -> const model::Message& {
    return trace.messages[static_cast<std::size_t>(m)];
  };
  // Per receiver, its messages by completion time.
  std::unordered_map<int, std::vector<int>> received;
  for (int m : messages) received[message(m).receiver].push_back(m);
  for (auto& [rank, list] : received)
    std::sort(list.begin(), list.end(),
              [&](int a, int b) { return message(a).recv_time < message(b).recv_time; });
  int last = messages.front();
  for (int m : messages)
    if (message(m).recv_time > message(last).recv_time) last = m;
  std::vector<int> chain{last};
  for (std::size_t guard = 0; guard < messages.size(); ++guard) {
    const model::Message& current = message(chain.back());
    const auto it = received.find(current.sender);
    if (it == received.end()) break;
    const std::vector<int>& list = it->second;
    // The latest receive that completed no later than the send started.
    const auto after =
        std::upper_bound(list.begin(), list.end(), current.send_time,
                         [&](double time, int m) { return time < message(m).recv_time; });
    if (after == list.begin()) break;
    chain.push_back(*(after - 1));
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

std::vector<int> criticalChains(const model::Trace& trace) {
  std::vector<std::vector<int>> runs(std::max<std::size_t>(1, trace.algorithms.size()));
  for (std::size_t m = 0; m < trace.messages.size(); ++m) {
    const model::Message& message = trace.messages[m];
    std::size_t run = 0;
    if (!trace.algorithms.empty()) {
      if (message.send_op < 0) continue;
      const model::Rank& rank = trace.ranks[static_cast<std::size_t>(message.sender)];
      const int region = rank.operations[static_cast<std::size_t>(message.send_op)].region;
      if (region < 0) continue;
      const int instance = rank.regions[static_cast<std::size_t>(region)].instance;
      if (instance < 0) continue;
      run = static_cast<std::size_t>(instance);
    }
    runs[run].push_back(static_cast<int>(m));
  }
  std::vector<int> all;
  for (const auto& run : runs) {
    const std::vector<int> chain = criticalChain(trace, run);
    all.insert(all.end(), chain.begin(), chain.end());
  }
  return all;
}

} // namespace collscope::app
