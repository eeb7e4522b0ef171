#include "document/traceoptions.h"

#include "collscope/model/calls.hpp"
#include "collscope/model/nodes.hpp"
#include "document/tracedocument.h"

namespace collscope::app {

QString CallOption::flag() const {
  return QStringLiteral("--%1%2").arg(byRegion ? QStringLiteral("region") : QStringLiteral("call"),
                                      second ? QStringLiteral("2") : QString());
}

int findCall(const CallOption& option, const TraceDocument& document, QString& error) {
  if (!option.given()) return -1;
  std::string why;
  const model::Call* call =
      model::find_call(document.calls().calls, option.selector.toStdString(), option.byRegion, why);
  if (call == nullptr) {
    // The model's line names the option (as --call) when the number itself is malformed.
    error = QString::fromStdString(why);
    if (error.startsWith(QStringLiteral("--call ")))
      error.replace(0, 6, option.flag());
    else if (!error.startsWith(QStringLiteral("--")))
      error = QStringLiteral("%1 %2: %3").arg(option.flag(), option.selector, error);
    return -2;
  }
  return call->index;
}

QString applyNodeOptions(const NodeOptions& options, TraceDocument& document) {
  if (!options.given()) return {};
  try {
    document.setNodeLayout(
        options.ranksPerNode
            ? model::layout_ranks_per_node(document.rankCount(), *options.ranksPerNode,
                                           options.roundRobin)
            : model::layout_node_sizes(document.rankCount(), options.sizes.toStdString()));
  } catch (const model::LayoutError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

} // namespace collscope::app
