// How fast the app opens and repaints a big trace, and how much memory it needs. Prints figures
// (wall and CPU time: on a shared machine the wall clock mostly measures the others); never
// fails on them.
//   collscope-bench-app [--messages N] [--ranks P] [--keep DIR] [--trace DIR] [--png PREFIX]
#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"
#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/critical_path.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "collscope/model/waiting.hpp"
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
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace collscope;
using namespace collscope::app;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;
namespace cli = collscope::cli;

namespace {

double seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

/// A memory figure of /proc/self/status in MB: VmHWM (peak since resetPeak()), VmRSS (now).
double statusMb(const char* field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with(field)) return std::atof(line.c_str() + std::strlen(field)) / 1024.0;
  return 0;
}

double peakMb() {
  return statusMb("VmHWM:");
}

void resetPeak() {
  std::ofstream("/proc/self/clear_refs") << "5";
}

struct Cost {
  double wall = 0.0, cpu = 0.0;
};

struct Stopwatch {
  Clock::time_point wall = Clock::now();
  double cpu = cpuSeconds();
  Cost elapsed() const { return {seconds(wall), cpuSeconds() - cpu}; }
};

void costRow(const char* what, Cost c, double rssMb = -1) {
  std::printf("  %-44s %7.2f s wall %7.2f s CPU", what, c.wall, c.cpu);
  if (rssMb >= 0) std::printf(" %6.0f MB resident after", rssMb);
  std::printf("\n");
}

struct Repaint {
  double first = 0.0;    ///< the first repaint at this zoom (lanes painted afresh), ms
  double again = 0.0;    ///< median of the others (same view, as while playing or hovering)
  double firstCpu = 0.0; ///< CPU ms of the first
  double againCpu = 0.0; ///< CPU ms, median of the others
};

/// `repeats` repaints of the whole 1920x1080 diagram, in milliseconds.
Repaint repaint(SpaceTimeView& view, const Playback& playback, int repeats) {
  QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
  std::vector<double> ms, cpu;
  for (int i = 0; i < repeats; ++i) {
    image.fill(Qt::white);
    const Stopwatch watch;
    QPainter painter(&image);
    view.render(painter, image.rect(), playback);
    painter.end();
    const Cost c = watch.elapsed();
    ms.push_back(c.wall * 1e3);
    cpu.push_back(c.cpu * 1e3);
  }
  Repaint r{ms.front(), 0.0, cpu.front(), 0.0};
  std::sort(ms.begin() + 1, ms.end());
  std::sort(cpu.begin() + 1, cpu.end());
  r.again = ms[1 + (ms.size() - 1) / 2];
  r.againCpu = cpu[1 + (cpu.size() - 1) / 2];
  return r;
}

void row(const char* what, double value, const char* unit, double target, double cpu = -1) {
  std::printf("%-46s %9.1f %-2s", what, value, unit);
  if (cpu >= 0) std::printf(" wall %7.1f %s CPU", cpu, unit);
  std::printf("  (target < %g %s: %s)\n", target, unit, value < target ? "ok" : "ABOVE");
}

void repaintRow(const char* what, SpaceTimeView& view, const Playback& playback) {
  const Repaint r = repaint(view, playback, 7);
  row(what, r.first, "ms", 50.0, r.firstCpu);
  row("    again, same view (playing, hovering)", r.again, "ms", 50.0, r.againCpu);
  const MessagePaintStats& s = view.renderer().messageStats();
  std::printf("    messages in view %zu: %s; %zu primitives; lane rectangles %d\n", s.visible,
              s.density ? "drawn as density" : "drawn one by one", s.drawn,
              view.renderer().laneRectangles());
}

