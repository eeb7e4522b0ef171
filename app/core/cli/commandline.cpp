#include "cli/commandline.h"

#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"
#include "format/units.h"
#include "views/viewregistry.h"

#include <QRegularExpression>
#include <algorithm>
#include <string>
#include <vector>

namespace collscope::app {

namespace {

// The words as typed: CLI11 takes them, the checks below turn them into options with the
// app's own one-line messages (the views' names, times with units, WxH).
struct Words {
  std::string output, view, time, round, size, axis, ranksPerNode, placement, nodes;
  std::vector<std::string> call, region, call2, region2, traces;
};

constexpr const char* exportGroup = "With --export only";
constexpr const char* layoutGroup = "Node layout (window and --export)";
constexpr const char* callGroup = "One call of a trace (window and --export)";

void define(CLI::App& app, Words& w) {
  cli::conventions(app, "view");
  app.description(
      "Open a trace in the window, or render one of its views to PNG or SVG without a window.\n"
      "\n"
      "  collscope view [--ranks-per-node N [--placement P] | --nodes N,N,...]\n"
      "                 [--call N | --region NAME] [--call2 N | --region2 NAME] [TRACE [TRACE2]]\n"
      "  collscope view --export OUT.png|OUT.svg [--view NAME] [--time T | --round K]\n"
      "                 [--size WxH] [--axis time|rounds|annotated] [--call N] [--call2 N]\n"
      "                 TRACE [TRACE2]\n"
      "  collscope present DECK            present a lecture deck (see present --help)\n"
      "  collscope slides DECK --pdf OUT.pdf | --png DIR [--handout [--per-page 2|1]]\n"
      "\n"
      "Without --export: the window, opening TRACE if given; with TRACE2 as well, the two\n"
      "side by side on one axis (one time scale, or rounds from 0), with one legend and one\n"
      "playback cursor for both. `collscope TRACE` is the same as `collscope view TRACE`.");
  // Unknown options are reported by the checks, as "unknown option '--x'".
  app.allow_extras();
  app.add_option("trace", w.traces,
                 "an OTF2 archive directory written by the collscope tracer (or its\n"
                 "traces.otf2); a second one to compare with")
      ->type_name("TRACE [TRACE2]");
  app.add_option("--export", w.output,
                 "render a view of TRACE to OUT (.png or .svg) without a\n"
                 "window")
      ->type_name("OUT");
  app.add_option("--view", w.view,
                 "which view: " +
                     ViewRegistry::instance().names().join(QStringLiteral(", ")).toStdString() +
                     "\n(default timeline)")
      ->type_name("NAME")
      ->group(exportGroup);
  app.add_option("--time", w.time,
                 "put the playback cursor at T (seconds, or e.g. 250us, 1.5ms);\n"
                 "what lies after it is faded, messages in flight are marked\n"
                 "(two traces: T after each one's start, on the time axis)")
      ->type_name("T")
      ->group(exportGroup);
  app.add_option("--round", w.round,
                 "put the cursor where round K (numbered from 0) of the first run is\n"
                 "complete: every message of rounds 0..K delivered; the same rounds\n"
                 "in every view and on every axis (annotated if the run has them;\n"
                 "two traces: on a round axis, after column K of both)")
      ->type_name("K")
      ->group(exportGroup);
  app.add_option("--size", w.size, "image size in pixels (default 1920x1080)")
      ->type_name("WxH")
      ->group(exportGroup);
  app.add_option("--axis", w.axis,
                 "x axis: physical time, rounds inferred from the messages, or the\n"
                 "algorithm's annotated rounds (default time)")
      ->type_name("MODE")
      ->group(exportGroup);
  // Several of these are one mistake the checks name ("give one --call or --region").
  const auto call = [&](const char* name, std::vector<std::string>& into, const char* type,
                        const char* text) {
    app.add_option(name, into, text)
        ->type_name(type)
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->group(callGroup);
  };
  call("--call", w.call, "N",
       "open call N of TRACE (`collscope calls TRACE` lists them): its own\n"
       "trace, times and rounds from 0");
  call("--region", w.region, "NAME", "the same for the user region NAME");
  call("--call2", w.call2, "N", "the same for TRACE2 (each side has its own)");
  call("--region2", w.region2, "NAME", "the region NAME of TRACE2");
  app.add_option("--ranks-per-node", w.ranksPerNode,
                 "look at TRACE with nodes of N ranks (lanes grouped by node,\n"
                 "messages between nodes drawn apart, two-level and k-lane replays)")
      ->type_name("N")
      ->group(layoutGroup);
  app.add_option("--placement", w.placement,
                 "with --ranks-per-node: consecutive (default) or round-robin")
      ->type_name("P")
      ->group(layoutGroup);
  app.add_option("--nodes", w.nodes,
                 "node sizes, ranks placed consecutively (e.g. 3,3,2); without these:\n"
                 "the layout the trace records, else one node")
      ->type_name("N,N,...")
      ->group(layoutGroup);
  app.footer("Exit status: 0 ok; 2 bad command line or unreadable trace; 1 the export failed.");
}

std::optional<QSize> parseSize(const QString& text) {
  static const QRegularExpression pattern(QStringLiteral(R"(^(\d{2,5})[xX×](\d{2,5})$)"));
  const QRegularExpressionMatch match = pattern.match(text);
  if (!match.hasMatch()) return std::nullopt;
  const QSize size(match.captured(1).toInt(), match.captured(2).toInt());
  if (size.width() < 200 || size.height() < 150 || size.width() > 16000 || size.height() > 16000)
    return std::nullopt;
  return size;
}

std::optional<AxisMode> parseAxis(const QString& text) {
  if (text == QStringLiteral("time")) return AxisMode::time;
  if (text == QStringLiteral("rounds") || text == QStringLiteral("inferred"))
    return AxisMode::inferredRounds;
  if (text == QStringLiteral("annotated")) return AxisMode::annotatedRounds;
  return std::nullopt;
}

QString q(const std::string& text) {
  return QString::fromStdString(text);
}

// The words CLI11 took, checked and turned into the options; the first mistake is the line.
void check(const CLI::App& app, const Words& w, CommandLine& cl) {
  const auto fail = [&cl](const QString& message) {
    if (cl.error.isEmpty()) cl.error = message;
  };
  const auto given = [&app](const char* name) { return app.count(name) > 0; };
  for (const std::string& extra : app.remaining())
    if (extra.size() > 1 && extra.front() == '-')
      fail(QStringLiteral("unknown option '%1' (see --help)").arg(q(extra)));
  // An empty word is no value (`--export ""`).
  for (const auto& [name, value] : {std::pair{"--export", &w.output},
                                    {"--view", &w.view},
                                    {"--time", &w.time},
                                    {"--round", &w.round},
                                    {"--size", &w.size},
                                    {"--axis", &w.axis},
                                    {"--ranks-per-node", &w.ranksPerNode},
                                    {"--placement", &w.placement},
                                    {"--nodes", &w.nodes}})
    if (given(name) && value->empty()) fail(QStringLiteral("%1 needs a value").arg(q(name)));
  QStringList exportOnly;
  for (const char* name : {"--view", "--time", "--round", "--size", "--axis"})
    if (given(name)) exportOnly << QString::fromUtf8(name);

  ExportOptions& o = cl.options;
  cl.exportMode = given("--export");
  o.output = q(w.output);
  if (given("--view")) o.view = q(w.view);
  if (given("--time") && !w.time.empty()) {
    o.time = parseDuration(q(w.time));
    if (!o.time) fail(QStringLiteral("--time: not a time: '%1'").arg(q(w.time)));
  }
  try {
    if (given("--round") && !w.round.empty()) o.round = cli::whole_value("--round", w.round, 0);
    if (given("--ranks-per-node") && !w.ranksPerNode.empty())
      o.nodes.ranksPerNode = cli::whole_value("--ranks-per-node", w.ranksPerNode, 1);
  } catch (const cli::UsageError& e) {
    fail(QString::fromUtf8(e.what()));
  }
  if (given("--size") && !w.size.empty()) {
    if (const auto size = parseSize(q(w.size)))
      o.size = *size;
    else
      fail(QStringLiteral("--size: expected WxH between 200x150 and 16000x16000, got '%1'")
               .arg(q(w.size)));
  }
  if (given("--axis") && !w.axis.empty()) {
    if (const auto axis = parseAxis(q(w.axis)))
      o.axis = *axis;
    else
      fail(QStringLiteral("--axis: expected time, rounds or annotated, got '%1'").arg(q(w.axis)));
  }
  if (given("--placement") && !w.placement.empty()) {
    if (w.placement != "consecutive" && w.placement != "round-robin")
      fail(QStringLiteral("--placement: expected consecutive or round-robin, got '%1'")
               .arg(q(w.placement)));
    o.nodes.roundRobin = w.placement == "round-robin";
  }
  o.nodes.sizes = q(w.nodes);
  // --call N or --region NAME, once: counted as typed (an empty value too).
  const auto pickCall = [&](const char* callFlag, const std::vector<std::string>& calls,
                            const char* regionFlag, const std::vector<std::string>& regions,
                            CallOption& into, const QString& mistake) {
    const std::size_t times = app.count(callFlag) + app.count(regionFlag);
    if (times > 1) fail(mistake);
    into.byRegion = app.count(callFlag) == 0 && app.count(regionFlag) > 0;
    const std::vector<std::string>& values = into.byRegion ? regions : calls;
    into.selector = values.empty() ? QString() : q(values.front());
    if (times == 1 && into.selector.isEmpty())
      fail(QStringLiteral("%1 needs a value").arg(into.flag()));
  };
  pickCall("--call", w.call, "--region", w.region, o.call,
           QStringLiteral("give one --call or --region, not both or twice"));
  pickCall("--call2", w.call2, "--region2", w.region2, o.call2,
           QStringLiteral("give one --call2 or --region2 (for TRACE2), not both or twice"));
  for (const std::string& trace : w.traces) {
    if (cl.trace.isEmpty())
      cl.trace = q(trace);
    else if (cl.second.isEmpty())
      cl.second = q(trace);
    else
      fail(QStringLiteral("at most two TRACEs (to compare), got a third: '%1'").arg(q(trace)));
  }
  o.trace = cl.trace;
  o.second = cl.second;

  if (o.nodes.ranksPerNode && !o.nodes.sizes.isEmpty())
    fail(QStringLiteral("give either --ranks-per-node or --nodes, not both"));
  if (given("--placement") && !given("--ranks-per-node"))
    fail(QStringLiteral("--placement goes with --ranks-per-node"));
  if (o.call.given() && cl.trace.isEmpty())
    fail(QStringLiteral("%1 needs a TRACE").arg(o.call.flag()));
  if (o.call2.given() && cl.second.isEmpty())
    fail(QStringLiteral("%1 applies to TRACE2, and there is none (for TRACE: %2)")
             .arg(o.call2.flag(),
                  o.call2.byRegion ? QStringLiteral("--region") : QStringLiteral("--call")));
  if (!cl.exportMode && !exportOnly.isEmpty())
    fail(QStringLiteral("%1 only works with --export OUT").arg(exportOnly.first()));
  if (!cl.exportMode) return;
  if (o.time && o.round) fail(QStringLiteral("--time and --round exclude each other"));
  if (!o.output.isEmpty() && !o.output.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) &&
      !o.output.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive))
    fail(QStringLiteral("--export: '%1' must end in .png or .svg").arg(o.output));
  if (cl.trace.isEmpty()) fail(QStringLiteral("--export needs a TRACE to render"));
  // Two traces are compared on the space-time diagram, each drawn whole.
  if (!cl.second.isEmpty() && given("--view") && o.view != QStringLiteral("timeline"))
    fail(QStringLiteral("--view: two traces are compared on the timeline only"));
  // Two traces share one cursor: a time after each one's start, or a border between round
  // columns; round K of a time axis would stand at two different places.
  if (!cl.second.isEmpty() && o.time && o.axis != AxisMode::time)
    fail(QStringLiteral("--time with two traces needs the time axis (on a round axis: "
                        "--round K)"));
  if (!cl.second.isEmpty() && o.round && o.axis == AxisMode::time)
    fail(QStringLiteral("--round with two traces needs a round axis (--axis rounds or "
                        "annotated): round K ends at a different time in each"));
}

} // namespace

CommandLine parseCommandLine(const QStringList& arguments) {
  CommandLine cl;
  Words words;
  CLI::App app("", "collscope view");
  define(app, words);
  std::vector<std::string> args;
  for (const QString& argument : arguments) args.push_back(argument.toStdString());
  std::reverse(args.begin(), args.end()); // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    cl.help = true;
    return cl;
  } catch (const CLI::CallForVersion&) {
    cl.version = true;
    return cl;
  } catch (const CLI::ParseError& e) {
    cl.error = QString::fromStdString(e.what());
    return cl;
  }
  check(app, words, cl);
  return cl;
}

QString usage() {
  Words words;
  CLI::App app("", "collscope view");
  define(app, words);
  return QString::fromStdString(app.help());
}

QString versionLine() {
  return QString::fromStdString(cli::version_line("view"));
}

} // namespace collscope::app
