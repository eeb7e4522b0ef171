#include "export/exportoptions.h"

#include "collscope/model/calls.hpp"
#include "collscope/model/nodes.hpp"
#include "document/tracedocument.h"
#include "document/units.h"
#include "views/viewregistry.h"

#include <QRegularExpression>

namespace collscope::app {

namespace {

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

} // namespace

QString usage() {
  return QStringLiteral(
             "usage: collscope [--ranks-per-node N [--placement P] | --nodes N,N,...]\n"
             "                 [--call N | --region NAME] [--call2 N | --region2 NAME]\n"
             "                 [TRACE [TRACE2]]\n"
             "       collscope --export OUT.png|OUT.svg [--view NAME] [--time T | --round K]\n"
             "                 [--size WxH] [--axis time|rounds|annotated] [--call N] [--call2 N]\n"
             "                 TRACE [TRACE2]\n"
             "       collscope present DECK            present a lecture deck (see present "
             "--help)\n"
             "       collscope slides DECK --pdf OUT.pdf | --png DIR [--handout [--per-page 2|1]]\n"
             "\n"
             "Without --export: the window, opening TRACE if given; with TRACE2 as well, the\n"
             "two side by side on one axis (one time scale, or rounds from 0), with one legend\n"
             "and one playback cursor for both.\n"
             "  --call N       open call N of TRACE (`collscope-trace calls TRACE` lists them):\n"
             "                 its own trace, times and rounds from 0\n"
             "  --region NAME  the same for the user region NAME\n"
             "  --call2 N, --region2 NAME  the same for TRACE2 (each side has its own)\n"
             "  --export OUT   render a view of TRACE to OUT (.png or .svg) without a window\n"
             "  --view NAME    which view: %1 (default timeline)\n"
             "  --time T       put the playback cursor at T (seconds, or e.g. 250us, 1.5ms);\n"
             "                 what lies after it is faded, messages in flight are marked\n"
             "                 (two traces: T after each one's start, on the time axis)\n"
             "  --round K      put the cursor where round K (numbered from 0) of the first run is\n"
             "                 complete: every message of rounds 0..K delivered; the same rounds\n"
             "                 in every view and on every axis (annotated if the run has them;\n"
             "                 two traces: on a round axis, after column K of both)\n"
             "  --size WxH     image size in pixels (default 1920x1080)\n"
             "  --axis MODE    x axis: physical time, rounds inferred from the messages, or the\n"
             "                 algorithm's annotated rounds (default time)\n"
             "  --ranks-per-node N  look at TRACE with nodes of N ranks (lanes grouped by node,\n"
             "                 messages between nodes drawn apart, two-level and k-lane replays)\n"
             "  --placement P  with --ranks-per-node: consecutive (default) or round-robin\n"
             "  --nodes N,N,.. node sizes, ranks placed consecutively (e.g. 3,3,2)\n"
             "                 (without these: the layout the trace records, else one node)\n"
             "TRACE is an OTF2 archive directory written by the collscope tracer (or its "
             "traces.otf2).\n"
             "Exit status: 0 ok; 2 bad command line or unreadable trace; 1 the export failed.\n")
      .arg(ViewRegistry::instance().names().join(QStringLiteral(", ")));
}

CommandLine parseCommandLine(const QStringList& arguments) {
  CommandLine cl;
  QStringList exportOnly;
  bool placement = false;
  const auto fail = [&cl](const QString& message) {
    if (cl.error.isEmpty()) cl.error = message;
  };
  for (qsizetype i = 0; i < arguments.size(); ++i) {
    const QString& arg = arguments[i];
    const auto value = [&]() -> std::optional<QString> {
      if (i + 1 >= arguments.size() || arguments[i + 1].isEmpty()) {
        fail(QStringLiteral("%1 needs a value").arg(arg));
        return std::nullopt;
      }
      return arguments[++i];
    };
    if (arg == QStringLiteral("-h") || arg == QStringLiteral("--help")) {
      cl.help = true;
    } else if (arg == QStringLiteral("--export")) {
      cl.exportMode = true;
      if (auto v = value()) cl.options.output = *v;
    } else if (arg == QStringLiteral("--view")) {
      exportOnly << arg;
      if (auto v = value()) cl.options.view = *v;
    } else if (arg == QStringLiteral("--time")) {
      exportOnly << arg;
      if (auto v = value()) {
        cl.options.time = parseDuration(*v);
        if (!cl.options.time) fail(QStringLiteral("--time: not a time: '%1'").arg(*v));
      }
    } else if (arg == QStringLiteral("--round")) {
      exportOnly << arg;
      if (auto v = value()) {
        bool ok = false;
        const int k = v->toInt(&ok);
        if (!ok || k < 0)
          fail(QStringLiteral("--round: not a round number: '%1'").arg(*v));
        else
          cl.options.round = k;
      }
    } else if (arg == QStringLiteral("--size")) {
      exportOnly << arg;
      if (auto v = value()) {
        const auto size = parseSize(*v);
        if (!size)
          fail(QStringLiteral("--size: expected WxH between 200x150 and 16000x16000, "
                              "got '%1'")
                   .arg(*v));
        else
          cl.options.size = *size;
      }
    } else if (arg == QStringLiteral("--axis")) {
      exportOnly << arg;
      if (auto v = value()) {
        const auto axis = parseAxis(*v);
        if (!axis)
          fail(QStringLiteral("--axis: expected time, rounds or annotated, got '%1'").arg(*v));
        else
          cl.options.axis = *axis;
      }
    } else if (arg == QStringLiteral("--ranks-per-node")) {
      if (auto v = value()) {
        bool ok = false;
        const int n = v->toInt(&ok);
        if (!ok || n < 1)
          fail(QStringLiteral("--ranks-per-node: not a whole number ≥ 1: '%1'").arg(*v));
        else
          cl.options.nodes.ranksPerNode = n;
      }
    } else if (arg == QStringLiteral("--placement")) {
      placement = true;
      if (auto v = value()) {
        if (*v != QStringLiteral("consecutive") && *v != QStringLiteral("round-robin"))
          fail(
              QStringLiteral("--placement: expected consecutive or round-robin, got '%1'").arg(*v));
        cl.options.nodes.roundRobin = *v == QStringLiteral("round-robin");
      }
    } else if (arg == QStringLiteral("--call") || arg == QStringLiteral("--region") ||
               arg == QStringLiteral("--call2") || arg == QStringLiteral("--region2")) {
      const bool second = arg.endsWith(QLatin1Char('2'));
      CallOption& call = second ? cl.options.call2 : cl.options.call;
      if (call.given())
        fail(second
                 ? QStringLiteral("give one --call2 or --region2 (for TRACE2), not both or twice")
                 : QStringLiteral("give one --call or --region, not both or twice"));
      if (auto v = value()) {
        call.selector = *v;
        call.byRegion = arg.startsWith(QStringLiteral("--region"));
      }
    } else if (arg == QStringLiteral("--nodes")) {
      if (auto v = value()) cl.options.nodes.sizes = *v;
    } else if (arg.startsWith(QLatin1Char('-')) && arg.size() > 1) {
      fail(QStringLiteral("unknown option '%1' (see --help)").arg(arg));
    } else if (cl.trace.isEmpty()) {
      cl.trace = arg;
    } else if (cl.second.isEmpty()) {
      cl.second = arg;
    } else {
      fail(QStringLiteral("at most two TRACEs (to compare), got a third: '%1'").arg(arg));
    }
  }
  cl.options.trace = cl.trace;
  cl.options.second = cl.second;
  if (cl.help) return cl;
  if (cl.options.nodes.ranksPerNode && !cl.options.nodes.sizes.isEmpty())
    fail(QStringLiteral("give either --ranks-per-node or --nodes, not both"));
  if (placement && !cl.options.nodes.ranksPerNode)
    fail(QStringLiteral("--placement goes with --ranks-per-node"));
  if (cl.options.call.given() && cl.trace.isEmpty())
    fail(QStringLiteral("%1 needs a TRACE").arg(cl.options.call.flag()));
  if (cl.options.call2.given() && cl.second.isEmpty())
    fail(QStringLiteral("%1 applies to TRACE2, and there is none (for TRACE: %2)")
             .arg(cl.options.call2.flag(), cl.options.call2.byRegion ? QStringLiteral("--region")
                                                                     : QStringLiteral("--call")));
  if (!cl.exportMode && !exportOnly.isEmpty())
    fail(QStringLiteral("%1 only works with --export OUT").arg(exportOnly.first()));
  if (cl.exportMode) {
    if (cl.options.time && cl.options.round)
      fail(QStringLiteral("--time and --round exclude each other"));
    if (!cl.options.output.isEmpty() &&
        !cl.options.output.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) &&
        !cl.options.output.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive))
      fail(QStringLiteral("--export: '%1' must end in .png or .svg").arg(cl.options.output));
    if (cl.trace.isEmpty()) fail(QStringLiteral("--export needs a TRACE to render"));
    // Two traces are compared on the space-time diagram, each drawn whole.
    if (!cl.second.isEmpty() && exportOnly.contains(QStringLiteral("--view")) &&
        cl.options.view != QStringLiteral("timeline"))
      fail(QStringLiteral("--view: two traces are compared on the timeline only"));
    // Two traces share one cursor: a time after each one's start, or a border between round
    // columns; round K of a time axis would stand at two different places.
    if (!cl.second.isEmpty() && cl.options.time && cl.options.axis != AxisMode::time)
      fail(QStringLiteral("--time with two traces needs the time axis (on a round axis: "
                          "--round K)"));
    if (!cl.second.isEmpty() && cl.options.round && cl.options.axis == AxisMode::time)
      fail(QStringLiteral("--round with two traces needs a round axis (--axis rounds or "
                          "annotated): round K ends at a different time in each"));
  }
  return cl;
}

