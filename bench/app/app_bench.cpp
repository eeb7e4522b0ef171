// How fast the app opens and repaints a big trace. Prints figures; never fails on them.
//   collscope-bench-app [--messages N] [--ranks P] [--keep DIR] [--png OUT]
#include "collscope/model/load_trace.hpp"
#include "document/tracedocument.h"
#include "export/viewexporter.h"
#include "synthetic_trace.hpp"
#include "views/spacetimeview.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

using namespace collscope;
using namespace collscope::app;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

struct Repaint {
  double first = 0.0; ///< the first repaint (of a new view: lanes painted afresh)
  double again = 0.0; ///< median of the others (same view, as while playing or hovering)
};

/// `repeats` repaints of the whole 1920x1080 diagram, in milliseconds.
Repaint repaint(SpaceTimeView& view, const Playback& playback, int repeats) {
  QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) {
    image.fill(Qt::white);
    const auto start = Clock::now();
    QPainter painter(&image);
    view.render(painter, image.rect(), playback);
    painter.end();
    ms.push_back(seconds(start) * 1e3);
  }
  const double first = ms.front();
  std::sort(ms.begin() + 1, ms.end());
  return {first, ms[1 + (ms.size() - 1) / 2]};
}

void row(const char* what, double value, const char* unit, double target) {
  std::printf("%-44s %9.1f %-2s  (target < %g %s: %s)\n", what, value, unit, target, unit,
              value < target ? "ok" : "ABOVE");
}

void row(const char* what, Repaint r) {
  row(what, r.first, "ms", 50.0);
  row("    again, same view (playing, hovering)", r.again, "ms", 50.0);
}

} // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  bench::SyntheticShape shape;
  std::string keep;
  std::string png; // also save the full view, to look at
  for (int i = 1; i < argc; ++i) {
    const auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "collscope-bench-app: %s needs a value\n", argv[i]);
        std::exit(2);
      }
      return argv[++i];
    };
    if (!std::strcmp(argv[i], "--messages"))
      shape.messages = std::strtoull(next(), nullptr, 10);
    else if (!std::strcmp(argv[i], "--ranks"))
      shape.ranks = std::atoi(next());
    else if (!std::strcmp(argv[i], "--keep"))
      keep = next();
    else if (!std::strcmp(argv[i], "--png"))
      png = next();
    else {
      std::fprintf(stderr, "usage: collscope-bench-app [--messages N] [--ranks P] [--keep DIR] "
                           "[--png OUT]\n");
      return 2;
    }
  }
  if (shape.ranks < 2 || shape.messages < 1) {
    std::fprintf(stderr, "collscope-bench-app: need at least 2 ranks and 1 message\n");
    return 2;
  }
  QGuiApplication app(argc, argv);

  const std::filesystem::path dir = keep.empty()
                                        ? std::filesystem::temp_directory_path() /
                                              ("collscope-bench-app-" + std::to_string(::getpid()))
                                        : std::filesystem::path(keep);
  std::filesystem::remove_all(dir);
  auto start = Clock::now();
  const std::uint64_t messages = bench::writeSyntheticTrace(dir, shape);
  std::printf("synthetic trace: %llu messages on %d ranks, written in %.2f s to %s\n",
              static_cast<unsigned long long>(messages), shape.ranks, seconds(start), dir.c_str());

  start = Clock::now();
  model::Trace trace = model::load_trace(dir);
  const double read = seconds(start);
  start = Clock::now();
  TraceDocument document(std::move(trace));
  const double analyse = seconds(start);
  // What the app adds to the model's analyses, timed once more on its own.
  start = Clock::now();
  const TraceClock clock = TraceClock::physical(document.trace(), document.analyses());
  LaneIntervals::build(document.trace(), document.analyses(), clock);
  model::replay_alpha_beta(document.trace(), document.alphaBeta());
  const double appPart = seconds(start);
  std::printf("%-44s %9.2f s\n", "  read OTF2 into the model (load_trace)", read);
  std::printf("%-44s %9.2f s\n", "  model analyses (rounds, waits, path, ...)", analyse - appPart);
  std::printf("%-44s %9.2f s\n", "  app: α-β replay, clock, lane intervals", appPart);
  row("load: file to ready document", (read + analyse), "s", 3.0);

  Playback playback;
  playback.setClock(&document.clock(AxisMode::time));
  SpaceTimeView view(ViewContext{&document, nullptr});
  LinearAxis& axis = view.axis(AxisMode::time);
  const double span = document.clock(AxisMode::time).end();

  row("repaint, full view", repaint(view, playback, 7));
  std::printf("    arrows: %zu in view, %zu drawn (1 in %zu); lane rectangles: %d; critical "
              "chain: %zu messages\n",
              view.renderer().messageStats().visible, view.renderer().messageStats().drawn,
              view.renderer().messageStats().stride, view.renderer().laneRectangles(),
              document.analyses().criticalChains.size());
  std::printf("    critical path overlay: %s\n",
              view.renderer().criticalLimited() ? "the run at the cursor only (too many to show)"
                                                : "every chain in view");
  if (!png.empty())
    ViewExporter::renderImage(view, playback, QSize(1920, 1080)).save(QString::fromStdString(png));
  playback.setCursor(span / 2);
  row("repaint, full view, cursor half way", repaint(view, playback, 7));
  playback.toEnd();
  axis.setView(span * 0.40, span * 0.41);
  row("repaint, zoomed to 1% of the run", repaint(view, playback, 7));
  axis.setView(span * 0.5, span * 0.5 + 100e-6);
  row("repaint, zoomed to 10 rounds", repaint(view, playback, 7));
  std::printf("    arrows: %zu in view, %zu drawn (1 in %zu)\n",
              view.renderer().messageStats().visible, view.renderer().messageStats().drawn,
              view.renderer().messageStats().stride);

  start = Clock::now();
  document.lanes(AxisMode::inferredRounds);
  std::printf("%-44s %9.2f s\n", "first switch to the round axis (lanes built)", seconds(start));
  playback.setClock(&document.clock(AxisMode::inferredRounds));
  row("repaint, round axis, full view", repaint(view, playback, 7));

  if (keep.empty()) std::filesystem::remove_all(dir);
  return 0;
}