/// The model alone (what `collscope-trace` computes), for the ratio app / model.
Cost modelAlone(const fs::path& dir) {
  const Stopwatch watch;
  const model::Trace trace = model::load_trace(dir);
  model::volume(trace);
  model::inferred_rounds(trace);
  model::annotated_rounds(trace);
  model::waiting_times(trace);
  model::critical_path(trace);
  model::replay_alpha_beta(trace, TraceDocument::defaultAlphaBeta);
  return watch.elapsed();
}

} // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  bench::SyntheticShape shape;
  std::string keep, given;
  std::string png; // also save the views, to look at: PREFIX-full.png, -1pct.png, -rounds10.png
  const std::string program = cli::command_name(argv[0], "collscope-bench-app");
  CLI::App cli_app{
      "How fast the app opens and repaints a big trace (a synthetic one unless --trace), and how\n"
      "much memory it needs. Prints figures (wall and CPU time); never fails on them.",
      program};
  cli::conventions(cli_app, "bench-app");
  cli_app.footer("Exit status: 0 measured (figures only: never 1); 2 a usage error.");
  cli_app
      .add_option_function<std::string>(
          "--messages",
          [&shape](const std::string& v) {
            shape.messages = cli::whole_value<std::uint64_t>("--messages", v, 1);
          },
          "messages in the synthetic trace (default 1000000)")
      ->type_name("N");
  cli_app
      .add_option_function<std::string>(
          "--ranks",
          [&shape](const std::string& v) { shape.ranks = cli::whole_value<int>("--ranks", v, 2); },
          "its ranks (default 256)")
      ->type_name("P");
  cli_app.add_option("--keep", keep, "write the synthetic trace into DIR and keep it")
      ->type_name("DIR");
  cli_app.add_option("--trace", given, "measure this trace instead of a synthetic one")
      ->type_name("DIR");
  cli_app
      .add_option("--png", png, "also save the views, to look at: PREFIX-full.png, -1pct.png, …")
      ->type_name("PREFIX");
  if (const auto status = cli::parse(cli_app, argc, argv, program)) return *status;
  QGuiApplication app(argc, argv);

  fs::path dir = given;
  if (given.empty()) {
    dir = keep.empty()
              ? fs::temp_directory_path() / ("collscope-bench-app-" + std::to_string(::getpid()))
              : fs::path(keep);
    fs::remove_all(dir);
    const auto start = Clock::now();
    const std::uint64_t messages = bench::writeSyntheticTrace(dir, shape);
    std::printf("synthetic trace: %llu messages on %d ranks, written in %.2f s to %s\n",
                static_cast<unsigned long long>(messages), shape.ranks, seconds(start),
                dir.c_str());
  }
  std::printf("machine: %ld cores, load average %s", sysconf(_SC_NPROCESSORS_ONLN), [] {
    static char line[64] = "?\n";
    if (FILE* f = std::fopen("/proc/loadavg", "r")) {
      if (std::fgets(line, sizeof line, f) == nullptr) std::strcpy(line, "?\n");
      std::fclose(f);
    }
    return line;
  }());

  resetPeak();
  const Cost model = modelAlone(dir);
  const double modelPeak = peakMb();
  costRow("model alone: load_trace + analyses + replay", model);
  std::printf("  %-44s %7.0f MB peak\n", "", modelPeak);

  // The app's load, step by step as its progress dialog names the steps.
  resetPeak();
  struct Step {
    QString what;
    Cost cost;
    double rss;
  };
  std::vector<Step> steps;
  QString step;
  Stopwatch stepWatch;
  LoadControl control;
  control.progress = [&](int, const QString& what) {
    if (what == step) return;
    if (!step.isEmpty()) steps.push_back({step, stepWatch.elapsed(), statusMb("VmRSS:")});
    step = what;
    stepWatch = Stopwatch();
  };
  const Stopwatch loadWatch;
  const std::unique_ptr<TraceDocument> loaded =
      TraceDocument::load(QString::fromStdString(dir.string()), control);
  const Cost load = loadWatch.elapsed();
  const double loadPeak = peakMb();
  TraceDocument& document = *loaded;
  for (const Step& s : steps) costRow(qPrintable(s.what), s.cost, s.rss);
  costRow("load: file to ready document", load);
  row("load: file to ready document, wall", load.wall, "s", 3.0);
  std::printf("  %-44s %7.0f MB peak (model alone %.0f MB)\n", "", loadPeak, modelPeak);
  std::printf("  %-44s %7.2f× CPU, %.2f× memory\n", "app load / model alone", load.cpu / model.cpu,
              loadPeak / modelPeak);
  std::printf("  messages %d, ranks %d\n", document.messageCount(), document.rankCount());

  Playback playback;
  playback.setClock(&document.clock(AxisMode::time));
  SpaceTimeView view(ViewContext{&document, nullptr});
  LinearAxis& axis = view.axis(AxisMode::time);
  const double span = document.clock(AxisMode::time).end();
  const auto save = [&](const char* suffix) {
    if (!png.empty())
      ViewExporter::renderImage(view, playback, QSize(1920, 1080))
          .save(QString::fromStdString(png + suffix));
  };

  repaintRow("repaint, full view", view, playback);
  std::printf("    critical path overlay: %zu messages (%s)\n", view.renderer().criticalShown(),
              view.renderer().criticalLimited() ? "near the cursor only: too many to show"
                                                : "every chain in view");
  save("-full.png");
  playback.setCursor(span / 2);
  repaintRow("repaint, full view, cursor half way", view, playback);
  playback.toEnd();
  axis.setView(span * 0.40, span * 0.41);
  repaintRow("repaint, zoomed to 1% of the run", view, playback);
  save("-1pct.png");
  axis.setView(span * 0.40, span * 0.402);
  repaintRow("repaint, zoomed to 0.2% of the run", view, playback);
  axis.setView(span * 0.5, span * 0.5 + 100e-6);
  repaintRow("repaint, zoomed to 10 rounds", view, playback);
  save("-rounds10.png");

  const Stopwatch roundWatch;
  document.lanes(AxisMode::inferredRounds);
  document.density(AxisMode::inferredRounds);
  costRow("first switch to the round axis (lanes built)", roundWatch.elapsed());
  playback.setClock(&document.clock(AxisMode::inferredRounds));
  repaintRow("repaint, round axis, full view", view, playback);

  if (given.empty() && keep.empty()) fs::remove_all(dir);
  return 0;
}
