#include "export/viewexporter.h"

#include <QFileInfo>
#include <QPainter>
#include <QSvgGenerator>

namespace collscope::app {

std::optional<ViewExporter::Format> ViewExporter::formatFor(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QStringLiteral("png")) return Format::png;
  if (suffix == QStringLiteral("svg")) return Format::svg;
  return std::nullopt;
}

QImage ViewExporter::renderImage(TraceView& view, const Playback& playback, QSize size) {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::TextAntialiasing, true);
  view.render(painter, QRect(QPoint(0, 0), size), playback);
  painter.end();
  return image;
}

QString ViewExporter::exportToFile(TraceView& view, const Playback& playback, const QString& path,
                                   QSize size) {
  const std::optional<Format> format = formatFor(path);
  if (!format) return QStringLiteral("%1: the file name must end in .png or .svg").arg(path);
  if (size.width() <= 0 || size.height() <= 0) return QStringLiteral("empty export size");
  if (*format == Format::png) {
    if (!renderImage(view, playback, size).save(path, "PNG"))
      return QStringLiteral("cannot write %1").arg(path);
    return {};
  }
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(view.title());
  svg.setDescription(view.document().title());
  QPainter painter;
  if (!painter.begin(&svg)) return QStringLiteral("cannot write %1").arg(path);
  view.render(painter, QRect(QPoint(0, 0), size), playback);
  painter.end();
  if (!QFileInfo(path).isFile() || QFileInfo(path).size() == 0)
    return QStringLiteral("cannot write %1").arg(path);
  return {};
}

} // namespace collscope::app
