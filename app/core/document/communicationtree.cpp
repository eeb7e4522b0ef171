#include "document/communicationtree.h"

#include <algorithm>
#include <deque>
#include <map>
#include <utility>

namespace collscope::app {

namespace {

struct PairTraffic {
  std::vector<int> forward;  ///< messages low → high (indices into instance.messages())
  std::vector<int> backward; ///< messages high → low
};

} // namespace

CommunicationTree CommunicationTree::build(const CollectiveInstance& instance,
                                           const QString& phase) {
  CommunicationTree tree;
  tree.m_phase = phase;
  const int p = instance.size();
  tree.m_nodes.assign(static_cast<std::size_t>(p), TreeNode{});
  std::vector<InstanceMessage> messages;
  for (const InstanceMessage& m : instance.messages())
    if (phase.isEmpty() || m.phase == phase) messages.push_back(m);

  std::map<std::pair<int, int>, PairTraffic> pairs;
  std::vector<int> in(static_cast<std::size_t>(p), 0);
  std::vector<int> out(static_cast<std::size_t>(p), 0);
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const InstanceMessage& m = messages[i];
    if (m.sender == m.receiver) continue;
    auto& traffic = pairs[{std::min(m.sender, m.receiver), std::max(m.sender, m.receiver)}];
    (m.sender < m.receiver ? traffic.forward : traffic.backward).push_back(static_cast<int>(i));
    ++out[static_cast<std::size_t>(m.sender)];
    ++in[static_cast<std::size_t>(m.receiver)];
  }
  std::vector<std::vector<int>> neighbours(static_cast<std::size_t>(p));
  for (const auto& [pair, traffic] : pairs) {
    if (!traffic.forward.empty() && !traffic.backward.empty()) {
      tree.m_reason = QStringLiteral("ranks %1 and %2 send to each other, so the messages form no "
                                     "tree: every rank both sends and receives (an exchange "
                                     "pattern).")
                          .arg(pair.first)
                          .arg(pair.second);
      return tree;
    }
    neighbours[static_cast<std::size_t>(pair.first)].push_back(pair.second);
    neighbours[static_cast<std::size_t>(pair.second)].push_back(pair.first);
  }
  std::vector<int> participants;
  for (int r = 0; r < p; ++r)
    if (!neighbours[static_cast<std::size_t>(r)].empty()) participants.push_back(r);

  // The root: as the metadata says, else the single source (broadcast-like) or sink.
  int root = instance.root();
  if (root < 0 && p == 1) root = 0;
  if (root < 0) {
    std::vector<int> sources;
    std::vector<int> sinks;
    for (int r : participants) {
      if (in[static_cast<std::size_t>(r)] == 0) sources.push_back(r);
      if (out[static_cast<std::size_t>(r)] == 0) sinks.push_back(r);
    }
    if (sources.size() == 1)
      root = sources[0];
    else if (sinks.size() == 1)
      root = sinks[0];
  }
  if (root < 0) {
    tree.m_reason = participants.empty()
                        ? QStringLiteral("the run sent no messages.")
                        : QStringLiteral("no single rank is where all data starts or ends, so "
                                         "the messages form no rooted tree.");
    return tree;
  }
  if (p > 1 && neighbours[static_cast<std::size_t>(root)].empty()) {
    tree.m_reason = participants.empty()
                        ? QStringLiteral("the run sent no messages.")
                        : QStringLiteral("the root %1 neither sends nor receives.").arg(root);
    return tree;
  }
  if (p > 1 && pairs.size() != participants.size() - 1) {
    tree.m_reason = QStringLiteral("%1 ranks talk over %2 links; a tree has %3, so the messages "
                                   "form a graph with cycles.")
                        .arg(participants.size())
                        .arg(pairs.size())
                        .arg(participants.size() - 1);
    return tree;
  }

