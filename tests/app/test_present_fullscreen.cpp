// F under a bare X server: run under xvfb-run with QT_QPA_PLATFORM=xcb (no window manager).
// showFullScreen() alone only asks a window manager for the screen; with none the window kept
// its 1024×768. The audience window must cover the screen and give it back on Escape.
#include "algorithm_traces.hpp"
#include "presentation.h"
#include "slides/deck.h"

#include <QGuiApplication>
#include <QScreen>
#include <QTest>
#include <catch2/catch.hpp>
#include <functional>

using namespace collscope;
using namespace collscope::app;

namespace {

slides::Deck textDeck(const test::TempDir& dir) {
  return slides::parseDeck(QStringLiteral("# Title\n---\n## Second\n- a point\n"),
                           QString::fromStdString((dir / "deck.md").string()));
}

bool waitFor(const std::function<bool()>& condition) {
  for (int i = 0; i < 150 && !condition(); ++i) QTest::qWait(20);
  return condition();
}

} // namespace

TEST_CASE("F covers the screen without a window manager; Escape gives the window back",
          "[.][xcb]") {
  REQUIRE(QGuiApplication::platformName() == QStringLiteral("xcb"));
  test::TempDir dir;
  Presentation presentation(textDeck(dir), {false, false}); // --window
  presentation.start();
  PresentationWindow* window = presentation.audience();
  REQUIRE(QTest::qWaitForWindowExposed(window));
  const QRect screen = window->screen()->geometry();
  const QRect before = window->geometry();
  INFO("screen " << screen.width() << "x" << screen.height() << ", window " << before.width()
                 << "x" << before.height());
  REQUIRE(before.size() != screen.size()); // xvfb-run's screen is bigger than 1024×768

  QTest::keyClick(window, Qt::Key_F);
  CHECK(window->isFullScreen());
  CHECK(waitFor([&] { return window->geometry() == screen; }));
  CHECK(waitFor([&] { return window->slide()->size() == screen.size(); }));

  QTest::keyClick(window, Qt::Key_Escape);
  CHECK_FALSE(window->isFullScreen());
  CHECK(waitFor([&] { return window->geometry().size() == before.size(); }));

  QTest::keyClick(window, Qt::Key_F); // and again: F toggles
  CHECK(waitFor([&] { return window->geometry() == screen; }));
}

TEST_CASE("present starts full screen without a window manager", "[.][xcb]") {
  REQUIRE(QGuiApplication::platformName() == QStringLiteral("xcb"));
  test::TempDir dir;
  Presentation presentation(textDeck(dir), {false, true});
  presentation.start();
  PresentationWindow* window = presentation.audience();
  REQUIRE(QTest::qWaitForWindowExposed(window));
  CHECK(window->isFullScreen());
  CHECK(waitFor([&] { return window->geometry() == window->screen()->geometry(); }));
}
