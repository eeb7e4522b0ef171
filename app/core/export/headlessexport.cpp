#include "export/headlessexport.h"

#include "collscope/model/load_trace.hpp"
#include "document/units.h"
#include "export/viewexporter.h"
#include "views/viewregistry.h"

namespace collscope::app {

namespace {

QString roundRange(const TraceClock& clock) {
  if (clock.roundCount() == 0) return QStringLiteral("the trace has no rounds on this axis");
  return QStringLiteral("the trace has rounds %1..%2")
      .arg(clock.roundLabel(0), clock.roundLabel(clock.roundCount() - 1));
}

} // namespace

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
  // The tree, circulant, data and delay views number rounds as the algorithm annotated them
  // (from 0), so there `--round K` counts annotated rounds unless --axis says otherwise; the
  // space-time diagram's time axis counts inferred rounds (from 1).
  AxisMode axis = options.axis;
  if (options.round && axis == AxisMode::time && options.view != QLatin1String("timeline") &&
      document->clock(AxisMode::annotatedRounds).roundCount() > 0)
    axis = AxisMode::annotatedRounds;
  const TraceClock& clock = document->clock(axis);
  if (axis == AxisMode::annotatedRounds && clock.roundCount() == 0) {
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
    err << "collscope: --round " << *options.round << ": " << roundRange(clock) << "\n";
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
