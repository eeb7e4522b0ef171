#include "geometry/linearaxis.h"

#include <algorithm>
#include <cmath>

namespace collscope::app {

void LinearAxis::setExtent(double begin, double end) {
  m_extentBegin = begin;
  m_extentEnd = end > begin ? end : begin + 1.0;
  fit();
}

void LinearAxis::setPixelRange(double left, double width) {
  m_left = left;
  m_width = std::max(width, 1.0);
  clampAndUpdate();
}

void LinearAxis::fit() {
  const double pad = (m_extentEnd - m_extentBegin) * margin;
  m_begin = m_extentBegin - pad;
  m_end = m_extentEnd + pad;
  clampAndUpdate();
}

bool LinearAxis::isFitted() const {
  const double pad = (m_extentEnd - m_extentBegin) * margin;
  const double eps = (m_extentEnd - m_extentBegin) * 1e-9;
  return std::fabs(m_begin - (m_extentBegin - pad)) <= eps &&
         std::fabs(m_end - (m_extentEnd + pad)) <= eps;
}

void LinearAxis::setView(double begin, double end) {
  m_begin = std::min(begin, end);
  m_end = std::max(begin, end);
  clampAndUpdate();
}

void LinearAxis::zoom(double factor, double anchorPixel) {
  if (!(factor > 0.0)) return;
  const double anchor = fromPixel(anchorPixel);
  const double fraction = (anchorPixel - m_left) / m_width;
  const double span = (m_end - m_begin) / factor;
  const double minSpan = m_minSpan > 0 ? m_minSpan : (m_extentEnd - m_extentBegin) * 1e-6;
  const double maxSpan = (m_extentEnd - m_extentBegin) * (1.0 + 2.0 * margin);
  const double clamped = std::clamp(span, minSpan, maxSpan);
  m_begin = anchor - fraction * clamped;
  m_end = m_begin + clamped;
  clampAndUpdate();
}

void LinearAxis::pan(double pixels) {
  const double shift = pixels / m_scale;
  m_begin -= shift;
  m_end -= shift;
  clampAndUpdate();
}

void LinearAxis::clampAndUpdate() {
  const double pad = (m_extentEnd - m_extentBegin) * margin;
  const double lo = m_extentBegin - pad;
  const double hi = m_extentEnd + pad;
  const double span = std::min(m_end - m_begin, hi - lo);
  if (m_begin < lo) m_begin = lo;
  if (m_begin + span > hi) m_begin = hi - span;
  m_end = m_begin + (span > 0 ? span : (hi - lo));
  m_scale = m_width / (m_end - m_begin);
}

} // namespace collscope::app
