#include "collscope/model/communication_tree.hpp"

#include <algorithm>
#include <set>

namespace collscope::model {

namespace {

// Reads `toward` (per rank, the one rank it has an edge to, or no_index) as a forest and
// accepts it when exactly one rank of `active` has none and every other reaches it.
bool as_tree(const std::vector<int>& toward, const std::vector<bool>& active,
             CommunicationTree& tree) {
  const int n = static_cast<int>(toward.size());
  int root = no_index;
  for (int r = 0; r < n; ++r)
    if (active[r] && toward[r] == no_index) {
      if (root != no_index) return false;
      root = r;
    }
  if (root == no_index) return false;
  std::vector<int> level(n, no_index);
  level[root] = 0;
  for (int r = 0; r < n; ++r) {
    if (!active[r]) continue;
    std::vector<int> path;
    int at = r;
    while (level[at] == no_index) {
      if (static_cast<int>(path.size()) > n) return false; // a cycle
      path.push_back(at);
      at = toward[at];
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) level[*it] = level[toward[*it]] + 1;
  }
  tree.is_tree = true;
  tree.root = root;
  tree.parent = toward;
  tree.level = level;
  tree.depth = *std::max_element(level.begin(), level.end());
  return true;
}

std::string list(const std::set<int>& ranks) {
  std::string text;
  for (const int r : ranks) text += (text.empty() ? "" : ", ") + std::to_string(r);
  return text;
}

} // namespace

CommunicationTree communication_tree(const Trace& trace) {
  CommunicationTree tree;
  const int n = static_cast<int>(trace.ranks.size());
  std::vector<std::set<int>> senders(n), receivers(n);
  std::vector<bool> active(n, false);
  for (const Message& m : trace.messages) {
    if (m.sender == m.receiver || m.sender < 0 || m.receiver < 0) continue;
    senders[m.receiver].insert(m.sender);
    receivers[m.sender].insert(m.receiver);
    active[m.sender] = active[m.receiver] = true;
  }
  tree.parent.assign(n, no_index);
  tree.level.assign(n, no_index);
  if (std::find(active.begin(), active.end(), true) == active.end()) {
    tree.reason = "no messages between ranks";
    return tree;
  }
  const auto one_each = [&](const std::vector<std::set<int>>& edges, std::vector<int>& toward) {
    toward.assign(n, no_index);
    for (int r = 0; r < n; ++r) {
      if (edges[r].size() > 1) return false;
      if (!edges[r].empty()) toward[r] = *edges[r].begin();
    }
    return true;
  };
  std::vector<int> toward;
  if (one_each(senders, toward) && as_tree(toward, active, tree)) return tree;
  if (one_each(receivers, toward) && as_tree(toward, active, tree)) {
    tree.upward = true;
    return tree;
  }
  for (int r = 0; r < n; ++r)
    for (const int s : senders[r])
      if (senders[s].count(r)) {
        tree.reason = "ranks " + std::to_string(std::min(r, s)) + " and " +
                      std::to_string(std::max(r, s)) + " send to each other";
        return tree;
      }
  for (int r = 0; r < n; ++r)
    if (senders[r].size() > 1 && receivers[r].size() > 1) {
      tree.reason = "rank " + std::to_string(r) + " receives from ranks " + list(senders[r]) +
                    " and sends to ranks " + list(receivers[r]);
      return tree;
    }
  tree.reason = "the messages do not reach every rank from one root";
  return tree;
}

} // namespace collscope::model
