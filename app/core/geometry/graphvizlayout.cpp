#include "geometry/graphvizlayout.h"

#include <clocale>
#include <graphviz/gvc.h>
#include <mutex>
#include <string>

namespace collscope::app {

namespace {

std::mutex& graphvizMutex() {
  static std::mutex mutex;
  return mutex;
}

/// LC_NUMERIC = "C" for the lifetime of the object (Qt applications adopt the user's locale,
/// in which Graphviz would read "0,5" for its own "0.5").
class NumericLocaleC {
public:
  NumericLocaleC() {
    const char* current = std::setlocale(LC_NUMERIC, nullptr);
    m_saved = current != nullptr ? current : "C";
    std::setlocale(LC_NUMERIC, "C");
  }
  ~NumericLocaleC() { std::setlocale(LC_NUMERIC, m_saved.c_str()); }
  NumericLocaleC(const NumericLocaleC&) = delete;
  NumericLocaleC& operator=(const NumericLocaleC&) = delete;

private:
  std::string m_saved;
};

/// One context for the process, made on first use (loading the plugins takes milliseconds).
GVC_t* context() {
  static GVC_t* gvc = gvContext();
  return gvc;
}

void set(void* object, const char* name, const std::string& value) {
  agsafeset(object, const_cast<char*>(name), const_cast<char*>(value.c_str()),
            const_cast<char*>(""));
}

} // namespace

TreeLayout layoutTree(const TreeLayoutInput& input) {
  TreeLayout result;
  if (input.nodes <= 0) return result;
  const std::lock_guard<std::mutex> lock(graphvizMutex());
  const NumericLocaleC locale;
  GVC_t* gvc = context();
  if (gvc == nullptr) {
    result.error = QStringLiteral("Graphviz could not be initialised");
    return result;
  }
  Agraph_t* graph = agopen(const_cast<char*>("tree"), Agdirected, nullptr);
  set(graph, "rankdir", "TB");
  set(graph, "ordering", "out");
  set(graph, "nodesep", "0.25");
  set(graph, "ranksep", "0.55");
  std::vector<Agnode_t*> nodes(static_cast<std::size_t>(input.nodes));
  const std::string width = std::to_string(input.nodeWidth / 72.0);
  const std::string height = std::to_string(input.nodeHeight / 72.0);
  for (int i = 0; i < input.nodes; ++i) {
    Agnode_t* node = agnode(graph, const_cast<char*>(std::to_string(i).c_str()), 1);
    set(node, "shape", "box");
    set(node, "fixedsize", "true");
    set(node, "width", width);
    set(node, "height", height);
    set(node, "label", "");
    nodes[static_cast<std::size_t>(i)] = node;
  }
  for (const auto& [parent, child] : input.edges)
    agedge(graph, nodes[static_cast<std::size_t>(parent)], nodes[static_cast<std::size_t>(child)],
           nullptr, 1);
  if (gvLayout(gvc, graph, "dot") != 0) {
    agclose(graph);
    result.error = QStringLiteral("Graphviz could not lay out the tree (is the dot layout "
                                  "plugin installed?)");
    return result;
  }
  const boxf box = GD_bb(graph);
  for (Agnode_t* node : nodes) {
    const pointf c = ND_coord(node);
    result.centers.emplace_back(c.x, box.UR.y - c.y); // Graphviz's y grows upwards
  }
  result.bounds = QRectF(QPointF(box.LL.x, 0.0), QPointF(box.UR.x, box.UR.y - box.LL.y));
  gvFreeLayout(gvc, graph);
  agclose(graph);
  return result;
}

} // namespace collscope::app
