// The pure x-axis geometry: time ↔ pixel, round ↔ pixel, zoom about a point, pan, fit, ticks.
#include "geometry/roundaxis.h"
#include "geometry/timeaxis.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace collscope::app;

namespace {

TimeAxis axisOver(double begin, double end) {
  TimeAxis axis;
  axis.setExtent(begin, end);
  axis.setPixelRange(100, 1000);
  return axis;
}

} // namespace

TEST_CASE("a fitted time axis shows the extent with a small margin and maps both ways") {
  const TimeAxis axis = axisOver(0.0, 10.0);
  CHECK(axis.isFitted());
  CHECK(axis.viewBegin() == Approx(-10.0 * LinearAxis::margin));
  CHECK(axis.viewEnd() == Approx(10.0 * (1 + LinearAxis::margin)));
  CHECK(axis.toPixel(axis.viewBegin()) == Approx(100));
  CHECK(axis.toPixel(axis.viewEnd()) == Approx(1100));
  for (double px : {100.0, 350.5, 777.0, 1100.0})
    CHECK(axis.toPixel(axis.fromPixel(px)) == Approx(px));
  CHECK(axis.toPixel(5.0) == Approx(600));
}

TEST_CASE("zoom keeps the value under the anchor pixel where it was") {
  TimeAxis axis = axisOver(0.0, 10.0);
  for (double anchor : {100.0, 420.0, 1100.0}) {
    axis.fit();
    const double under = axis.fromPixel(anchor);
    const double span = axis.viewEnd() - axis.viewBegin();
    axis.zoom(4.0, anchor);
    CHECK(axis.fromPixel(anchor) == Approx(under));
    CHECK(axis.viewEnd() - axis.viewBegin() == Approx(span / 4.0));
    CHECK_FALSE(axis.isFitted());
  }
}

TEST_CASE("zoom stops at the whole extent and at the minimum span") {
  TimeAxis axis = axisOver(0.0, 10.0);
  axis.zoom(0.01, 500);
  CHECK(axis.isFitted());
  axis.setMinimumSpan(0.5);
  axis.zoom(1e6, 500);
  CHECK(axis.viewEnd() - axis.viewBegin() == Approx(0.5));
}

TEST_CASE("pan moves the content by pixels and stops at the edges of the extent") {
  TimeAxis axis = axisOver(0.0, 10.0);
  axis.zoom(5.0, 600);
  const double begin = axis.viewBegin();
  const double perPixel = 1.0 / axis.pixelsPerUnit();
  axis.pan(-100);
  CHECK(axis.viewBegin() == Approx(begin + 100 * perPixel));
  axis.pan(1e9);
  CHECK(axis.viewBegin() == Approx(-10.0 * LinearAxis::margin));
  axis.pan(-1e9);
  CHECK(axis.viewEnd() == Approx(10.0 * (1 + LinearAxis::margin)));
  axis.fit();
  CHECK(axis.isFitted());
}

TEST_CASE("time ticks fall on 1-2-5 steps, are spaced apart and labelled in one unit") {
  TimeAxis axis = axisOver(0.0, 2e-3);
  const auto ticks = axis.ticks(80);
  REQUIRE(ticks.size() >= 3);
  CHECK(axis.title() == QStringLiteral("time since trace start [ms]"));
  const double step = ticks[1].value - ticks[0].value;
  const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
  CHECK((mantissa == Approx(1) || mantissa == Approx(2) || mantissa == Approx(5)));
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    CHECK(ticks[i].pixel >= 100 - 1e-6);
    CHECK(ticks[i].pixel <= 1100 + 1e-6);
    if (i > 0) CHECK(ticks[i].pixel - ticks[i - 1].pixel >= 80 - 1e-6);
  }
  CHECK(ticks[0].label == QStringLiteral("0.0"));
  axis.zoom(1000, 600);
  CHECK(axis.title() == QStringLiteral("time since trace start [ms]"));
  CHECK(axis.ticks(80).size() >= 3);
}

TEST_CASE("round axis: column c spans c to c + 1, ticks carry the round names") {
  RoundAxis axis;
  axis.setRounds(
      7, [](int c) { return QStringLiteral("R%1").arg(c + 1); }, QStringLiteral("round"));
  axis.setPixelRange(0, 714);
  CHECK(axis.columns() == 7);
  for (int c = 0; c < 7; ++c) {
    CHECK(axis.columnAt(axis.columnCenter(c)) == c);
    CHECK(axis.columnCenter(c) - axis.columnLeft(c) == Approx(axis.columnWidth() / 2));
  }
  auto ticks = axis.ticks(10);
  REQUIRE(ticks.size() == 7);
  CHECK(ticks.front().label == QStringLiteral("R1"));
  CHECK(ticks.back().label == QStringLiteral("R7"));
  ticks = axis.ticks(250); // columns ~100 px wide: every third one
  CHECK(ticks.size() == 3);
  axis.zoom(100, 357);
  CHECK(axis.viewEnd() - axis.viewBegin() == Approx(0.5));
}
