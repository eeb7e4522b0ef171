// Numbers as the app prints and parses them.
#include "format/units.h"

#include <catch2/catch.hpp>

using namespace collscope::app;

TEST_CASE("durations are printed with three significant digits in a fitting unit") {
  CHECK(formatDuration(0.0) == QStringLiteral("0 s"));
  CHECK(formatDuration(1.5e-3) == QStringLiteral("1.50 ms"));
  CHECK(formatDuration(850e-6) == QStringLiteral("850 µs"));
  CHECK(formatDuration(12.5e-9) == QStringLiteral("12.5 ns"));
  CHECK(formatDuration(2.0) == QStringLiteral("2.00 s"));
  CHECK(timeUnitFor(3e-4).suffix == QStringLiteral("µs"));
}

TEST_CASE("byte counts and big counts read at a glance") {
  CHECK(formatBytes(512) == QStringLiteral("512 B"));
  CHECK(formatBytes(48000) == QStringLiteral("48.0 kB"));
  CHECK(formatBytes(2'800'000) == QStringLiteral("2.80 MB"));
  CHECK(formatCount(1'000'000) == QStringLiteral("1,000,000"));
}

TEST_CASE("times typed by a user: plain seconds or with a unit, never negative") {
  CHECK(parseDuration(QStringLiteral("2e-6")) == Approx(2e-6));
  CHECK(parseDuration(QStringLiteral("2 us")) == Approx(2e-6));
  CHECK(parseDuration(QStringLiteral("2µs")) == Approx(2e-6));
  CHECK(parseDuration(QStringLiteral("0.5ms")) == Approx(5e-4));
  CHECK(parseDuration(QStringLiteral("3 ns")) == Approx(3e-9));
  CHECK_FALSE(parseDuration(QStringLiteral("-1")));
  CHECK_FALSE(parseDuration(QStringLiteral("fast")));
  CHECK_FALSE(parseDuration(QStringLiteral("2 parsecs")));
}

TEST_CASE("α and β typed by a user: a value in seconds, or one line saying what is wrong") {
  const QString a = QStringLiteral("α");
  CHECK(*readParameter(a, QStringLiteral("2 µs"), false).seconds == Approx(2e-6));
  CHECK(*readParameter(a, QStringLiteral("0.2 ns/byte"), true).seconds == Approx(2e-10));
  CHECK(*readParameter(a, QStringLiteral("0.2 ns / B"), true).seconds == Approx(2e-10));
  CHECK_FALSE(readParameter(a, QStringLiteral("0.2 ns/byte"), false).seconds);
  CHECK(readParameter(a, QStringLiteral("NaN"), false).error ==
        QStringLiteral("α must be finite, not NaN"));
  CHECK(readParameter(a, QStringLiteral("inf"), false).error ==
        QStringLiteral("α must be finite, not inf"));
  CHECK(readParameter(a, QStringLiteral("-1"), false).error ==
        QStringLiteral("α cannot be negative (-1)"));
  CHECK(readParameter(a, QStringLiteral("fast"), false)
            .error.startsWith(QStringLiteral("α: 'fast' is not a time")));
  CHECK(readParameter(a, QStringLiteral("2 us"), false).error.isEmpty());
}
