#include "export/headlessexport.h"

#include "collscope/model/load_trace.hpp"
#include "document/units.h"
#include "export/viewexporter.h"
#include "views/viewregistry.h"

namespace collscope::app {

int runHeadlessExport(const ExportOptions& options, QTextStream& out, QTextStream& err) {
  const ViewInfo* info = ViewRegistry::instance().find(options.view);
  if (info == nullptr) {
    err << "collscope: --view: unknown view '" << options.view
        << "' (known: " << ViewRegistry::instance().names().join(QStringLiteral(", ")) << ")\n";
    return 2;
  }
  std::unique_ptr<TraceDocument> document;
  try {
    document = TraceDocument::load(options.trace);
  } catch (const model::TraceError& e) {
    err << "collscope: " << e.what() << "\n";
    return 2;
  }
  if (const QString error = applyNodeOptions(options.nodes, *document); !error.isEmpty()) {
    err << "collscope: " << error << "\n";
    return 2;
  }
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
  const QString error = ViewExporter::exportToFile(*view, playback, options.output, options.size);
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
