#include "paint/viewstyle.h"

#include "paint/viewcolors.h"

#include <algorithm>
#include <cmath>

namespace collscope::app {

namespace {

QFont font(double pixels, bool bold = false) {
  QFont f(QStringLiteral("DejaVu Sans"));
  f.setStyleHint(QFont::SansSerif);
  f.setPixelSize(std::max(10, static_cast<int>(std::lround(pixels))));
  f.setBold(bold);
  return f;
}

} // namespace

ViewStyle ViewStyle::forSize(QSize size, double minimumTextPixels) {
  ViewStyle s;
  s.minimumTextPixels = minimumTextPixels;
  const double byWidth = size.width() / 1920.0;
  const double byHeight = size.height() / 1080.0;
  s.scale = std::clamp(std::min(byWidth, byHeight), 0.45, 3.0);
  // Floors keep a window of 1024×768 readable from the back of a lecture hall: rank labels at
  // least 16 px, the rest close behind; above the floors everything grows with the output.
  s.titleFont = font(s.textPixels(std::max(20.0, 34 * s.scale)), true);
  s.labelFont = font(s.textPixels(std::max(minimumLabelPixels, 26 * s.scale)), true);
  s.tickFont = font(s.textPixels(std::max(14.0, 24 * s.scale)));
  s.legendFont = font(s.textPixels(std::max(14.0, 24 * s.scale)));
  s.stripFont = font(s.textPixels(std::max(12.0, 18 * s.scale)), true);
  s.arrowWidth = std::max(1.5, 3.5 * s.scale);
  s.arrowHead = std::max(7.0, 18.0 * s.scale);
  s.cursorWidth = std::max(2.0, 4.0 * s.scale);
  s.padding = std::max(4.0, 14.0 * s.scale);
  return s;
}

QColor ViewStyle::color(StateKind kind) {
  switch (kind) {
  case StateKind::send:
    return palette::blue;
  case StateKind::receive:
    return palette::skyBlue;
  case StateKind::sendReceive:
    return {0, 158, 115};
  case StateKind::waitCall:
    return {204, 121, 167};
  case StateKind::collective:
    return {230, 159, 0};
  case StateKind::otherMpi:
    return {153, 153, 153};
  case StateKind::blocked:
    return {213, 94, 0};
  case StateKind::algorithm:
    return {221, 229, 240};
  case StateKind::phase:
    return palette::yellow;
  case StateKind::round:
    return {232, 232, 232};
  }
  return {0, 0, 0};
}

QString ViewStyle::name(StateKind kind) {
  switch (kind) {
  case StateKind::send:
    return QStringLiteral("send");
  case StateKind::receive:
    return QStringLiteral("receive");
  case StateKind::sendReceive:
    return QStringLiteral("sendrecv");
  case StateKind::waitCall:
    return QStringLiteral("wait");
  case StateKind::collective:
    return QStringLiteral("collective");
  case StateKind::otherMpi:
    return QStringLiteral("other MPI");
  case StateKind::blocked:
    return QStringLiteral("blocked in receive");
  case StateKind::algorithm:
    return QStringLiteral("algorithm");
  case StateKind::phase:
    return QStringLiteral("phase");
  case StateKind::round:
    return QStringLiteral("round k");
  }
  return {};
}

} // namespace collscope::app
