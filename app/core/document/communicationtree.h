// The communication graph of one collective run as a rooted tree: which rank sent to which,
// how many bytes, in which round, and — for gathers and scatters — the data of each subtree.
// Pure: built from a CollectiveInstance, laid out and painted elsewhere (TreeView, DelaysView).
#pragma once

#include "document/collectiveinstance.h"

#include <QString>
#include <cstdint>
#include <vector>

namespace collscope::app {

struct TreeEdge {
  int parent = -1; ///< ranks in the communicator
  int child = -1;
  bool upward = false;     ///< data flows child → parent (gather, reduce)
  std::uint64_t bytes = 0; ///< all messages of the edge
  int round = 0;           ///< round column of its first message
  std::vector<int> messages;
};

struct TreeNode {
  int parent = -1;                 ///< −1 for the root and for ranks without messages
  int depth = 0;                   ///< edges from the root; −1 for ranks without messages
  int edge = -1;                   ///< index of the edge to the parent
  std::vector<int> children;       ///< in the order of their edges' rounds
  std::int64_t ownBytes = -1;      ///< own block: metadata, or what the edges imply; −1 unknown
  std::uint64_t subtreeBytes = 0;  ///< the data its parent edge carries (0 for the root)
  std::uint64_t incomingBytes = 0; ///< bytes this rank receives in the run
};

class CommunicationTree {
public:
  /// The tree of the run's messages, or of those sent in phase `phase` only ("data": the
  /// irregular trees' construction phase exchanges sizes, which is no tree).
  static CommunicationTree build(const CollectiveInstance& instance, const QString& phase = {});
  /// The phase the tree was built from, or empty for all messages.
  QString phase() const { return m_phase; }

  /// False if the messages do not form a tree; reason() then says why in one sentence.
  bool isTree() const { return m_isTree; }
  QString reason() const { return m_reason; }
  int root() const { return m_root; }
  int depth() const { return m_depth; }
  /// Data flows towards the root (gather, gatherv, reduce) rather than away from it.
  bool upward() const { return m_upward; }
  const std::vector<TreeNode>& nodes() const { return m_nodes; }
  const std::vector<TreeEdge>& edges() const { return m_edges; }
  /// Ranks that neither sent nor received (zero blocks that were not sent, p = 1).
  bool participates(int rank) const { return m_nodes[static_cast<std::size_t>(rank)].depth >= 0; }

private:
  bool m_isTree = false;
  QString m_phase;
  QString m_reason;
  int m_root = -1;
  int m_depth = 0;
  bool m_upward = false;
  std::vector<TreeNode> m_nodes;
  std::vector<TreeEdge> m_edges;
};

} // namespace collscope::app
