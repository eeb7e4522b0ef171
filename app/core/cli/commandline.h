// The command line of `collscope view` (the app): the window with an optional TRACE, or a
// headless export
//   collscope view --export OUT.png|OUT.svg [--view NAME] [--time T | --round K] [--size WxH]
//                  [--axis time|rounds|annotated] TRACE [TRACE2]
// with --call N / --region NAME for TRACE and --call2 N / --region2 NAME for TRACE2,
// and, for both, a node layout to look at the trace with:
//   [--ranks-per-node N [--placement consecutive|round-robin] | --nodes N,N,...]
// Parsed with CLI11 as every collscope command is (collscope/cli/command.hpp), without side
// effects, so that every mistake is tested and gets one clear line; main() prints and exits.
#pragma once

#include "export/exportoptions.h"

#include <QString>
#include <QStringList>

namespace collscope::app {

struct CommandLine {
  bool help = false;
  bool version = false;
  bool exportMode = false;
  ExportOptions options;
  QString trace;  ///< window mode: the trace to open, may be empty
  QString second; ///< window mode: a second trace to compare `trace` with
  QString error;  ///< one line; empty when the command line is fine
};

/// `arguments` without the program name.
CommandLine parseCommandLine(const QStringList& arguments);
/// The full usage (`--help`).
QString usage();
/// "collscope view 0.1" (`--version`): the project's version.
QString versionLine();

} // namespace collscope::app
