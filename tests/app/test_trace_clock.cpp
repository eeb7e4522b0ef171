// Positions on the x axis: physical time, inferred rounds, annotated rounds.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"

#include <catch2/catch.hpp>
#include <random>

using namespace collscope;
using namespace collscope::app;
using collscope::test::at;

TEST_CASE("physical clock: messages at their times, a round ends with its last receive") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  const TraceClock& clock = doc->clock(AxisMode::time);
  CHECK_FALSE(clock.isRounds());
  CHECK(clock.end() == Approx(at(3, 0)));
  const int m = apptest::findMessage(*doc, 1, 0);
  CHECK(clock.messageStart(m) == Approx(at(0, 2)));
  CHECK(clock.messageEnd(m) == Approx(at(0, 5)));
  // Rounds 0, 1, 2 (as annotated, the same as inferred here), each complete with its last receive.
  REQUIRE(clock.roundEnds().size() == 3);
  for (int k = 0; k < 3; ++k) {
    REQUIRE(clock.roundEnd(k).has_value());
    CHECK(*clock.roundEnd(k) == Approx(at(k, 5)));
    CHECK(clock.roundEnds()[static_cast<std::size_t>(k)] == Approx(at(k, 5)));
  }
  CHECK_FALSE(clock.roundEnd(3).has_value());
  CHECK(clock.roundRange() == QStringLiteral("0..2"));
  CHECK(clock.completedRounds(at(1, 0)) == 1);
  const QString text = clock.progressText(clock.groupAt(at(1, 0)), at(1, 0));
  CHECK(text.startsWith(QStringLiteral("t = ")));
  CHECK(text.endsWith(QStringLiteral(" · 1 of 3 rounds complete")));
  // Mid-way through round 1: its first message is in flight.
  CHECK(clock.progressText(clock.groupAt(at(1, 3)), at(1, 3))
            .endsWith(QStringLiteral(" · round 1 in flight · 1 of 3 rounds complete")));
  CHECK(clock.progressText(clock.groupAt(clock.end()), clock.end())
            .endsWith(QStringLiteral(" · all 3 rounds")));
  CHECK(clock.completedRounds(clock.end()) == 3);
  const std::vector<double> events = {at(0, 2), at(0, 5), at(1, 2), at(1, 5), at(2, 2), at(2, 5)};
  REQUIRE(clock.events().size() == events.size());
  for (std::size_t i = 0; i < events.size(); ++i) CHECK(clock.events()[i] == Approx(events[i]));
}

TEST_CASE("round clocks: a message of round c runs forward inside its round column") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  for (AxisMode mode : {AxisMode::inferredRounds, AxisMode::annotatedRounds}) {
    const TraceClock& clock = doc->clock(mode);
    CHECK(clock.isRounds());
    CHECK(clock.columnCount() == 3);
    CHECK(clock.end() == 3.0);
    const std::pair<int, int> pairs[] = {{1, 0}, {3, 2}, {2, 0}, {6, 4}, {4, 0}};
    const int rounds[] = {0, 0, 1, 1, 2};
    for (std::size_t i = 0; i < 5; ++i) {
      const int m = apptest::findMessage(*doc, pairs[i].first, pairs[i].second);
      CHECK(clock.messageRound(m) == rounds[i]);
      // Strictly inside its column, leaving a gap at both edges so rounds read apart, and
      // placed like every other message of its round so the columns line up.
      CHECK(clock.messageStart(m) > rounds[i]);
      CHECK(clock.messageEnd(m) > clock.messageStart(m));
      CHECK(clock.messageEnd(m) < rounds[i] + 1);
      CHECK(clock.messageStart(m) - rounds[i] ==
            Approx(clock.messageStart(apptest::findMessage(*doc, 1, 0))));
      CHECK(clock.messageEnd(m) - rounds[i] ==
            Approx(clock.messageEnd(apptest::findMessage(*doc, 1, 0))));
    }
  }
  // Both axes number their columns from 0, and a round ends at its column's border.
  CHECK(doc->clock(AxisMode::inferredRounds).columnLabel(0) == QStringLiteral("0"));
  CHECK(doc->clock(AxisMode::annotatedRounds).columnLabel(0) == QStringLiteral("0"));
  CHECK(doc->clock(AxisMode::annotatedRounds).columnLabel(2) == QStringLiteral("2"));
  CHECK(*doc->clock(AxisMode::annotatedRounds).roundEnd(2) == 3.0);
  CHECK(*doc->clock(AxisMode::inferredRounds).roundEnd(0) == 1.0);
  CHECK_FALSE(doc->clock(AxisMode::inferredRounds).roundEnd(3).has_value());
}

TEST_CASE("round clocks keep every rank's moments in program order") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  const TraceClock& clock = doc->clock(AxisMode::inferredRounds);
  for (int rank = 0; rank < doc->rankCount(); ++rank) {
    double last = -1.0;
    for (double t = 0; t <= at(3, 0); t += 0.25e-6) {
      const double x = clock.x(rank, t);
      CHECK(x >= last);
      CHECK(x >= clock.begin());
      CHECK(x <= clock.end());
      last = x;
    }
  }
}

TEST_CASE("a linear pipeline shows its diagonal: block b reaches rank v in round v - 1 + b") {
  const int p = 4, blocks = 3;
  const auto doc = apptest::load(test::pipeline_bcast(p, blocks, 64));
  const TraceClock& clock = doc->clock(AxisMode::inferredRounds);
  CHECK(clock.columnCount() == p - 1 + blocks - 1);
  CHECK(doc->clock(AxisMode::annotatedRounds).columnCount() == 0);
  std::vector<int> seen(p, 0);
  for (std::size_t m = 0; m < doc->trace().messages.size(); ++m) {
    const int v = doc->trace().messages[m].receiver;
    const int b = seen[static_cast<std::size_t>(v)]++;
    CHECK(clock.messageRound(static_cast<int>(m)) == v - 1 + b);
  }
}

TEST_CASE("candidates() holds every message overlapping a window") {
  const auto doc = apptest::load(test::ring_allgather(7, 10));
  std::mt19937 random(7);
  for (AxisMode mode : {AxisMode::time, AxisMode::inferredRounds}) {
    const TraceClock& clock = doc->clock(mode);
    std::uniform_real_distribution<double> where(clock.begin(), clock.end());
    for (int trial = 0; trial < 50; ++trial) {
      double x0 = where(random), x1 = where(random);
      if (x0 > x1) std::swap(x0, x1);
      const auto [first, last] = clock.candidates(x0, x1);
      std::vector<bool> in(doc->trace().messages.size(), false);
      for (std::size_t i = first; i < last; ++i)
        in[static_cast<std::size_t>(clock.messagesByStart()[i])] = true;
      for (std::size_t m = 0; m < in.size(); ++m) {
        const bool overlaps = clock.messageStart(static_cast<int>(m)) <= x1 &&
                              clock.messageEnd(static_cast<int>(m)) >= x0;
        if (overlaps) CHECK(in[m]);
      }
    }
  }
}

TEST_CASE("switching axes: a moment maps to the latest completed message") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  const TraceClock& rounds = doc->clock(AxisMode::inferredRounds);
  CHECK(rounds.xAt(at(1, 6)) == Approx(2.0));
  CHECK(rounds.timeAt(2.0) == Approx(at(1, 5)));
  CHECK(rounds.timeAt(1.9) == Approx(at(0, 5)));
  CHECK(rounds.xAt(0.0) == 0.0);
  CHECK(doc->clock(AxisMode::time).xAt(1e-6) == 1e-6);
}
