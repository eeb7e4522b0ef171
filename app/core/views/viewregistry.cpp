#include "views/viewregistry.h"

#include "views/circulantview.h"
#include "views/dataview.h"
#include "views/delaysview.h"
#include "views/hypercubeview.h"
#include "views/spacetimeview.h"
#include "views/treeview.h"

namespace collscope::app {

namespace {

// Explicit, not static-initialiser registration: a static library drops unreferenced objects.
void registerBuiltinViews(ViewRegistry& registry) {
  registry.add(
      {QStringLiteral("timeline"), QStringLiteral("Space-time diagram"),
       [](const ViewContext& context) { return std::make_unique<SpaceTimeView>(context); }});
  registry.add({QStringLiteral("tree"), QStringLiteral("Tree"),
                [](const ViewContext& context) { return std::make_unique<TreeView>(context); }});
  registry.add(
      {QStringLiteral("circulant"), QStringLiteral("Circulant pattern"),
       [](const ViewContext& context) { return std::make_unique<CirculantView>(context); }});
  registry.add({QStringLiteral("data"), QStringLiteral("Data by origin"),
                [](const ViewContext& context) { return std::make_unique<DataView>(context); }});
  registry.add({QStringLiteral("delays"), QStringLiteral("Gather delays"),
                [](const ViewContext& context) { return std::make_unique<DelaysView>(context); }});
  registry.add(
      {QStringLiteral("hypercube"), QStringLiteral("Hypercube"),
       [](const ViewContext& context) { return std::make_unique<HypercubeView>(context); }});
}

} // namespace

ViewRegistry& ViewRegistry::instance() {
  static ViewRegistry registry = [] {
    ViewRegistry r;
    registerBuiltinViews(r);
    return r;
  }();
  return registry;
}

void ViewRegistry::add(ViewInfo info) {
  m_views.push_back(std::move(info));
}

const ViewInfo* ViewRegistry::find(const QString& name) const {
  for (const ViewInfo& info : m_views)
    if (info.name == name) return &info;
  return nullptr;
}

QStringList ViewRegistry::names() const {
  QStringList names;
  for (const ViewInfo& info : m_views) names << info.name;
  return names;
}

} // namespace collscope::app
