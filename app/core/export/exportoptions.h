// The command line of `collscope`: the window with an optional TRACE, or a headless export
//   collscope --export OUT.png|OUT.svg [--view NAME] [--time T | --round K] [--size WxH]
//             [--axis time|rounds|annotated] TRACE
// Parsed without side effects so that every mistake is tested and gets one clear line.
#pragma once

#include "geometry/traceclock.h"

#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace collscope::app {

struct ExportOptions {
  QString output;
  QString view = QStringLiteral("timeline");
  QString trace;
  std::optional<double> time; ///< seconds since trace start
  std::optional<int> round;   ///< as the x axis numbers rounds
  QSize size{1920, 1080};
  AxisMode axis = AxisMode::time;
};

struct CommandLine {
  bool help = false;
  bool exportMode = false;
  ExportOptions options;
  QString trace; ///< window mode: the trace to open, may be empty
  QString error; ///< one line; empty when the command line is fine
};

/// `arguments` without the program name.
CommandLine parseCommandLine(const QStringList& arguments);
QString usage();

} // namespace collscope::app
