// Graphviz (libgvc, in-process) lays out the tree views: `dot`, top to bottom, children in the
// order given. libgvc is not thread-safe and parses numbers with the C library's locale, so
// every call holds one mutex and runs with LC_NUMERIC = "C".
#pragma once

#include <QPointF>
#include <QRectF>
#include <QString>
#include <utility>
#include <vector>

namespace collscope::app {

struct TreeLayoutInput {
  int nodes = 0;
  /// (parent, child); each parent's children in the order they should appear left to right.
  std::vector<std::pair<int, int>> edges;
  double nodeWidth = 72.0; ///< points (1/72 inch), as Graphviz measures
  double nodeHeight = 40.0;
};

struct TreeLayout {
  std::vector<QPointF> centers; ///< per node, y growing downwards (Qt's direction)
  QRectF bounds;                ///< of every node box, in the same points
  QString error;                ///< one line if Graphviz failed; centers are then empty
};

TreeLayout layoutTree(const TreeLayoutInput& input);

} // namespace collscope::app
