// The command line of `collscope`: the window with an optional TRACE, or a headless export
//   collscope --export OUT.png|OUT.svg [--view NAME] [--time T | --round K] [--size WxH]
//             [--axis time|rounds|annotated] TRACE [TRACE2]
// with --call N / --region NAME for TRACE and --call2 N / --region2 NAME for TRACE2,
// and, for both, a node layout to look at the trace with:
//   [--ranks-per-node N [--placement consecutive|round-robin] | --nodes N,N,...]
// Parsed without side effects so that every mistake is tested and gets one clear line.
#pragma once

#include "geometry/traceclock.h"

#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace collscope::app {

class TraceDocument;

/// A node layout given on the command line (the trace's own is used without one).
struct NodeOptions {
  std::optional<int> ranksPerNode;
  bool roundRobin = false;
  QString sizes; ///< --nodes 3,3,2
  bool given() const { return ranksPerNode || !sizes.isEmpty(); }
};

/// Sets the layout on `document`; an error line if it does not fit the trace (empty if fine).
QString applyNodeOptions(const NodeOptions& options, TraceDocument& document);

/// `--call N` or `--region NAME`: one call of the trace instead of the whole of it
/// (`--call2`/`--region2` for the second trace of a comparison).
struct CallOption {
  QString selector;
  bool byRegion = false;
  bool second = false; ///< names TRACE2: the options are --call2 and --region2
  bool given() const { return !selector.isEmpty(); }
  /// The option as the user typed it: --call, --region, --call2 or --region2.
  QString flag() const;
};

/// The call `option` names in the whole trace's `document` (−1 when none is given), or −2 with
/// `error` set to one line ("--call 9: no call 9: the trace has 4 calls (0 … 3)").
int findCall(const CallOption& option, const TraceDocument& document, QString& error);

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

struct CommandLine {
  bool help = false;
  bool exportMode = false;
  ExportOptions options;
  QString trace;  ///< window mode: the trace to open, may be empty
  QString second; ///< window mode: a second trace to compare `trace` with
  QString error;  ///< one line; empty when the command line is fine
};

/// `arguments` without the program name.
CommandLine parseCommandLine(const QStringList& arguments);
QString usage();

} // namespace collscope::app
