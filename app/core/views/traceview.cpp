#include "views/traceview.h"

namespace collscope::app {

TraceView::~TraceView() = default;

int TraceView::rankAt(const QPointF&) const {
  return -1;
}

int TraceView::messageAt(const QPointF&) const {
  return -1;
}

QString TraceView::linkAt(const QPointF&) const {
  return {};
}

} // namespace collscope::app
