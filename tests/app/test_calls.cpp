// A program of several calls in the app: the call list (an item model under
// QAbstractItemModelTester), a call's own document scoping every view (its messages alone,
// times and rounds from 0, the title naming it), `--call N` on the headless export, and two
// runs side by side on one axis (pixels checked).
#include "algorithm_traces.hpp"
#include "app_fixtures.h"
#include "cli/commandline.h"
#include "document/collectiveinstance.h"
#include "document/communicationtree.h"
#include "export/headlessexport.h"
#include "export/viewexporter.h"
#include "models/calllistmodel.h"
#include "models/statisticsmodel.h"
#include "paint/legendpainter.h"
#include "run/lecturerun.h"
#include "views/comparisonview.h"
#include "views/spacetimeview.h"

#include <QAbstractItemModelTester>
#include <QImage>
#include <algorithm>
#include <catch2/catch.hpp>
#include <otf2/otf2.h>
#include <set>

using namespace collscope;
using namespace collscope::app;

namespace {

constexpr int p = 6;
constexpr int root = 2;

// Dark pixels along the middle of a message's line (the arrow).
bool drawn(const QImage& image, const QLineF& line) {
  for (double f : {0.3, 0.5, 0.7})
    if (!apptest::anyNear(image, line.pointAt(f), 2, apptest::isDark)) return false;
  return true;
}

QString runExport(const QStringList& arguments, int& status) {
  const CommandLine cl = parseCommandLine(arguments);
  REQUIRE(cl.error.isEmpty());
  QString outText, errText;
  QTextStream out(&outText), err(&errText);
  status = runHeadlessExport(cl.options, out, err);
  return outText + errText;
}

} // namespace