QString CallOption::flag() const {
  return QStringLiteral("--%1%2").arg(byRegion ? QStringLiteral("region") : QStringLiteral("call"),
                                      second ? QStringLiteral("2") : QString());
}

int findCall(const CallOption& option, const TraceDocument& document, QString& error) {
  if (!option.given()) return -1;
  std::string why;
  const model::Call* call =
      model::find_call(document.calls().calls, option.selector.toStdString(), option.byRegion, why);
  if (call == nullptr) {
    // The model's line names the option (as --call) when the number itself is malformed.
    error = QString::fromStdString(why);
    if (error.startsWith(QStringLiteral("--call ")))
      error.replace(0, 6, option.flag());
    else if (!error.startsWith(QStringLiteral("--")))
      error = QStringLiteral("%1 %2: %3").arg(option.flag(), option.selector, error);
    return -2;
  }
  return call->index;
}

QString applyNodeOptions(const NodeOptions& options, TraceDocument& document) {
  if (!options.given()) return {};
  try {
    document.setNodeLayout(
        options.ranksPerNode
            ? model::layout_ranks_per_node(document.rankCount(), *options.ranksPerNode,
                                           options.roundRobin)
            : model::layout_node_sizes(document.rankCount(), options.sizes.toStdString()));
  } catch (const model::LayoutError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

} // namespace collscope::app
