// Helpers of the app tests: traces written by the model tests' TraceBuilder and loaded the
// way the app loads them, and pixel probes for rendered images.
#pragma once

#include "document/tracedocument.h"
#include "trace_builder.hpp"

#include <QColor>
#include <QImage>
#include <QPointF>
#include <functional>
#include <memory>

namespace collscope::apptest {

/// The decks of the tree the test program belongs to: build/share/collscope/slides, which links
/// to the source tree's slides/ (cmake/install.cmake). Found from the program, not compiled in,
/// so that a clean clone elsewhere compiles the same object (ccache hits it).
QString slidesDirectory();

/// Writes the trace to a temporary directory and loads it with TraceDocument::load.
std::unique_ptr<app::TraceDocument> load(const test::TraceBuilder& builder);

/// A program of its own, without collscope's annotations, its steps separated by MPI_Barrier:
/// a hand-written binomial broadcast from `root` (400 bytes), a linear gather to 0 (8 bytes a
/// rank, the root's own block copied to itself first), a ring shift with Sendrecv (16 bytes),
/// an MPI_Allreduce. Calls 0 … 5: phase, barrier, phase, barrier, phase, allreduce.
test::TraceBuilder barrierProgram(int p, int root);

/// A trace the recorded-trace fixture (record_traces.sh) wrote to $COLLSCOPE_APP_TRACES/NAME.
std::unique_ptr<app::TraceDocument> recorded(const char* name);

/// Index of the first message from `sender` to `receiver`, or -1.
int findMessage(const app::TraceDocument& document, int sender, int receiver);

bool isDark(const QColor& c);  ///< the message colour (black, anti-aliased)
bool isLight(const QColor& c); ///< veiled or background
bool isNear(const QColor& c, const QColor& expected, int tolerance = 40);
/// Whether some pixel within `radius` of `p` satisfies `test`.
bool anyNear(const QImage& image, QPointF p, int radius, const std::function<bool(QColor)>& test);

} // namespace collscope::apptest
