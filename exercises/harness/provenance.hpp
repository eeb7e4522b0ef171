// Block provenance for student code that has no annotations: while the submission runs,
// every message it sends is read (its data values name their origin rank and element,
// buffers.hpp) and annotated for the tracer (collscope::trace::blocks), so the app's data
// view shows blocks by origin as it does for collscope's own algorithms.
#pragma once

#include "collscope/grade/case.hpp"

namespace collscope::grade::provenance {

/// From now until stop(), annotate the sends of a call of `kind` on case `c`. Nothing is
/// annotated for a reduction (its values are combinations, not blocks) or when the tracer
/// is off (the timing runs).
void start(Kind kind, const Case& c);
void stop();

} // namespace collscope::grade::provenance
