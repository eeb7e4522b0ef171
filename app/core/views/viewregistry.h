// The views the app offers, by name: the window makes a tab of each, `--export --view NAME`
// looks them up here. New views register in registerBuiltinViews() (viewregistry.cpp).
#pragma once

#include "views/traceview.h"

#include <QStringList>
#include <functional>
#include <memory>
#include <vector>

namespace collscope::app {

struct ViewInfo {
  QString name;  ///< "timeline"
  QString title; ///< "Space-time diagram"
  std::function<std::unique_ptr<TraceView>(const ViewContext&)> create;
};

class ViewRegistry {
public:
  /// The registry with the built-in views.
  static ViewRegistry& instance();

  void add(ViewInfo info);
  const std::vector<ViewInfo>& views() const { return m_views; }
  const ViewInfo* find(const QString& name) const;
  QStringList names() const;

private:
  std::vector<ViewInfo> m_views;
};

} // namespace collscope::app
