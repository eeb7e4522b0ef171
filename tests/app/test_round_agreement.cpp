// One round numbering: at the same cursor every view (space-time on each axis, tree, circulant,
// data, delays, statistics) says the same "K of N rounds complete", on recorded runs of a
// gather, an allgather and a broadcast — read from what the views actually paint.
#include "app_fixtures.h"
#include "models/statisticsmodel.h"
#include "views/viewregistry.h"

#include <QPaintDevice>
#include <QPaintEngine>
#include <QRegularExpression>
#include <catch2/catch.hpp>
#include <map>
#include <set>

using namespace collscope;
using namespace collscope::app;

namespace {

// A paint device that keeps the text drawn on it and nothing else.
class TextEngine : public QPaintEngine {
public:
  TextEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}
  QStringList texts;
  bool begin(QPaintDevice*) override { return true; }
  bool end() override { return true; }
  void updateState(const QPaintEngineState&) override {}
  void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
  void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {}
  void drawTiledPixmap(const QRectF&, const QPixmap&, const QPointF&) override {}
  void drawPath(const QPainterPath&) override {}
  void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
  void drawLines(const QLineF*, int) override {}
  void drawRects(const QRectF*, int) override {}
  void drawEllipse(const QRectF&) override {}
  void drawPoints(const QPointF*, int) override {}
  void drawTextItem(const QPointF&, const QTextItem& item) override { texts << item.text(); }
  Type type() const override { return QPaintEngine::User; }
};

class TextDevice : public QPaintDevice {
public:
  explicit TextDevice(QSize size) : m_size(size) {}
  QPaintEngine* paintEngine() const override { return &m_engine; }
  QStringList texts() const { return m_engine.texts; }

protected:
  int metric(PaintDeviceMetric m) const override {
    switch (m) {
    case PdmWidth:
      return m_size.width();
    case PdmHeight:
      return m_size.height();
    case PdmWidthMM:
      return m_size.width() * 254 / 960;
    case PdmHeightMM:
      return m_size.height() * 254 / 960;
    case PdmDepth:
      return 32;
    case PdmDpiX:
    case PdmDpiY:
    case PdmPhysicalDpiX:
    case PdmPhysicalDpiY:
      return 96;
    case PdmDevicePixelRatio:
      return 1;
    case PdmDevicePixelRatioScaled:
      return static_cast<int>(QPaintDevice::devicePixelRatioFScale());
    default:
      return 0;
    }
  }

private:
  QSize m_size;
  mutable TextEngine m_engine;
};

// The round progress a view paints, without the "t = … · " part the time axis adds.
QString paintedProgress(TraceView& view, const Playback& playback) {
  TextDevice device(QSize(1600, 1000));
  {
    QPainter painter(&device);
    view.render(painter, QRect(0, 0, 1600, 1000), playback);
  }
  static const QRegularExpression progress(
      QStringLiteral("(round \\d+ in flight · )?(\\d+ of \\d+ rounds complete|all \\d+ rounds|"
                     "1 round)$"));
  QString found;
  for (const QString& text : device.texts()) {
    const QRegularExpressionMatch match = progress.match(text);
    if (match.hasMatch()) found = match.captured(0);
  }
  return found;
}

} // namespace

// The part of a progress text that names rounds ("t = 1 ms · " dropped).
QString roundsPart(const QString& text) {
  const qsizetype t = text.indexOf(QStringLiteral("t = "));
  return t == 0 ? text.mid(text.indexOf(QStringLiteral(" · ")) + 3) : text;
}

TEST_CASE("every view says the same about the rounds at the same cursor", "[rounds]") {
  // Recorded runs of a binomial gather (3 rounds), a ring allgather (7) and a pipelined bcast.
  const std::map<std::string, int> runs{
      {"gather_binomial_p8", 3}, {"allgather_ring_p8", 7}, {"bcast_pipeline_p8", -1}};
  for (const auto& [name, known] : runs) {
    CAPTURE(name);
    const auto doc = apptest::recorded(name.c_str());
    const int rounds = doc->analyses().annotated.rounds;
    if (known > 0) CHECK(rounds == known);
    REQUIRE(rounds > 1);
    for (const AxisMode mode :
         {AxisMode::time, AxisMode::inferredRounds, AxisMode::annotatedRounds}) {
      CAPTURE(static_cast<int>(mode));
      const TraceClock& clock = doc->clock(mode);
      Playback playback;
      playback.setClock(&clock);
      StatisticsModel statistics(const_cast<TraceDocument*>(doc.get()));
      statistics.setPlayback(&playback);
      const int atCursor = statistics.rowOf(QStringLiteral("At the cursor"));
      REQUIRE(atCursor >= 0);
      std::map<QString, std::unique_ptr<TraceView>> views;
      for (const ViewInfo& info : ViewRegistry::instance().views())
        views[info.name] = info.create({doc.get(), nullptr});
      REQUIRE(views.size() >= 5);
      REQUIRE(clock.roundEnds().size() == static_cast<std::size_t>(rounds));
      // Cursors: the start, just before and at where each round completes (`--round K`).
      std::vector<std::pair<double, QString>> cursors{
          {clock.begin(), QStringLiteral("0 of %1 rounds complete").arg(rounds)}};
      for (int k = 0; k < rounds; ++k) {
        const double end = *clock.roundEnd(k);
        const double before = std::nextafter(clock.roundTimes(0).complete[k], -1.0);
        cursors.emplace_back(before, QStringLiteral("%1 of %2 rounds complete").arg(k).arg(rounds));
        cursors.emplace_back(
            end, k + 1 == rounds
                     ? QStringLiteral("all %1 rounds").arg(rounds)
                     : QStringLiteral("%1 of %2 rounds complete").arg(k + 1).arg(rounds));
      }
      for (const auto& [x, expected] : cursors) {
        playback.setCursor(x);
        std::map<QString, QString> said;
        for (const auto& [view, instance] : views)
          said[view] = paintedProgress(*instance, playback);
        said[QStringLiteral("statistics")] = roundsPart(
            statistics.data(statistics.index(atCursor, StatisticsModel::Value)).toString());
        for (const auto& [view, text] : said) {
          CAPTURE(x, view, text, expected);
          CHECK(text.endsWith(expected));
        }
      }
    }
  }
}
