#include "traceview.h"

namespace collscope::app {

TraceView::~TraceView() = default;

} // namespace collscope::app
