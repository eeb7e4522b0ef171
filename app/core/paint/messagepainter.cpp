#include "paint/messagepainter.h"

#include "paint/messageline.h"

#include <QImage>
#include <QPolygonF>
#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <span>
#include <unordered_set>
#include <vector>

namespace collscope::app {

namespace {

std::uint64_t pixelKey(const QLineF& line) {
  const auto part = [](double v) {
    return static_cast<std::uint64_t>(static_cast<std::uint16_t>(std::lround(v) + 16384));
  };
  return part(line.x1()) | part(line.y1()) << 16 | part(line.x2()) << 32 | part(line.y2()) << 48;
}

} // namespace

MessagePaintStats MessagePainter::paintArrows(const MessageDensity* density) {
  MessagePaintStats stats;
  const double x0 = m_axis.viewBegin();
  const double x1 = m_axis.viewEnd();
  const auto [first, last] = m_clock.candidates(x0, x1);
  const std::vector<int>& order = m_clock.messagesByStart();
  stats.visible = last - first;
  if (density != nullptr &&
      static_cast<double>(stats.visible) > densityFrom * m_geometry.plot().width()) {
    stats.density = true;
    stats.drawn = paintDensity(*density);
    return stats;
  }
  stats.stride = std::max<std::size_t>(1, (stats.visible + budget - 1) / budget);
  const bool dedupe = stats.visible > 2000;
  std::unordered_set<std::uint64_t> seen;
  if (dedupe) seen.reserve(std::min(stats.visible, budget) * 2);
  std::vector<QLineF> lines;
  std::vector<char> network; // per line: between nodes
  lines.reserve(std::min(stats.visible, budget));
  for (std::size_t i = first; i < last; i += stats.stride) {
    const int m = order[i];
    if (m_clock.messageEnd(m) < x0) continue;
    const auto line = clip(messageLine(m_geometry, m_clock, m_trace, m));
    if (!line || (dedupe && !seen.insert(pixelKey(*line)).second)) continue;
    lines.push_back(*line);
    const model::Message& msg = m_trace.messages[static_cast<std::size_t>(m)];
    network.push_back(m_geometry.crossesNodes(msg.sender, msg.receiver) ? char{1} : char{0});
  }
  stats.drawn = lines.size();
  m_painter.save();
  if (lines.size() <= headLimit) {
    m_painter.setRenderHint(QPainter::Antialiasing, true);
    // Messages between nodes thicker and in their own colour, drawn last so that none hides
    // under the messages inside a node.
    for (const char between : {char{0}, char{1}})
      for (std::size_t i = 0; i < lines.size(); ++i) {
        if (network[i] != between) continue;
        arrow(lines[i],
              between ? m_style.arrowWidth * m_style.networkWidthFactor : m_style.arrowWidth,
              between ? m_style.networkMessage : m_style.message,
              lines[i].x2() < m_geometry.plot().right() - 0.5);
      }
  } else {
    rasterize(lines);
  }
  m_painter.restore();
  return stats;
}

void MessagePainter::paintInFlight(const Playback& playback) {
  const double cursor = playback.cursor();
  const auto [first, last] = m_clock.candidates(cursor, cursor);
  const std::vector<int>& order = m_clock.messagesByStart();
  std::vector<std::pair<int, double>> flying;
  for (std::size_t i = first; i < last && flying.size() < headLimit; ++i) {
    const int m = order[i];
    if (playback.messageState(m) == Playback::MessageState::inFlight)
      flying.emplace_back(m, playback.progress(m));
  }
  if (flying.empty()) return;
  m_painter.save();
  m_painter.setRenderHint(QPainter::Antialiasing, true);
  const double radius = std::max(3.0, 0.42 * m_style.arrowHead);
  for (const auto& [m, fraction] : flying) {
    const QLineF line = messageLine(m_geometry, m_clock, m_trace, m);
    const QPointF head = line.pointAt(fraction);
    if (head.x() < m_geometry.plot().left() || head.x() > m_geometry.plot().right()) continue;
    const auto travelled = clip(QLineF(line.p1(), head));
    m_painter.setPen(QPen(m_style.message, m_style.arrowWidth, Qt::SolidLine, Qt::RoundCap));
    if (travelled) m_painter.drawLine(*travelled);
    m_painter.setPen(QPen(m_style.message, std::max(1.0, m_style.arrowWidth * 0.6)));
    m_painter.setBrush(m_style.inFlight);
    m_painter.drawEllipse(head, radius, radius);
  }
  m_painter.restore();
}

void MessagePainter::paintSelected(int message) {
  if (message < 0 || message >= static_cast<int>(m_trace.messages.size())) return;
  const QLineF full = messageLine(m_geometry, m_clock, m_trace, message);
  const auto line = clip(full);
  if (!line) return;
  m_painter.save();
  m_painter.setRenderHint(QPainter::Antialiasing, true);
  m_painter.setPen(QPen(m_style.highlight, m_style.arrowWidth * 4.0, Qt::SolidLine, Qt::RoundCap));
  m_painter.drawLine(*line);
  arrow(*line, m_style.arrowWidth * 1.6, m_style.message, line->p2() == full.p2());
  m_painter.restore();
}

void MessagePainter::paintCriticalPath(const std::vector<int>& messages) {
  // Level of detail as for the arrows: segments on the same pixels once; above headLimit one
  // aliased polyline batch without heads (a long chain over a whole big trace).
  struct Segment {
    QLineF line;
    bool head; ///< its head is in view
    bool network;
  };
  std::vector<Segment> lines;
  std::set<std::array<long, 4>> seen;
  for (int message : messages) {
    if (message < 0 || message >= static_cast<int>(m_trace.messages.size())) continue;
    const QLineF full = messageLine(m_geometry, m_clock, m_trace, message);
    const auto line = clip(full);
    if (!line) continue;
    const std::array<long, 4> key{std::lround(line->x1()), std::lround(line->y1()),
                                  std::lround(line->x2()), std::lround(line->y2())};
    if (!seen.insert(key).second) continue;
    const model::Message& m = m_trace.messages[static_cast<std::size_t>(message)];
    lines.push_back(
        {*line, line->p2() == full.p2(), m_geometry.crossesNodes(m.sender, m.receiver)});
  }
  const bool detailed = lines.size() <= headLimit;
  m_painter.save();
  m_painter.setRenderHint(QPainter::Antialiasing, detailed);
  // Thousands of long thick lines cost a full repaint's budget: far out, a thin opaque line.
  QColor colour = m_style.criticalPath;
  if (!detailed) colour.setAlpha(255);
  m_painter.setPen(QPen(colour, detailed ? m_style.arrowWidth * 3.2 : 1.0, Qt::SolidLine,
                        detailed ? Qt::RoundCap : Qt::FlatCap));
  std::vector<QLineF> batch;
  batch.reserve(lines.size());
  for (const Segment& segment : lines) batch.push_back(segment.line);
  m_painter.drawLines(batch.data(), static_cast<int>(batch.size()));
  if (detailed)
    for (const Segment& s : lines)
      arrow(s.line,
            s.network ? m_style.arrowWidth * m_style.networkWidthFactor : m_style.arrowWidth,
            s.network ? m_style.networkMessage : m_style.message, s.head);
  m_painter.restore();
}

void MessagePainter::rasterize(const std::vector<QLineF>& lines) {
  // Thousands of 1-pixel lines: counted per pixel by hand and blended once as an image.
  // (QPainter's line rasterizer hands each batch of spans to a thread pool, which costs more
  // than the drawing on a small machine.) The more arrows cross a pixel, the darker it is.
  const QRect plot = m_geometry.plot().toAlignedRect();
  const int w = plot.width(), h = plot.height();
  if (w <= 0 || h <= 0) return;
  // Both buffers live from repaint to repaint: megabytes fresh from the allocator every frame
  // cost more in page faults than the drawing itself.
  static thread_local std::vector<std::uint16_t> hits;
  hits.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
  for (const QLineF& line : lines) {
    int x0 = static_cast<int>(line.x1()) - plot.left(),
        y0 = static_cast<int>(line.y1()) - plot.top();
    const int x1 = static_cast<int>(line.x2()) - plot.left(),
              y1 = static_cast<int>(line.y2()) - plot.top();
    const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
    const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int error = dx + dy;
    for (;;) {
      if (x0 >= 0 && x0 < w && y0 >= 0 && y0 < h) {
        std::uint16_t& hit = hits[static_cast<std::size_t>(y0) * static_cast<std::size_t>(w) +
                                  static_cast<std::size_t>(x0)];
        if (hit < 0xffff) ++hit;
      }
      if (x0 == x1 && y0 == y1) break;
      const int e2 = 2 * error;
      if (e2 >= dy) {
        error += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        error += dx;
        y0 += sy;
      }
    }
  }
  // One arrow alone is clearly visible; where many share pixels they darken, but never so much
  // that the lanes under them disappear.
  const double perColumn = static_cast<double>(lines.size()) / w;
  const double single = std::clamp(0.7 / std::max(perColumn, 1.0), 0.15, 0.7);
  std::array<QRgb, 16> shade{};
  for (std::size_t n = 1; n < shade.size(); ++n) {
    const double opacity = std::min(0.85, 1.0 - std::pow(1.0 - single, static_cast<double>(n)));
    shade[n] =
        qPremultiply(qRgba(m_style.message.red(), m_style.message.green(), m_style.message.blue(),
                           static_cast<int>(std::lround(255.0 * opacity))));
  }
  static thread_local QImage layer;
  if (layer.size() != QSize(w, h)) layer = QImage(w, h, QImage::Format_ARGB32_Premultiplied);
  for (int y = 0; y < h; ++y) {
    auto* row = reinterpret_cast<QRgb*>(layer.scanLine(y));
    const std::uint16_t* counts =
        hits.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
    for (int x = 0; x < w; ++x) row[x] = shade[std::min<std::size_t>(counts[x], shade.size() - 1)];
  }
  m_painter.drawImage(plot.topLeft(), layer);
}

std::size_t MessagePainter::paintDensity(const MessageDensity& density) {
  const QRect plot = m_geometry.plot().toAlignedRect();
  const int w = plot.width(), h = plot.height();
  const int ranks = std::min(density.rankCount(), m_geometry.rankCount());
  if (w <= 0 || h <= 0 || ranks <= 0) return 0;
  const auto width = static_cast<std::size_t>(w);
  // Column c of the image is pixel plot.left() + c: counts per [fromPixel(c), fromPixel(c + 1)).
  static thread_local std::vector<std::uint32_t> counts;
  counts.assign(width * static_cast<std::size_t>(ranks), 0);
  const double x0 = m_axis.fromPixel(plot.left());
  const double step = 1.0 / m_axis.pixelsPerUnit();
  for (int r = 0; r < ranks; ++r)
    density.count(r, x0, step,
                  std::span(counts.data() + static_cast<std::size_t>(r) * width, width));
  const std::uint32_t most = *std::max_element(counts.begin(), counts.end());
  if (most == 0) return 0;
  // Darkness grows with the logarithm of the count: one message is visible, the busiest
  // column is dark, and the lane's state colours still show above and below the strip.
  const double top = std::log1p(static_cast<double>(most));
  const auto shadeOf = [&](std::uint32_t n) {
    const double level = std::log1p(static_cast<double>(n)) / top;
    const double opacity = 0.25 + 0.65 * level;
    return qPremultiply(qRgba(m_style.message.red(), m_style.message.green(),
                              m_style.message.blue(),
                              static_cast<int>(std::lround(255 * opacity))));
  };
  static thread_local std::vector<QRgb> shades;
  shades.resize(std::min<std::size_t>(most, 4095) + 1);
  for (std::size_t n = 1; n < shades.size(); ++n)
    shades[n] = shadeOf(static_cast<std::uint32_t>(n));
  static thread_local QImage layer;
  if (layer.size() != QSize(w, h)) layer = QImage(w, h, QImage::Format_ARGB32_Premultiplied);
  layer.fill(Qt::transparent);
  std::size_t cells = 0;
  for (int r = 0; r < ranks; ++r) {
    // A strip through the middle of the call bar, where the arrows would leave and arrive.
    const QRectF bar = m_geometry.band(r, SpaceTimeGeometry::Band::callBar);
    const double centre = m_geometry.laneCenter(r) - plot.top();
    const double half = std::max(0.5, bar.height() / 6.0);
    const int y0 = std::clamp(static_cast<int>(std::floor(centre - half)), 0, h - 1);
    const int y1 = std::clamp(static_cast<int>(std::ceil(centre + half)), y0 + 1, h);
    const std::uint32_t* row = counts.data() + static_cast<std::size_t>(r) * width;
    for (int x = 0; x < w; ++x) {
      const std::uint32_t n = row[x];
      if (n == 0) continue;
      ++cells;
      const QRgb shade = n < shades.size() ? shades[n] : shadeOf(n);
      for (int y = y0; y < y1; ++y) reinterpret_cast<QRgb*>(layer.scanLine(y))[x] = shade;
    }
  }
  m_painter.drawImage(plot.topLeft(), layer);
  return cells;
}

std::optional<QLineF> MessagePainter::clip(const QLineF& line) const {
  return SpaceTimeGeometry::clipX(line, m_geometry.plot().left(), m_geometry.plot().right());
}

void MessagePainter::arrow(const QLineF& line, double width, const QColor& color, bool head) {
  const double length = line.length();
  const double size = m_style.arrowHead * std::max(1.0, width / m_style.arrowWidth);
  const bool withHead = head && length > 1.5 * size;
  QLineF shaft = line;
  if (withHead) shaft.setLength(length - size * 0.8);
  m_painter.setPen(QPen(color, width, Qt::SolidLine, Qt::FlatCap));
  m_painter.drawLine(shaft);
  if (!withHead) return;
  const QPointF tip = line.p2();
  const QPointF unit = (line.p2() - line.p1()) / length;
  const QPointF normal(-unit.y(), unit.x());
  const QPointF base = tip - unit * size;
  const QPolygonF triangle{{tip, base + normal * (size * 0.42), base - normal * (size * 0.42)}};
  m_painter.setPen(Qt::NoPen);
  m_painter.setBrush(color);
  m_painter.drawPolygon(triangle);
}

} // namespace collscope::app
