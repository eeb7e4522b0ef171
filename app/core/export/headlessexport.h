// `collscope --export …`: load, place the cursor, render one view to PNG/SVG, no window.
#pragma once

#include "export/exportoptions.h"

#include <QTextStream>

namespace collscope::app {

/// Returns the exit status (0; 2 for a bad option or trace; 1 if writing failed) and prints
/// one line to `out` on success or to `err` on failure.
int runHeadlessExport(const ExportOptions& options, QTextStream& out, QTextStream& err);

} // namespace collscope::app
