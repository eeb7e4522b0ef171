// How a trace is looked at, as the command line (cli/commandline.h) gives it for the window and
// for exports: a node layout of one's own instead of the trace's, and one call of the trace
// instead of the whole of it.
#pragma once

#include <QString>
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

} // namespace collscope::app