  // Breadth first from the root: parents, depths, edges.
  for (TreeNode& node : tree.m_nodes) node.depth = -1;
  tree.m_nodes[static_cast<std::size_t>(root)].depth = 0;
  std::deque<int> queue{root};
  std::size_t reached = 0;
  int upward = 0;
  while (!queue.empty()) {
    const int parent = queue.front();
    queue.pop_front();
    ++reached;
    for (int child : neighbours[static_cast<std::size_t>(parent)]) {
      TreeNode& node = tree.m_nodes[static_cast<std::size_t>(child)];
      if (node.depth >= 0) continue;
      node.depth = tree.m_nodes[static_cast<std::size_t>(parent)].depth + 1;
      node.parent = parent;
      tree.m_depth = std::max(tree.m_depth, node.depth);
      TreeEdge edge;
      edge.parent = parent;
      edge.child = child;
      const PairTraffic& traffic = pairs[{std::min(parent, child), std::max(parent, child)}];
      const std::vector<int>& carried =
          traffic.forward.empty() ? traffic.backward : traffic.forward;
      edge.upward = messages[static_cast<std::size_t>(carried.front())].sender == child;
      edge.round = messages[static_cast<std::size_t>(carried.front())].round;
      for (int i : carried) {
        edge.bytes += messages[static_cast<std::size_t>(i)].bytes;
        edge.round = std::min(edge.round, messages[static_cast<std::size_t>(i)].round);
        edge.messages.push_back(messages[static_cast<std::size_t>(i)].message);
      }
      upward += edge.upward ? 1 : 0;
      node.edge = static_cast<int>(tree.m_edges.size());
      tree.m_edges.push_back(std::move(edge));
      queue.push_back(child);
    }
  }
  if (p > 1 && reached != participants.size()) {
    tree.m_reason = QStringLiteral("the messages form several separate groups, not one tree.");
    return tree;
  }
  tree.m_upward = upward * 2 > static_cast<int>(tree.m_edges.size());
  for (const InstanceMessage& m : messages)
    tree.m_nodes[static_cast<std::size_t>(m.receiver)].incomingBytes += m.bytes;
  for (std::size_t e = 0; e < tree.m_edges.size(); ++e) {
    const TreeEdge& edge = tree.m_edges[e];
    tree.m_nodes[static_cast<std::size_t>(edge.child)].subtreeBytes = edge.bytes;
    tree.m_nodes[static_cast<std::size_t>(edge.parent)].children.push_back(edge.child);
  }
  // Own blocks: the metadata's, else (gathers, scatters) the parent edge minus the children's.
  const QString collective = instance.collective();
  // Without metadata (an unannotated program) only a tree whose data flows to the root is
  // read as a gather.
  const bool blockwise = collective.isEmpty() ? tree.m_upward
                                              : !collective.startsWith(QLatin1String("bcast")) &&
                                                    !collective.startsWith(QLatin1String("reduce"));
  for (int r = 0; r < p; ++r) {
    TreeNode& node = tree.m_nodes[static_cast<std::size_t>(r)];
    std::sort(node.children.begin(), node.children.end(), [&](int a, int b) {
      const int ra =
          tree.m_edges[static_cast<std::size_t>(tree.m_nodes[static_cast<std::size_t>(a)].edge)]
              .round;
      const int rb =
          tree.m_edges[static_cast<std::size_t>(tree.m_nodes[static_cast<std::size_t>(b)].edge)]
              .round;
      return ra != rb ? ra < rb : a < b;
    });
    node.ownBytes = instance.ownBytes(r);
    if (node.ownBytes < 0 && blockwise && node.parent >= 0) {
      auto own = static_cast<std::int64_t>(node.subtreeBytes);
      for (int child : node.children)
        own -=
            static_cast<std::int64_t>(tree.m_nodes[static_cast<std::size_t>(child)].subtreeBytes);
      node.ownBytes = own >= 0 ? own : -1;
    }
  }
  tree.m_isTree = true;
  tree.m_root = root;
  return tree;
}

} // namespace collscope::app
