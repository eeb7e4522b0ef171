#include "text_probe.h"

#include <QFontMetricsF>
#include <QTextItem>
#include <cmath>

namespace collscope::test {

namespace {

class ProbeEngine : public QPaintEngine {
public:
  ProbeEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}
  bool begin(QPaintDevice*) override { return true; }
  bool end() override { return true; }
  void updateState(const QPaintEngineState& changed) override {
    if (changed.state() & QPaintEngine::DirtyTransform) m_transform = changed.transform();
  }
  void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
  void drawPath(const QPainterPath&) override {}
  void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
  void drawPolygon(const QPoint*, int, PolygonDrawMode) override {}
  void drawRects(const QRectF*, int) override {}
  void drawRects(const QRect*, int) override {}
  void drawLines(const QLineF*, int) override {}
  void drawLines(const QLine*, int) override {}
  void drawEllipse(const QRectF&) override {}
  void drawPoints(const QPointF*, int) override {}
  void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {}
  void drawTiledPixmap(const QRectF&, const QPixmap&, const QPointF&) override {}
  void drawTextItem(const QPointF& p, const QTextItem& item) override {
    const QFont font = item.font();
    const double size = font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * 96.0 / 72.0;
    const double scale = std::sqrt(std::abs(m_transform.determinant()));
    const QFontMetricsF metrics(font);
    const QRectF local(p.x(), p.y() - metrics.ascent(), item.width(), metrics.height());
    texts.push_back({item.text(), size * scale, m_transform.mapRect(local)});
  }
  Type type() const override { return QPaintEngine::User; }

  std::vector<ProbedText> texts;

private:
  QTransform m_transform;
};

} // namespace

TextProbe::TextProbe(int width, int height)
    : m_width(width), m_height(height), m_engine(std::make_unique<ProbeEngine>()) {}
TextProbe::~TextProbe() = default;

QPaintEngine* TextProbe::paintEngine() const {
  return m_engine.get();
}

const std::vector<ProbedText>& TextProbe::texts() const {
  return static_cast<const ProbeEngine&>(*m_engine).texts;
}

const ProbedText* TextProbe::smallest() const {
  const ProbedText* least = nullptr;
  for (const ProbedText& t : texts())
    if (!t.text.trimmed().isEmpty() && (!least || t.pixels < least->pixels)) least = &t;
  return least;
}

int TextProbe::metric(PaintDeviceMetric metric) const {
  switch (metric) {
  case PdmWidth:
    return m_width;
  case PdmHeight:
    return m_height;
  case PdmWidthMM:
    return m_width * 254 / 960;
  case PdmHeightMM:
    return m_height * 254 / 960;
  case PdmDpiX:
  case PdmDpiY:
  case PdmPhysicalDpiX:
  case PdmPhysicalDpiY:
    return 96;
  case PdmNumColors:
    return 1 << 24;
  case PdmDepth:
    return 32;
  case PdmDevicePixelRatio:
    return 1;
  case PdmDevicePixelRatioScaled:
    return static_cast<int>(QPaintDevice::devicePixelRatioFScale());
  default:
    return 0;
  }
}

} // namespace collscope::test
