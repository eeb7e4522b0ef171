// The presenting window, offscreen: what a clicker sends steps a scene's rounds, then the
// slides; Left goes back; a typed number and Enter jump; B blanks; P shows the presenter view
// with the notes, "slide N of M" and the scene's round.
#include "algorithm_traces.hpp"
#include "mainwindow.h"
#include "presentation.h"
#include "slides/deck.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QMenuBar>
#include <QPointer>
#include <QScreen>
#include <QTest>
#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::app;

namespace {

slides::Deck gatherDeck(const test::TempDir& dir) {
  test::binomial_gather(8, 1000).write(dir / "traces" / "gather8");
  const QString text =
      QStringLiteral("# Title\n"
                     "---\n"
                     "## Gather\n"
                     "```scene\ntrace: traces/gather8\nview: tree\nsteps: rounds\n```\n"
                     "Note: three rounds\n"
                     "---\n"
                     "## Last\n"
                     "```scene\ntrace: traces/gather8\nview: timeline\n```\n");
  return slides::parseDeck(text, QString::fromStdString((dir / "deck.md").string()));
}

int darkShare(const QImage& image) {
  int dark = 0, all = 0;
  for (int y = 0; y < image.height(); y += 4)
    for (int x = 0; x < image.width(); x += 4, ++all)
      if (qGray(image.pixel(x, y)) < 40) ++dark;
  return 100 * dark / all;
}

} // namespace

TEST_CASE("clicker keys step the rounds, then the slides", "[presenter]") {
  test::TempDir dir;
  const slides::Deck deck = gatherDeck(dir);
  REQUIRE(deck.errors.empty());
  Presentation presentation(deck, {false, false});
  presentation.start();
  PresentationWindow* window = presentation.audience();
  REQUIRE(window != nullptr);
  REQUIRE(QTest::qWaitForWindowExposed(window));
  using P = slides::DeckPosition;
  CHECK(presentation.position() == P{0, 0});
  QTest::keyClick(window, Qt::Key_Right);
  CHECK(presentation.position() == P{1, 0});
  QTest::keyClick(window, Qt::Key_Space);
  CHECK(presentation.position() == P{1, 1});
  QTest::keyClick(window, Qt::Key_PageDown);
  CHECK(presentation.position() == P{1, 2}); // round 2: the gather's last
  QTest::keyClick(window, Qt::Key_Right);
  CHECK(presentation.position() == P{2, 0});
  QTest::keyClick(window, Qt::Key_Right);
  CHECK(presentation.position() == P{2, 0}); // the end stays
  QTest::keyClick(window, Qt::Key_Left);
  CHECK(presentation.position() == P{1, 2});
  QTest::keyClick(window, Qt::Key_PageUp);
  CHECK(presentation.position() == P{1, 1});
  // The scene's cursor follows: after step 1, two of the three rounds are complete.
  CHECK(presentation.library().state(1, 0).playback->completedRounds() == 2);

  QTest::keyClick(window, Qt::Key_3);
  CHECK(presentation.typedNumber() == QStringLiteral("3"));
  QTest::keyClick(window, Qt::Key_Return);
  CHECK(presentation.position() == P{2, 0});
  QTest::keyClick(window, Qt::Key_1);
  QTest::keyClick(window, Qt::Key_Enter);
  CHECK(presentation.position() == P{0, 0});

  // B blanks the audience's screen, and again shows it.
  window->resize(800, 600);
  QApplication::processEvents();
  CHECK(darkShare(window->slide()->grab().toImage()) < 50);
  QTest::keyClick(window, Qt::Key_B);
  CHECK(presentation.isBlank());
  CHECK(darkShare(window->slide()->grab().toImage()) > 95);
  QTest::keyClick(window, Qt::Key_B);
  CHECK_FALSE(presentation.isBlank());

  // One screen: P turns the window into the presenter view and back.
  REQUIRE(presentation.presenterWindow() == nullptr);
  QTest::keyClick(window, Qt::Key_2);
  QTest::keyClick(window, Qt::Key_Return);
  QTest::keyClick(window, Qt::Key_Right);
  QTest::keyClick(window, Qt::Key_P);
  CHECK(window->showsPresenter());
  PresenterWidget* presenter = window->presenter();
  CHECK(presenter->notesText().contains(QStringLiteral("three rounds")));
  CHECK(presenter->statusText().contains(QStringLiteral("slide 2 of 3")));
  CHECK(presenter->statusText().contains(QStringLiteral("round 1 · 2 of 3")));
  CHECK(presenter->current()->position() == P{1, 1});
  CHECK(presenter->next()->position() == P{1, 2});
  QTest::keyClick(window, Qt::Key_Right); // the keys still step in the presenter view
  CHECK(presenter->current()->position() == P{1, 2});
  CHECK(presenter->next()->position() == P{2, 0});
  QTest::keyClick(window, Qt::Key_P);
  CHECK_FALSE(window->showsPresenter());
}

