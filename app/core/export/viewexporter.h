// Renders a TraceView into a PNG (QImage) or an SVG (QSvgGenerator): the same render() the
// window paints with, onto another paint device.
#pragma once

#include "views/traceview.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <optional>

namespace collscope::app {

class ViewExporter {
public:
  enum class Format { png, svg };

  /// From the file name's suffix (case-insensitive); nullopt for anything else.
  static std::optional<Format> formatFor(const QString& path);
  static QImage renderImage(TraceView& view, const Playback& playback, QSize size);
  /// Writes `path`; returns an empty string, or one line saying what went wrong.
  static QString exportToFile(TraceView& view, const Playback& playback, const QString& path,
                              QSize size);
};

} // namespace collscope::app
