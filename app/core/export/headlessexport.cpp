#include "export/headlessexport.h"

#include "collscope/model/load_trace.hpp"
#include "export/viewexporter.h"
#include "format/units.h"
#include "views/comparisonview.h"
#include "views/viewregistry.h"

namespace collscope::app {

namespace {

// Loads `path`, applies the node layout and `call` (--call for the first trace, --call2 for the
// second); null after printing the one line that says why not.
std::unique_ptr<TraceDocument> openForExport(const ExportOptions& options, const QString& path,
                                             const CallOption& callOption, QTextStream& err) {
  std::unique_ptr<TraceDocument> document;
  try {
    document = TraceDocument::load(path);
  } catch (const model::TraceError& e) {
    err << "collscope: " << e.what() << "\n";
    return nullptr;
  }
  if (const QString error = applyNodeOptions(options.nodes, *document); !error.isEmpty()) {
    err << "collscope: " << error << "\n";
    return nullptr;
  }
  QString error;
  const int call = findCall(callOption, *document, error);
  if (call == -2) {
    err << "collscope: " << error << "\n";
    return nullptr;
  }
  if (call < 0) return document;
  std::unique_ptr<TraceDocument> own = TraceDocument::forCall(*document, call);
  applyNodeOptions(options.nodes, *own); // same ranks as the whole trace: it fits
  return own;
}

// `collscope --export OUT A B`: both stacked on one axis, one legend, one cursor (`--time T`
// after each one's start on the time axis, `--round K` after column K on a round axis).
int exportComparison(const ExportOptions& options, const TraceDocument& first, QTextStream& out,
                     QTextStream& err) {
  const std::unique_ptr<TraceDocument> second =
      openForExport(options, options.second, options.call2, err);
  if (!second) return 2;
  ComparisonView view(first, *second);
  view.setMode(options.axis);
  Playback playback;
  if (options.time || options.round) {
    const TraceClock& clock = view.sharedClock();
    playback.setClock(&clock);
    if (options.time && *options.time > clock.end()) {
      err << "collscope: --time " << formatDuration(*options.time)
          << " is after both traces' ends (the longer ends at " << formatDuration(clock.end())
          << ")\n";
      return 2;
    }
    if (options.time) playback.setCursor(*options.time);
    if (options.round) {
      // On a round axis round K of both is complete at the border after column K.
      if (*options.round >= clock.columnCount()) {
        err << "collscope: --round " << *options.round << ": the traces have rounds 0 … "
            << clock.columnCount() - 1 << "\n";
        return 2;
      }
      playback.setCursor(*options.round + 1.0);
    }
  }
  const QString error = ViewExporter::exportToFile(view, playback, options.output, options.size);
  if (!error.isEmpty()) {
    err << "collscope: " << error << "\n";
    return 1;
  }
  out << "wrote " << options.output << " (side by side, " << options.size.width() << "x"
      << options.size.height() << ": " << first.title() << " | " << second->title() << ")\n";
  return 0;
}

} // namespace

int runHeadlessExport(const ExportOptions& options, QTextStream& out, QTextStream& err) {
  const ViewInfo* info = ViewRegistry::instance().find(options.view);
  if (info == nullptr) {
    err << "collscope: --view: unknown view '" << options.view
        << "' (known: " << ViewRegistry::instance().names().join(QStringLiteral(", ")) << ")\n";
    return 2;
  }
  QString error;
  std::unique_ptr<TraceDocument> document =
      openForExport(options, options.trace, options.call, err);
  if (!document) return 2;
  if (!options.second.isEmpty()) return exportComparison(options, *document, out, err);
  // `--round K` means the same in every view and on every axis: where round K (numbered from 0)
  // of the first run that has one is complete (TraceClock::roundEnd).
  const AxisMode axis = options.axis;
  const TraceClock& clock = document->clock(axis);
  if (axis == AxisMode::annotatedRounds && clock.columnCount() == 0) {
    err << "collscope: --axis annotated: the trace has no round annotations (try --axis rounds)\n";
    return 2;
  }
  Playback playback;
  playback.setClock(&clock);
  if (options.time) {
    if (*options.time > clock.end() && options.axis == AxisMode::time) {
      err << "collscope: --time " << formatDuration(*options.time) << " is after the trace's end ("
          << formatDuration(clock.end()) << ")\n";
      return 2;
    }
    playback.setCursorTime(*options.time);
  }
  if (options.round && !playback.setCursorRound(*options.round)) {
    const QString range = clock.roundRange();
    err << "collscope: --round " << *options.round << ": "
        << (range.isEmpty() ? QStringLiteral("the trace has no rounds")
                            : QStringLiteral("the trace has rounds ") + range)
        << "\n";
    return 2;
  }
  const std::unique_ptr<TraceView> view = info->create({document.get(), nullptr});
  error = ViewExporter::exportToFile(*view, playback, options.output, options.size);
  if (!error.isEmpty()) {
    err << "collscope: " << error << "\n";
    return 1;
  }
  out << "wrote " << options.output << " (" << info->name << ", " << options.size.width() << "x"
      << options.size.height() << ", " << document->rankCount() << " ranks, "
      << document->messageCount() << " messages)\n";
  return 0;
}

} // namespace collscope::app