TEST_CASE("File ▸ Present opens the talk's window beside the app; Q ends it", "[presenter]") {
  test::TempDir dir;
  const slides::Deck deck = gatherDeck(dir);
  const QString path = QString::fromStdString((dir / "deck.md").string());
  {
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write("# Title\n---\n## Gather\n```scene\ntrace: traces/gather8\nview: tree\nsteps: "
               "rounds\n```\n");
  }
  MainWindow window;
  window.show();
  bool hasAction = false;
  for (QAction* menu : window.menuBar()->actions())
    for (QAction* action : menu->menu() ? menu->menu()->actions() : QList<QAction*>{})
      hasAction = hasAction || action->text() == QStringLiteral("&Present…");
  CHECK(hasAction);
  window.present(path);
  QPointer<PresentationWindow> talk;
  for (QWidget* w : QApplication::topLevelWidgets())
    if (auto* p = qobject_cast<PresentationWindow*>(w); p && p->isVisible()) talk = p;
  REQUIRE(talk);
  CHECK(talk->isFullScreen());
  QTest::keyClick(talk, Qt::Key_Right);
  QTest::keyClick(talk, Qt::Key_Right);
  CHECK(talk->slide()->position() == slides::DeckPosition{1, 1});
  QTest::keyClick(talk, Qt::Key_Q);
  for (int i = 0; i < 50 && talk; ++i) QTest::qWait(20);
  CHECK_FALSE(talk); // the presentation and its windows are gone; the app stays
  CHECK(window.isVisible());
}

TEST_CASE("a deck's runs record in the background and R records them again", "[.][mpi]") {
  test::TempDir dir;
  qputenv("XDG_CACHE_HOME", QByteArray::fromStdString((dir / "cache").string()));
  const slides::Deck deck = slides::parseDeck(
      QStringLiteral("## Gather\n```scene\nrun: gather --algorithm binomial --root 3 --count 100 "
                     "-np 4\nview: tree\nsteps: rounds\n```\n"),
      QString::fromStdString((dir / "deck.md").string()));
  REQUIRE(deck.errors.empty());
  Presentation presentation(deck, {false, false});
  presentation.start();
  PresentationWindow* window = presentation.audience();
  slides::SceneLibrary& library = presentation.library();
  // The window is up while the run records; the presenter's status line says so.
  CHECK(library.busy());
  QTest::keyClick(window, Qt::Key_P);
  CHECK(window->presenter()->statusText().contains(QStringLiteral("recording 1 of 1: gather")));
  const auto waitIdle = [&] {
    for (int i = 0; i < 1500 && library.busy(); ++i) QTest::qWait(40);
    return !library.busy();
  };
  REQUIRE(waitIdle());
  INFO(library.state(0, 0).message.toStdString());
  REQUIRE(library.state(0, 0).status == slides::SceneState::Status::ready);
  CHECK(library.steps().steps(0) == 2); // p = 4: rounds 0 and 1
  QTest::keyClick(window, Qt::Key_Right);
  CHECK(presentation.position() == slides::DeckPosition{0, 1});
  CHECK(window->presenter()->statusText().contains(QStringLiteral("round 1 · 2 of 2")));

  // R records again; the figure stays on show meanwhile and the new trace replaces it.
  const std::weak_ptr<TraceDocument> before = library.state(0, 0).document;
  QTest::keyClick(window, Qt::Key_R);
  CHECK(library.busy());
  CHECK(library.state(0, 0).status == slides::SceneState::Status::ready);
  CHECK(window->presenter()->statusText().contains(QStringLiteral("recording 1 of 1")));
  REQUIRE(waitIdle());
  CHECK(before.expired()); // the old trace is gone, a new one loaded
  CHECK(library.state(0, 0).document != nullptr);
  CHECK(library.state(0, 0).status == slides::SceneState::Status::ready);
  CHECK(presentation.position() == slides::DeckPosition{0, 1}); // the talk keeps its place
  qunsetenv("XDG_CACHE_HOME");
}

// Run with QT_QPA_PLATFORM=offscreen:configfile=two_screens.json (a laptop and a projector).
TEST_CASE("with two screens the audience gets the projector, the lecturer the presenter view",
          "[.][twoscreens]") {
  REQUIRE(QGuiApplication::screens().size() == 2);
  test::TempDir dir;
  const slides::Deck deck = gatherDeck(dir);
  Presentation presentation(deck, {false, true});
  presentation.start();
  PresentationWindow* audience = presentation.audience();
  PresentationWindow* presenter = presentation.presenterWindow();
  REQUIRE(presenter != nullptr);
  REQUIRE(QTest::qWaitForWindowExposed(audience));
  QScreen* projector = QGuiApplication::screens().at(1);
  CHECK(audience->screen() == projector);
  CHECK(audience->isFullScreen());
  CHECK(audience->geometry() == projector->geometry());
  CHECK_FALSE(audience->showsPresenter());
  CHECK(presenter->screen() == QGuiApplication::screens().at(0));
  CHECK(presenter->showsPresenter());
  // The lecturer's keyboard drives both; P does nothing (the presenter has its own window).
  QTest::keyClick(presenter, Qt::Key_Right);
  QTest::keyClick(presenter, Qt::Key_Right);
  CHECK(audience->slide()->position() == slides::DeckPosition{1, 1});
  CHECK(presenter->presenter()->current()->position() == slides::DeckPosition{1, 1});
  QTest::keyClick(presenter, Qt::Key_P);
  CHECK_FALSE(audience->showsPresenter());
  QTest::keyClick(presenter, Qt::Key_B);
  CHECK(audience->slide()->isBlank());
  CHECK_FALSE(presenter->presenter()->current()->isBlank()); // the lecturer still sees it
}
