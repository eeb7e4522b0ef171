#include "paint/spacetimerenderer.h"

#include "format/units.h"
#include "geometry/roundaxis.h"
#include "paint/legendpainter.h"
#include "paint/viewframe.h"

#include <QFontMetricsF>
#include <QStringList>
#include <cmath>

namespace collscope::app {

namespace {

double tickSpacing(const ViewStyle& style, const LinearAxis& axis) {
  const QFontMetricsF metrics(style.tickFont);
  if (dynamic_cast<const RoundAxis*>(&axis) != nullptr)
    return metrics.horizontalAdvance(QStringLiteral("000")) + 2 * style.padding;
  return metrics.horizontalAdvance(QStringLiteral("0000.00")) * 1.4;
}

} // namespace

SpaceTimeGeometry SpaceTimeRenderer::render(QPainter& painter, const QRectF& target, AxisMode mode,
                                            LinearAxis& axis, const Playback* playback,
                                            const SpaceTimeOptions& options) {
  const ViewStyle style = ViewStyle::forSize(target.size().toSize(), options.minimumTextPixels);
  const LaneIntervals& lanes = m_document.lanes(mode);
  const std::vector<int>& chains = m_document.analyses().criticalChains;
  const bool critical = options.criticalPath && !chains.empty();
  const bool cursor = playback != nullptr && !playback->atEnd();
  // The legend's rows depend on the width; reserve them before laying out the lanes (with
  // the strip entries, which only a lane tall enough shows).
  const auto legendEntries = [&](bool strips) {
    return LegendPainter::entries(lanes, cursor, strips, critical,
                                  m_document.nodeLayout().nodes > 1);
  };
  const int legendRows =
      options.legend ? LegendPainter::layout(target, legendEntries(true), style).rows : 0;
  SpaceTimeGeometry g(target, m_document.rankCount(), style.spaceTimeMetrics(),
                      LegendPainter::height(legendRows, style), m_document.nodeLayout().node_of);
  axis.setPixelRange(g.plot().left(), g.plot().width());
  const TraceClock& clock = m_document.clock(mode);
  g.attach(&axis);

  painter.save();
  painter.fillRect(target, style.background);
  paintGrid(painter, g, style, mode, axis);
  paintLanes(painter, g, style, axis, lanes);
  MessagePainter messages(painter, g, style, axis, clock, m_document.trace());
  m_messageStats = messages.paintArrows(&m_document.density(mode));
  m_criticalLimited = false;
  m_criticalShown = 0;
  if (critical) {
    const std::vector<int> chain = chainsToPaint(clock, axis, playback);
    m_criticalShown = chain.size();
    messages.paintCriticalPath(chain);
  }
  if (cursor) {
    paintVeil(painter, g, style, axis.toPixel(playback->cursor()));
    messages.paintInFlight(*playback);
  }
  messages.paintSelected(options.selectedMessage);
  if (cursor) {
    const double x = axis.toPixel(playback->cursor());
    if (x >= g.plot().left() && x <= g.plot().right()) {
      painter.setPen(QPen(style.cursor, style.cursorWidth));
      painter.drawLine(QPointF(x, g.plot().top()), QPointF(x, g.plot().bottom()));
    }
  }
  paintSamplingNote(painter, g, style);
  paintHeader(painter, g, style, playback);
  paintRankLabels(painter, g, style, options.selectedRank);
  paintAxis(painter, g, style, axis);
  if (options.legend) LegendPainter(painter, style).paint(g.legend(), legendEntries(g.hasStrips()));
  painter.restore();
  return g;
}

QRectF SpaceTimeRenderer::headerLine(const SpaceTimeGeometry& g, const ViewStyle& style) {
  return g.header().adjusted(style.padding * 2, 0, -style.padding * 2.5, 0);
}

void SpaceTimeRenderer::paintLanes(QPainter& painter, const SpaceTimeGeometry& g,
                                   const ViewStyle& style, const LinearAxis& axis,
                                   const LaneIntervals& lanes) {
  // The lanes of a big trace cost most of a repaint and change only with the view: on a raster
  // device they are painted once per view into an image that playback, hover and selection
  // repaints reuse. Vector output (SVG) gets them painted directly, as before.
  const QPaintDevice* device = painter.device();
  const bool raster =
      device != nullptr && painter.transform().isIdentity() &&
      (device->devType() == QInternal::Image || device->devType() == QInternal::Pixmap ||
       device->devType() == QInternal::Widget);
  if (!raster) {
    LanePainter direct(painter, g, style, axis);
    direct.paint(lanes);
    m_laneRectangles = direct.rectangles();
    return;
  }
  const QRect area = g.plot().toAlignedRect();
  const qreal ratio = device->devicePixelRatioF();
  LaneCache& c = m_laneCache;
  const bool hit = c.lanes == &lanes && c.begin == axis.viewBegin() && c.end == axis.viewEnd() &&
                   c.plot == g.plot() && c.ratio == ratio && c.scale == style.scale &&
                   c.rankCount == g.rankCount() &&
                   c.layoutRevision == m_document.nodeLayoutRevision() && !c.image.isNull();
  if (!hit) {
    // The same size as last time (a new zoom, not a resize): reuse the pixels, as fresh
    // megabytes from the allocator cost page faults on every zoom step.
    if (c.image.size() != area.size() * ratio)
      c.image = QImage(area.size() * ratio, QImage::Format_ARGB32_Premultiplied);
    c.image.setDevicePixelRatio(ratio);
    c.image.fill(Qt::transparent);
    QPainter layer(&c.image);
    layer.translate(-area.topLeft());
    LanePainter cached(layer, g, style, axis);
    cached.paint(lanes);
    layer.end();
    c = {&lanes,
         axis.viewBegin(),
         axis.viewEnd(),
         g.plot(),
         ratio,
         style.scale,
         g.rankCount(),
         m_document.nodeLayoutRevision(),
         std::move(c.image),
         cached.rectangles()};
  }
  m_laneRectangles = c.rectangles;
  painter.drawImage(area.topLeft(), c.image);
}

std::vector<int> SpaceTimeRenderer::chainsToPaint(const TraceClock& clock, const LinearAxis& axis,
                                                  const Playback* playback) {
  const TraceAnalyses& analyses = m_document.analyses();
  std::vector<int> inView;
  for (const int m : analyses.criticalChains)
    if (m >= 0 && m < m_document.messageCount() && clock.messageEnd(m) >= axis.viewBegin() &&
        clock.messageStart(m) <= axis.viewEnd())
      inView.push_back(m);
  if (inView.size() <= criticalBudget) return inView;
  // Thousands of runs' chains would paint the whole diagram over: the run at the cursor only.
  m_criticalLimited = true;
  const int group = clock.groupAt(playback != nullptr ? playback->cursor() : clock.end());
  std::erase_if(inView, [&](int m) {
    return analyses.collective.group[static_cast<std::size_t>(m)] != group;
  });
  if (inView.size() <= criticalBudget) return inView;
  // One run's chain can be long too (a trace without algorithm regions is one run): the part
  // of it that leads to the cursor (a chain is in time order).
  const double cursor = playback != nullptr ? playback->cursor() : clock.end();
  auto last = std::find_if(inView.begin(), inView.end(),
                           [&](int m) { return clock.messageStart(m) > cursor; });
  if (last - inView.begin() < static_cast<std::ptrdiff_t>(criticalBudget))
    last = inView.begin() + static_cast<std::ptrdiff_t>(criticalBudget);
  return {last - static_cast<std::ptrdiff_t>(criticalBudget), last};
}

QString SpaceTimeRenderer::cursorText(const Playback& playback) {
  return playback.progressText();
}

void SpaceTimeRenderer::paintHeader(QPainter& painter, const SpaceTimeGeometry& g,
                                    const ViewStyle& style, const Playback* playback) const {
  paintTitleLine(painter, headerLine(g, style), style, m_document.title(),
                 playback != nullptr ? cursorText(*playback) : QString());
}

void SpaceTimeRenderer::paintRankLabels(QPainter& painter, const SpaceTimeGeometry& g,
                                        const ViewStyle& style, int selectedRank) const {
  const QFontMetricsF metrics(style.labelFont);
  // "rank 7" has no descenders: lanes as tall as the font's ascent keep the labels apart.
  const int every = std::max(1, static_cast<int>(std::ceil(metrics.ascent() / g.laneHeight())));
  painter.setFont(style.labelFont);
  paintNodeLabels(painter, g, style);
  for (int row = 0; row < g.rankCount(); ++row) {
    const int rank = g.rankAtRow(row);
    if (row % every != 0 && rank != selectedRank) continue;
    const double y = g.laneCenter(rank);
    const QRectF box(g.labels().left(), y - metrics.height() / 2,
                     g.labels().width() - style.padding, metrics.height());
    if (rank == selectedRank) painter.fillRect(box, style.highlight);
    painter.setPen(style.text);
    painter.drawText(box, Qt::AlignVCenter | Qt::AlignRight, QStringLiteral("rank %1").arg(rank));
  }
}

void SpaceTimeRenderer::paintNodeLabels(QPainter& painter, const SpaceTimeGeometry& g,
                                        const ViewStyle& style) const {
  // The band continues the plot's shading into the label columns, the node's name at its middle
  // (turned when the band is too short for a line of text).
  const QFontMetricsF metrics(style.labelFont);
  for (int node = 0; node < g.nodeCount(); ++node) {
    const QRectF band = g.nodeBand(node);
    const QRectF labels(band.left(), band.top(), g.plot().left() - band.left(), band.height());
    if (node % 2 == 1) painter.fillRect(labels, style.nodeShade);
    if (node > 0)
      painter.fillRect(QRectF(labels.left(), band.top() - 0.5 * style.scale, labels.width(),
                              std::max(1.0, 1.5 * style.scale)),
                       style.nodeRule);
    const QRectF box = g.nodeLabel(node).adjusted(style.padding * 0.5, 0, 0, 0);
    if (box.height() < metrics.height()) continue; // too many nodes to name each
    painter.setPen(style.text);
    painter.drawText(box, Qt::AlignVCenter | Qt::AlignLeft, QStringLiteral("node %1").arg(node));
  }
}

void SpaceTimeRenderer::paintGrid(QPainter& painter, const SpaceTimeGeometry& g,
                                  const ViewStyle& style, AxisMode mode,
                                  const LinearAxis& axis) const {
  painter.save();
  painter.setClipRect(g.plot());
  painter.setPen(QPen(style.grid, std::max(1.0, 1.5 * style.scale)));
  if (mode == AxisMode::time) {
    for (const Tick& tick : axis.ticks(tickSpacing(style, axis)))
      painter.drawLine(QPointF(tick.pixel, g.plot().top()), QPointF(tick.pixel, g.plot().bottom()));
  } else if (axis.pixelsPerUnit() >= 4.0) {
    const int first = static_cast<int>(std::ceil(axis.viewBegin()));
    for (int c = std::max(first, 0); c <= axis.viewEnd() && c <= axis.extentEnd(); ++c)
      painter.drawLine(QPointF(axis.toPixel(c), g.plot().top()),
                       QPointF(axis.toPixel(c), g.plot().bottom()));
  }
  painter.restore();
}

void SpaceTimeRenderer::paintAxis(QPainter& painter, const SpaceTimeGeometry& g,
                                  const ViewStyle& style, const LinearAxis& axis) const {
  const QRectF band = g.axisBand();
  const double tickLength = style.padding * 0.8;
  painter.setPen(QPen(style.text, std::max(1.0, 2.0 * style.scale)));
  painter.drawLine(band.topLeft(), band.topRight());
  painter.setFont(style.tickFont);
  const QFontMetricsF metrics(style.tickFont);
  for (const Tick& tick : axis.ticks(tickSpacing(style, axis))) {
    painter.drawLine(QPointF(tick.pixel, band.top()), QPointF(tick.pixel, band.top() + tickLength));
    const double w = metrics.horizontalAdvance(tick.label) + 4;
    painter.drawText(QRectF(tick.pixel - w / 2, band.top() + tickLength, w, metrics.height()),
                     Qt::AlignCenter, tick.label);
  }
  painter.setFont(style.labelFont);
  const QRectF titleBox(band.left(), band.top() + tickLength + metrics.height(), band.width(),
                        band.bottom() - band.top() - tickLength - metrics.height());
  // On a slide a title wider than the plot keeps its first clauses ("round"), not a clip.
  const QString title =
      style.minimumTextPixels > 0
          ? fitLine(axis.title(), QFontMetricsF(style.labelFont), titleBox.width(), style)
          : axis.title();
  painter.drawText(titleBox, Qt::AlignCenter, title);
}

void SpaceTimeRenderer::paintVeil(QPainter& painter, const SpaceTimeGeometry& g,
                                  const ViewStyle& style, double cursorX) const {
  const QRectF plot = g.plot();
  const double x = std::clamp(cursorX, plot.left(), plot.right());
  painter.fillRect(QRectF(x, plot.top(), plot.right() - x, plot.height()), style.dim);
}

void SpaceTimeRenderer::paintSamplingNote(QPainter& painter, const SpaceTimeGeometry& g,
                                          const ViewStyle& style) const {
  QStringList notes;
  if (m_messageStats.density)
    notes << QStringLiteral("%1 messages in view: density per rank (darker: more), zoom in "
                            "for arrows")
                 .arg(formatCount(m_messageStats.visible));
  else if (m_messageStats.stride > 1)
    notes << QStringLiteral("%1 messages in view: 1 in %2 drawn, zoom in for all")
                 .arg(formatCount(m_messageStats.visible))
                 .arg(m_messageStats.stride);
  if (m_criticalLimited) notes << QStringLiteral("critical path near the cursor only");
  if (notes.isEmpty()) return;
  const QString text = notes.join(QStringLiteral(" · "));
  painter.setFont(style.legendFont);
  const QFontMetricsF metrics(style.legendFont);
  const QRectF box(g.plot().right() - metrics.horizontalAdvance(text) - 3 * style.padding,
                   g.plot().top() + style.padding,
                   metrics.horizontalAdvance(text) + 2 * style.padding,
                   metrics.height() + style.padding);
  painter.fillRect(box, QColor(255, 255, 255, 230));
  painter.setPen(style.text);
  painter.drawText(box, Qt::AlignCenter, text);
}

} // namespace collscope::app
