#include "run/lecturerun.h"

namespace collscope::app {

std::optional<RunRequest> lectureRun(const model::Resemblance& resemblance) {
  if (!resemblance.known() || resemblance.p < 1) return std::nullopt;
  RunRequest request;
  request.collective = QString::fromStdString(resemblance.collective);
  request.algorithm = QString::fromStdString(resemblance.algorithm);
  request.processes = resemblance.p;
  request.root =
      resemblance.root >= 0 && collectiveHasRoot(request.collective) ? resemblance.root : 0;
  request.count = resemblance.count > 0 ? static_cast<qint64>(resemblance.count) : 1000;
  request.datatype = QStringLiteral("int");
  return request;
}

std::unique_ptr<TraceDocument> lectureCall(const TraceDocument& run) {
  for (const model::Call& call : run.calls().calls)
    if (call.kind == model::CallKind::algorithm) return TraceDocument::forCall(run, call.index);
  return nullptr;
}

} // namespace collscope::app
