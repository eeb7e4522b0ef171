// What a headless export renders (`collscope view --export OUT …`, cli/commandline.h parses
// it): which view of which trace, where the cursor stands, at what size, on which axis, and how
// the trace is looked at (document/traceoptions.h).
#pragma once

#include "document/traceclock.h"
#include "document/traceoptions.h"

#include <QSize>
#include <QString>
#include <optional>

namespace collscope::app {

struct ExportOptions {
  QString output;
  QString view = QStringLiteral("timeline");
  QString trace;
  /// A second trace: both are drawn stacked on one axis (`collscope --export OUT A B`).
  QString second;
  CallOption call;                   ///< applies to `trace`
  CallOption call2{{}, false, true}; ///< applies to `second`
  std::optional<double> time;        ///< seconds since trace start (two traces: each one's start)
  std::optional<int> round;          ///< as the x axis numbers rounds
  QSize size{1920, 1080};
  AxisMode axis = AxisMode::time;
  NodeOptions nodes;
};

} // namespace collscope::app
