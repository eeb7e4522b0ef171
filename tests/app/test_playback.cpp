// The playback cursor: stepping by event and round, playing at a speed, message states.
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "document/playback.h"

#include <QSignalSpy>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;
using collscope::test::at;

TEST_CASE("a new clock puts the cursor at the end, where everything is shown") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  Playback playback;
  QSignalSpy moved(&playback, &Playback::cursorChanged);
  playback.setClock(&doc->clock(AxisMode::time));
  CHECK(playback.atEnd());
  CHECK(playback.cursor() == Approx(doc->clock(AxisMode::time).end()));
  CHECK(moved.count() == 1);
  CHECK(playback.completedRounds() == 3);
}

TEST_CASE("stepping event by event visits every send and receive, then the ends") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  playback.toStart();
  CHECK(playback.cursor() == 0.0);
  const std::vector<double> expected = {at(0, 2), at(0, 5), at(1, 2), at(1, 5), at(2, 2), at(2, 5)};
  for (double t : expected) {
    playback.stepEvent(1);
    CHECK(playback.cursor() == Approx(t));
  }
  playback.stepEvent(1);
  CHECK(playback.atEnd());
  playback.stepEvent(-1);
  CHECK(playback.cursor() == Approx(at(2, 5)));
  playback.stepEvent(-1);
  CHECK(playback.cursor() == Approx(at(2, 2)));
}

TEST_CASE("stepping round by round: on a round axis the cursor lands on column borders") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::inferredRounds));
  playback.toStart();
  for (int k = 1; k <= 3; ++k) {
    playback.stepRound(1);
    CHECK(playback.cursor() == Approx(k));
    CHECK(playback.completedRounds() == k);
  }
  playback.stepRound(-1);
  CHECK(playback.cursor() == Approx(2));
  // Rounds are numbered from 0: round 1 is the second, complete at the border of column 1.
  CHECK(playback.setCursorRound(1));
  CHECK(playback.cursor() == Approx(2));
  CHECK(playback.completedRounds() == 2);
  CHECK(playback.setCursorRound(0));
  CHECK(playback.cursor() == Approx(1));
  CHECK_FALSE(playback.setCursorRound(3));
}

TEST_CASE("message states at the cursor: pending, in flight with progress, delivered") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  Playback playback;
  playback.setClock(&doc->clock(AxisMode::time));
  const int first = apptest::findMessage(*doc, 1, 0);
  const int last = apptest::findMessage(*doc, 4, 0);
  playback.setCursor(at(0, 3.5));
  CHECK(playback.messageState(first) == Playback::MessageState::inFlight);
  CHECK(playback.progress(first) == Approx(0.5));
  CHECK(playback.messageState(last) == Playback::MessageState::pending);
  CHECK(playback.progress(last) == 0.0);
  playback.setCursor(at(1, 0));
  CHECK(playback.messageState(first) == Playback::MessageState::delivered);
  CHECK(playback.progress(first) == 1.0);
}

TEST_CASE("playing advances by wall time times speed and pauses at the end") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  Playback playback;
  QSignalSpy playing(&playback, &Playback::playingChanged);
  playback.setClock(&doc->clock(AxisMode::inferredRounds));
  playback.play(); // from the end: starts over
  CHECK(playback.isPlaying());
  CHECK(playback.cursor() == 0.0);
  playback.advance(0.5);
  CHECK(playback.cursor() == Approx(0.5)); // one round per second at 1x
  playback.faster();
  CHECK(playback.speed() == 2.0);
  playback.advance(0.5);
  CHECK(playback.cursor() == Approx(1.5));
  playback.advance(10.0);
  CHECK(playback.atEnd());
  CHECK_FALSE(playback.isPlaying());
  CHECK(playing.count() == 2);
  playback.setSpeed(1000);
  CHECK(playback.speed() == 64.0);
}

TEST_CASE("switching the axis keeps the cursor at the same moment") {
  const auto doc = apptest::load(test::binomial_gather(8, 100));
  Playback playback;
  QSignalSpy clockChanged(&playback, &Playback::clockChanged);
  playback.setClock(&doc->clock(AxisMode::time));
  playback.setCursor(at(1, 7));
  playback.setClock(&doc->clock(AxisMode::inferredRounds));
  CHECK(playback.cursor() == Approx(2.0));
  CHECK(playback.completedRounds() == 2);
  playback.setClock(&doc->clock(AxisMode::time));
  CHECK(playback.cursor() == Approx(at(1, 5)));
  CHECK(clockChanged.count() == 3);
}