TEST_CASE("the call list: whole program first, one row per call, nested calls as children") {
  const auto whole = apptest::load(apptest::barrierProgram(p, root));
  REQUIRE(whole->calls().size() == 6);
  CallListModel model(whole.get());
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  REQUIRE(model.rowCount() == 7);
  const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
  CHECK(text(0, CallListModel::Name) == QStringLiteral("Whole program"));
  CHECK(model.index(0, 0).data(CallListModel::CallRole).toInt() == -1);
  CHECK(text(1, CallListModel::Kind) == QStringLiteral("phase"));
  CHECK(text(2, CallListModel::Name) == QStringLiteral("MPI_Barrier"));
  CHECK(text(6, CallListModel::Name) == QStringLiteral("MPI_Allreduce"));
  CHECK(text(1, CallListModel::Processes) == QString::number(p));
  CHECK(text(1, CallListModel::Messages) == QString::number(p - 1));
  CHECK(text(1, CallListModel::Root) == QStringLiteral("(2)"));    // where the broadcast resembles
  CHECK(text(6, CallListModel::Bytes) == QStringLiteral("192 B")); // MPI_Allreduce: 32 B × 6
  CHECK(text(3, CallListModel::Messages) == QString::number(p - 1)); // the self copy apart
  // Rounds from 0 within each call: the broadcast takes ⌈log₂ 6⌉ = 3, the gather p − 1, the
  // ring 1; the whole program numbers them one after the other.
  CHECK(text(1, CallListModel::Rounds) == QStringLiteral("3"));
  CHECK(text(3, CallListModel::Rounds) == QString::number(p - 1));
  CHECK(text(5, CallListModel::Rounds) == QStringLiteral("1"));
  CHECK(text(0, CallListModel::Rounds).toInt() > p - 1);
  for (int row = 1; row < 7; ++row) {
    CHECK(model.index(row, 0).data(CallListModel::CallRole).toInt() == row - 1);
    CHECK(model.indexOfCall(row - 1) == model.index(row, 0));
    CHECK(model.rowCount(model.index(row, 0)) == 0);
  }
  // What the hand-written broadcast resembles (model::CallSummary): a binomial broadcast.
  CHECK(text(1, CallListModel::Resembles).contains(QStringLiteral("bcast/binomial")));

  SECTION("a collective inside a user region is that region's child") {
    test::TraceBuilder b(3);
    for (int r = 0; r < 3; ++r) b.enter(r, 0.0, "solve");
    b.send(0, 1e-6, 2e-6, 1, 8).recv(1, 1e-6, 3e-6, 0, 8);
    for (int r = 0; r < 3; ++r)
      b.collective(r, 5e-6, 6e-6, "MPI_Barrier", OTF2_COLLECTIVE_OP_BARRIER, OTF2_UNDEFINED_UINT32,
                   0, 0);
    for (int r = 0; r < 3; ++r) b.leave(r, 1e-5, "solve");
    const auto nested = apptest::load(b);
    CallListModel tree(nested.get());
    QAbstractItemModelTester treeTester(&tree,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
    const std::vector<model::Call>& calls = nested->calls().calls;
    int children = 0;
    for (const model::Call& call : calls) {
      if (call.parent < 0) continue;
      ++children;
      const QModelIndex child = tree.indexOfCall(call.index);
      CHECK(tree.parent(child) == tree.indexOfCall(call.parent));
    }
    CHECK(children > 0);
    CHECK(tree.rowCount() < static_cast<int>(calls.size()) + 1);
  }

  SECTION("an emptied list") {
    model.setDocument(nullptr);
    CHECK(model.rowCount() == 0);
  }
}

TEST_CASE("a call's own document scopes every view: its messages, times and rounds from 0") {
  const auto whole = apptest::load(apptest::barrierProgram(p, root));
  const auto gather = TraceDocument::forCall(*whole, 2);
  REQUIRE(gather->call() != nullptr);
  CHECK(gather->title().startsWith(QStringLiteral("call 2 · point-to-point · p = 6")));
  CHECK(whole->title().startsWith(QStringLiteral("whole program (6 calls)")));
  CHECK(gather->calls().size() == 0);
  // Cut once: the call's document analyses the own trace its summary cut at load.
  REQUIRE(whole->calls().ownTrace(2) != nullptr);
  CHECK(&gather->trace() == whole->calls().ownTrace(2).get());
  // Only the gather's messages (and the root's copy to itself): every one goes to rank 0.
  REQUIRE(gather->messageCount() == p);
  for (const model::Message& m : gather->trace().messages) CHECK(m.receiver == 0);
  // Rounds from 0: p − 1 columns labelled 0 … p − 2.
  const TraceClock& rounds = gather->clock(AxisMode::inferredRounds);
  CHECK(rounds.columnCount() == p - 1);
  CHECK(rounds.columnLabel(0) == QStringLiteral("0"));
  CHECK(whole->clock(AxisMode::inferredRounds).columnCount() > p - 1);

  SECTION("the tree: a star into rank 0, where the whole program forms no tree") {
    const CollectiveInstance instance = CollectiveInstance::build(*gather, -1);
    CHECK(instance.title().startsWith(QStringLiteral("call 2 · point-to-point  p = 6")));
    const CommunicationTree tree = CommunicationTree::build(instance);
    CHECK(tree.isTree());
    CHECK(tree.depth() == 1);
    CHECK_FALSE(CommunicationTree::build(CollectiveInstance::build(*whole, -1)).isTree());
  }

  SECTION("the space-time diagram is zoomed to the call: its arrows span the plot") {
    Selection selection;
    Playback playback;
    playback.setClock(&gather->clock(AxisMode::time));
    SpaceTimeView view(ViewContext{gather.get(), &selection});
    const QImage image = ViewExporter::renderImage(view, playback, QSize(1600, 900));
    const SpaceTimeGeometry& g = view.geometry();
    double first = 1e9, last = -1e9;
    for (int m = 0; m < gather->messageCount(); ++m) {
      const model::Message& message = gather->trace().messages[static_cast<std::size_t>(m)];
      if (message.sender == message.receiver) continue;
      const QLineF line = view.messageLine(m);
      CHECK(drawn(image, line));
      first = std::min(first, line.x1());
      last = std::max(last, line.x2());
    }
    // The call fills the plot: its first send near the left edge, its last receive near the
    // right (in the whole program it would be a sliver in the middle).
    CHECK(first - g.plot().left() < 0.1 * g.plot().width());
    CHECK(g.plot().right() - last < 0.1 * g.plot().width());
  }
}

TEST_CASE("the statistics name an algorithm run three times once, and say what is the whole") {
  // bcast/mytree three times on 3 ranks: 0 → 1, 0 → 2 in each run.
  test::TraceBuilder b(3);
  const std::string name = "algorithm bcast/mytree";
  for (int run = 0; run < 3; ++run) {
    const double t = run * 1e-4;
    for (int r = 0; r < 3; ++r)
      b.enter(r, t, name, {{"collective", "bcast"}, {"algorithm", "mytree"}, {"root", "0"}});
    for (int child = 1; child < 3; ++child) {
      b.send(0, t + test::at(child - 1, 2), t + test::at(child - 1, 4), child, 8);
      b.recv(child, t + test::at(0, 1), t + test::at(child - 1, 5), 0, 8);
    }
    for (int r = 0; r < 3; ++r) b.leave(r, t + 5e-5, name);
  }
  const auto whole = apptest::load(b);
  REQUIRE(whole->calls().size() == 3);
  StatisticsModel model(whole.get());
  int algorithms = 0;
  for (int row = 0; row < model.rowCount(); ++row)
    algorithms += model.index(row, 0).data().toString() == QStringLiteral("Algorithm");
  CHECK(algorithms == 1);
  const int algorithm = model.rowOf(QStringLiteral("Algorithm"));
  REQUIRE(algorithm >= 0);
  CHECK(model.index(algorithm, 1).data().toString().contains(QStringLiteral("(3 runs")));
  const int messages = model.rowOf(QStringLiteral("Messages (whole trace)"));
  REQUIRE(messages >= 0);
  CHECK(model.index(messages, 1).data().toString() == QStringLiteral("6"));
  CHECK(model.rowOf(QStringLiteral("Rounds, inferred (whole trace)")) >= 0);

  // One run of it: its own figures, no "(whole trace)", the call named.
  const auto second = TraceDocument::forCall(*whole, 1);
  StatisticsModel own(second.get());
  CHECK(own.rowOf(QStringLiteral("Messages (whole trace)")) < 0);
  CHECK(own.index(own.rowOf(QStringLiteral("Messages")), 1).data().toString() ==
        QStringLiteral("2"));
  CHECK(own.index(own.rowOf(QStringLiteral("Call")), 1).data().toString() ==
        QStringLiteral("call 1 · bcast/mytree · p = 3 root 0"));
  CHECK(own.index(own.rowOf(QStringLiteral("Rounds, inferred")), 1).data().toString() ==
        QStringLiteral("2 (0 … 1)"));
}

TEST_CASE("a grader case opened alone: that case, rounds from 0, the title naming it") {
  const auto whole = apptest::load(test::graded_linear_gather(4, 8));
  const std::vector<model::Call>& calls = whole->calls().calls;
  const auto graded = std::find_if(calls.begin(), calls.end(), [](const model::Call& c) {
    return c.kind == model::CallKind::grader_case;
  });
  REQUIRE(graded != calls.end());
  const auto own = TraceDocument::forCall(*whole, graded->index);
  CHECK(own->title().startsWith(
      QStringLiteral("call %1 · case 7: gather/submission · p = 4 root 0").arg(graded->index)));
  // The student's root copies its own block to itself first: p − 1 rounds, numbered from 0.
  const TraceClock& rounds = own->clock(AxisMode::inferredRounds);
  REQUIRE(rounds.columnCount() == 3);
  CHECK(rounds.columnLabel(0) == QStringLiteral("0"));
  for (const model::Message& m : own->trace().messages) CHECK(m.send_time >= 0.0);
}

TEST_CASE("collscope --export --call N renders one call; a call the trace lacks is one line") {
  const test::TempDir dir;
  const QString trace =
      QString::fromStdString(apptest::barrierProgram(p, root).write(dir / "program").string());
  const QString png = QString::fromStdString((dir / "call.png").string());
  int status = -1;
  QString said = runExport({"--export", png, "--call", "0", "--axis", "rounds", trace}, status);
  CHECK(status == 0);
  CHECK(QImage(png).size() == QSize(1920, 1080));
  said = runExport({"--export", png, "--call", "9", trace}, status);
  CHECK(status == 2);
  CHECK(said.trimmed() ==
        QStringLiteral("collscope: --call 9: no call 9: the trace has 6 calls (0 … 5)"));
  said = runExport({"--export", png, "--call", "x", trace}, status);
  CHECK(status == 2);
  CHECK(said.count(QLatin1Char('\n')) == 1);
}

TEST_CASE("two runs side by side: one round axis, one time scale, both drawn") {
  const auto whole = apptest::load(apptest::barrierProgram(p, root));
  const auto bcast = TraceDocument::forCall(*whole, 0);
  const auto gather = TraceDocument::forCall(*whole, 2);
  ComparisonView view(*bcast, *gather);
  const Playback none;
  for (const AxisMode mode : {AxisMode::inferredRounds, AxisMode::time}) {
    CAPTURE(static_cast<int>(mode));
    view.setMode(mode);
    const QImage image = ViewExporter::renderImage(view, none, QSize(1920, 1080));
    // Same plot, same range and scale above and below.
    CHECK(view.geometry(0).plot().left() == Approx(view.geometry(1).plot().left()));
    CHECK(view.geometry(0).plot().width() == Approx(view.geometry(1).plot().width()));
    CHECK(view.axis(0).viewBegin() == Approx(view.axis(1).viewBegin()));
    CHECK(view.axis(0).viewEnd() == Approx(view.axis(1).viewEnd()));
    CHECK(view.geometry(0).plot().bottom() <= view.geometry(1).plot().top());
    // Both halves drawn: every message's arrow where its geometry says.
    for (int half = 0; half < 2; ++half) {
      const TraceDocument& doc = view.documentAt(half);
      int arrows = 0;
      for (int m = 0; m < doc.messageCount(); ++m) {
        const model::Message& message = doc.trace().messages[static_cast<std::size_t>(m)];
        if (message.sender == message.receiver) continue;
        const QLineF line = view.messageLine(half, m);
        CHECK(view.geometry(half).plot().contains(line.center()));
        arrows += drawn(image, line);
      }
      CHECK(arrows == doc.messageCount() - (half == 1 ? 1 : 0));
    }
    if (mode == AxisMode::inferredRounds) {
      // The gather's p − 1 rounds set the range for both; round 2 of the broadcast (its last
      // message) stands over round 2 of the gather (rank 3 → 0), not stretched to the end.
      CHECK(view.axis(0).extentEnd() == Approx(p - 1));
      const QLineF top = view.messageLine(0, bcast->messageCount() - 1);
      const QLineF bottom = view.messageLine(1, apptest::findMessage(*gather, 3, 0));
      CHECK(top.x2() == Approx(bottom.x2()).margin(1.0));
      CHECK(top.x2() <
            view.geometry(0).plot().center().x() + 0.1 * view.geometry(0).plot().width());
    } else {
      CHECK(view.axis(0).pixelsPerUnit() == Approx(view.axis(1).pixelsPerUnit()));
    }
  }
}

TEST_CASE("two runs side by side share one playback cursor") {
  const auto whole = apptest::load(apptest::barrierProgram(p, root));
  const auto bcast = TraceDocument::forCall(*whole, 0);  // rounds 0 … 2
  const auto gather = TraceDocument::forCall(*whole, 2); // rounds 0 … p − 2
  ComparisonView view(*bcast, *gather);
  view.setMode(AxisMode::inferredRounds);
  // The cursor runs on the clock that reaches further, so that playing passes over both.
  REQUIRE(&view.sharedClock() == &gather->clock(AxisMode::inferredRounds));
  Playback playback;
  playback.setClock(&view.sharedClock());
  playback.setCursor(view.step(0.0, 1, true)); // the first round end of either: after round 0
  CHECK(playback.cursor() == Approx(1.0));
  playback.setCursor(view.step(playback.cursor(), 1, true));
  CHECK(playback.cursor() == Approx(2.0));
  const QImage image = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
  for (int half = 0; half < 2; ++half) {
    CAPTURE(half);
    // Each half at the same position of its own clock: rounds 0 and 1 complete in both.
    CHECK(view.playbackAt(half).cursor() == Approx(2.0));
    CHECK(view.playbackAt(half).completedRounds() == 2);
    const QRectF plot = view.geometry(half).plot();
    const double x = view.axis(half).toPixel(2.0);
    CHECK(apptest::isDark(image.pixelColor(QPointF(x, plot.center().y()).toPoint())));
    // Delivered messages drawn, later ones faded, in both.
    const TraceDocument& doc = view.documentAt(half);
    const TraceClock& clock = doc.clock(AxisMode::inferredRounds);
    int before = 0, after = 0;
    for (int m = 0; m < doc.messageCount(); ++m) {
      const model::Message& message = doc.trace().messages[static_cast<std::size_t>(m)];
      if (message.sender == message.receiver) continue;
      const QLineF line = view.messageLine(half, m);
      if (clock.messageEnd(m) < 2.0) before += drawn(image, line) ? 1 : 0;
      if (clock.messageStart(m) > 2.0) after += drawn(image, line) ? 0 : 1;
    }
    CHECK(before > 0);
    CHECK(after > 0);
  }
  CHECK(view.cursorText(2.0).contains(QStringLiteral("2 of 3 rounds complete")));
  CHECK(view.cursorText(2.0).contains(QStringLiteral("2 of %1 rounds complete").arg(p - 1)));

  SECTION("past the end of the shorter run: drawn whole, the cursor still over it") {
    playback.setCursor(4.0);
    const QImage later = ViewExporter::renderImage(view, playback, QSize(1920, 1080));
    CHECK(view.playbackAt(0).atEnd());
    CHECK_FALSE(view.playbackAt(1).atEnd());
    const QRectF plot = view.geometry(0).plot();
    const double x = view.axis(0).toPixel(4.0);
    CHECK(apptest::isDark(later.pixelColor(QPointF(x, plot.center().y()).toPoint())));
    const int last = bcast->messageCount() - 1;
    CHECK(drawn(later, view.messageLine(0, last)));
    CHECK(view.cursorText(4.0).startsWith(QStringLiteral("A: all 3 rounds  |  B: ")));
  }
  SECTION("stepping back and past the ends stops at the shared range") {
    CHECK(view.step(1.0, -1, true) == Approx(0.0));
    CHECK(view.step(p - 1.0, 1, true) == Approx(p - 1.0));
    CHECK(view.step(0.0, 1, false) > 0.0); // the first send of either
  }
}

TEST_CASE("two runs side by side share one legend, which explains the hatching") {
  const auto whole = apptest::load(apptest::barrierProgram(p, root));
  const auto program = TraceDocument::forCall(*whole, 0);
  const auto gather = apptest::load(test::binomial_gather(8, 1000)); // waits in its receives
  ComparisonView view(*program, *gather);
  const Playback none;
  const QSize size(1920, 1080);
  const QImage image = ViewExporter::renderImage(view, none, size);
  // Under both plots, the whole width.
  const QRectF legend = view.legendArea();
  CHECK(legend.top() >= view.geometry(1).plot().bottom());
  CHECK(legend.width() == Approx(size.width()));
  // Every state either trace has, once.
  const std::vector<LegendPainter::Entry> entries = view.legendEntries(false);
  REQUIRE(gather->lanes(AxisMode::time).has(StateKind::blocked));
  bool onlyOne = false;
  for (const StateKind kind : {StateKind::send, StateKind::receive, StateKind::sendReceive,
                               StateKind::collective, StateKind::blocked, StateKind::algorithm}) {
    CAPTURE(ViewStyle::name(kind).toStdString());
    const bool top = program->lanes(AxisMode::time).has(kind);
    const bool bottom = gather->lanes(AxisMode::time).has(kind);
    onlyOne = onlyOne || top != bottom;
    CHECK(std::count_if(entries.begin(), entries.end(), [kind](const auto& e) {
            return e.symbol == LegendPainter::Symbol::swatch && e.kind == kind;
          }) == (top || bottom ? 1 : 0));
  }
  CHECK(onlyOne); // the sendrecv of the program, the algorithm region of the gather
  // Its swatch is vermillion with the lanes' white stripes.
  const ViewStyle style = ViewStyle::forSize(size);
  const LegendPainter::Layout layout = LegendPainter::layout(legend, entries, style);
  const auto it = std::find_if(entries.begin(), entries.end(), [](const auto& e) {
    return e.symbol == LegendPainter::Symbol::swatch && e.kind == StateKind::blocked;
  });
  const QRectF swatch = layout.items[static_cast<std::size_t>(it - entries.begin())].symbol;
  int vermillion = 0, white = 0;
  for (int y = static_cast<int>(swatch.top()) + 2; y < swatch.bottom() - 2; ++y)
    for (int x = static_cast<int>(swatch.left()) + 2; x < swatch.right() - 2; ++x) {
      const QColor c = image.pixelColor(x, y);
      vermillion += apptest::isNear(c, ViewStyle::color(StateKind::blocked), 30) ? 1 : 0;
      white += c.lightness() > 200 ? 1 : 0;
    }
  CHECK(vermillion > 20);
  CHECK(white > 10);
}

TEST_CASE("collscope --export A B: each its own call, one cursor") {
  const test::TempDir dir;
  const QString trace =
      QString::fromStdString(apptest::barrierProgram(p, root).write(dir / "program").string());
  const QString png = QString::fromStdString((dir / "cmp.png").string());
  int status = -1;
  QString said = runExport({"--export", png, "--call", "0", "--call2", "2", "--axis", "rounds",
                            "--round", "1", trace, trace},
                           status);
  CHECK(status == 0);
  CHECK(said.contains(QStringLiteral("call 0 · ")));
  CHECK(said.contains(QStringLiteral("| call 2 · ")));
  CHECK(QImage(png).size() == QSize(1920, 1080));
  said = runExport({"--export", png, "--call2", "9", trace, trace}, status);
  CHECK(status == 2);
  CHECK(said.trimmed() ==
        QStringLiteral("collscope: --call2 9: no call 9: the trace has 6 calls (0 … 5)"));
  said = runExport({"--export", png, "--region2", "x", trace, trace}, status);
  CHECK(status == 2);
  CHECK(said.startsWith(QStringLiteral("collscope: --region2 x: ")));
  said = runExport({"--export", png, "--call2", "two", trace, trace}, status);
  CHECK(status == 2);
  CHECK(said.startsWith(QStringLiteral("collscope: --call2 expects a call number")));
  said = runExport({"--export", png, "--axis", "rounds", "--round", "9", "--call", "0", "--call2",
                    "2", trace, trace},
                   status);
  CHECK(status == 2);
  CHECK(said.trimmed() ==
        QStringLiteral("collscope: --round 9: the traces have rounds 0 … %1").arg(p - 2));
}

TEST_CASE("compare with the lecture: the run that records what the call resembles") {
  model::Resemblance r;
  CHECK_FALSE(lectureRun(r));
  r.collective = "bcast";
  r.algorithm = "binomial";
  r.p = 6;
  r.root = 2;
  r.count = 100;
  const std::optional<RunRequest> request = lectureRun(r);
  REQUIRE(request);
  CHECK(request->collective == QStringLiteral("bcast"));
  CHECK(request->algorithm == QStringLiteral("binomial"));
  CHECK(request->processes == 6);
  CHECK(request->root == 2);
  CHECK(request->count == 100);
  CHECK(request->datatype == QStringLiteral("int"));
  r.collective = "allgather"; // no root
  CHECK(lectureRun(r)->root == 0);
  r.count = 0;
  CHECK(lectureRun(r)->count == 1000);

  // The recorded run's algorithm call is what is shown beside the call.
  const auto annotated = apptest::load(test::binomial_gather(4, 100));
  const auto own = lectureCall(*annotated);
  REQUIRE(own);
  REQUIRE(own->call() != nullptr);
  CHECK(own->call()->kind == model::CallKind::algorithm);
  CHECK(own->trace().algorithms.size() == 1);
  CHECK_FALSE(lectureCall(*apptest::load(apptest::barrierProgram(3, 0))));
}

TEST_CASE("a native collective's title names the algorithm Open MPI ran") {
  model::Call call;
  call.index = 4;
  call.name = "MPI_Bcast";
  call.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
  call.root = 3;
  CHECK_FALSE(callTitle(call).contains(QStringLiteral("Open MPI")));
  call.ompi = {.name = "chain", .source = "forced", .segment = 8192, .fanout = 2};
  CHECK(callTitle(call) ==
        QStringLiteral("call 4 · MPI_Bcast · p = 8 root 3 · Open MPI chain (fanout 2; segments "
                       "of 8192 bytes; forced)"));
  call.ompi = {};
  call.ompi.name = "unknown";
  call.ompi.source = "unknown: p = 1: coll self";
  CHECK(callTitle(call).endsWith(QStringLiteral("Open MPI unknown (p = 1: coll self)")));
}
