// "Compare with the lecture": the collscope-run request that records the algorithm a call
// resembles (model::resemble) at the call's p, root and count, for the run dialog to start.
#pragma once

#include "collscope/model/resemblance.hpp"
#include "document/tracedocument.h"
#include "run/runcommand.h"

#include <memory>
#include <optional>

namespace collscope::app {

/// Collective, algorithm, p, root and count (`--datatype int`) of `resemblance`; nullopt when
/// nothing of the registry is near (the dialog then starts from its defaults). An unknown count
/// becomes 1000 elements, the dialog's default.
std::optional<RunRequest> lectureRun(const model::Resemblance& resemblance);

/// The recorded run's algorithm call (the first call of kind algorithm), as its own document, so
/// that it starts at 0 like the call it is compared with; null when the run has none.
std::unique_ptr<TraceDocument> lectureCall(const TraceDocument& run);

} // namespace collscope::app
