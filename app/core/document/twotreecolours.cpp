#include "document/twotreecolours.h"

#include <algorithm>
#include <unordered_map>

namespace collscope::app {

namespace {

/// The one child of `rank` in `tree`, or −1 if it has none or several.
int onlyChild(const CommunicationTree& tree, int rank) {
  const auto& children = tree.nodes()[static_cast<std::size_t>(rank)].children;
  return children.size() == 1 ? children.front() : -1;
}

} // namespace

TwoTreeColours twoTreeColours(const CollectiveInstance& instance, const CommunicationTree& first,
                              const CommunicationTree& second) {
  TwoTreeColours result;
  const CommunicationTree* trees[2] = {&first, &second};
  for (int side = 0; side < 2; ++side) result.colours[side].assign(trees[side]->edges().size(), -1);
  if (!first.isTree() || !second.isTree() || first.root() != second.root() || first.root() < 0)
    return result;
  // The relay: the root's only child in both trees (the trees' own roots always differ). At
  // p = 2 it is the only other rank and there are no trees below it to colour.
  const int a = onlyChild(first, first.root());
  if (a >= 0 && a == onlyChild(second, second.root())) result.relay = a;

  std::unordered_map<int, int> numberOf; // trace message → its round number
  for (const InstanceMessage& m : instance.messages())
    numberOf[m.message] = instance.roundLabel(m.round).toInt();
  // A reduction's last tree round mirrors the broadcast's first (a forward to a root other
  // than rank 0 may follow in rounds of its own).
  int last = 0;
  for (const CommunicationTree* tree : trees)
    for (const TreeEdge& edge : tree->edges())
      for (int m : edge.messages)
        if (const auto it = numberOf.find(m); it != numberOf.end())
          last = std::max(last, it->second);
  const int shift = result.relay >= 0 ? 1 : 0;
  for (int side = 0; side < 2; ++side) {
    const CommunicationTree& tree = *trees[side];
    for (std::size_t e = 0; e < tree.edges().size(); ++e) {
      const TreeEdge& edge = tree.edges()[e];
      if (edge.child == result.relay || edge.messages.empty()) continue;
      int parity = -1;
      for (int m : edge.messages) {
        const auto it = numberOf.find(m);
        if (it == numberOf.end()) {
          parity = -2;
          break;
        }
        const int number = tree.upward() ? last - it->second : it->second;
        const int own = ((number - shift) % 2 + 2) % 2;
        if (parity == -1)
          parity = own;
        else if (parity != own)
          parity = -2;
      }
      if (parity >= 0) result.colours[side][e] = 1 - parity;
    }
  }
  return result;
}

} // namespace collscope::app
