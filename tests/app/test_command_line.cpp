// `collscope view` command lines (CLI11): the window, headless export, and every mistake as one
// line.
#include "cli/commandline.h"
#include "collscope/version.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace collscope::app;

namespace {

CommandLine parse(const std::vector<const char*>& args) {
  QStringList list;
  for (const char* a : args) list << QString::fromUtf8(a);
  return parseCommandLine(list);
}

} // namespace

TEST_CASE("window mode: optional trace") {
  CommandLine cl = parse({});
  CHECK(cl.error.isEmpty());
  CHECK_FALSE(cl.exportMode);
  cl = parse({"/tmp/g8"});
  CHECK(cl.trace == QStringLiteral("/tmp/g8"));
  CHECK(parse({"--help"}).help);
  CHECK(parse({"t", "-h"}).help);
  // The help lists the views by name, not a placeholder, and every option.
  CHECK_FALSE(usage().contains(QLatin1Char('%')));
  CHECK(usage().contains(QStringLiteral("which view: timeline, tree, circulant, data, delays")));
  for (const char* option : {"--export OUT", "--view NAME", "--time T", "--round K", "--size WxH",
                             "--axis MODE", "--region NAME", "--region2 NAME", "--placement P",
                             "--nodes N,N,...", "--version", "collscope view", "Exit status"})
    CHECK(usage().contains(QString::fromUtf8(option)));
}

TEST_CASE("the app's --version names the command and the project's version") {
  CHECK(parse({"--version"}).version);
  CHECK(versionLine() ==
        QStringLiteral("collscope view %1").arg(QStringLiteral(COLLSCOPE_VERSION)));
}

TEST_CASE("export mode: every option parsed") {
  const CommandLine cl = parse({"--export", "out.svg", "--view", "timeline", "--time", "250us",
                                "--size", "1280x720", "--axis", "rounds", "trace"});
  REQUIRE(cl.error.isEmpty());
  CHECK(cl.exportMode);
  CHECK(cl.options.output == QStringLiteral("out.svg"));
  CHECK(cl.options.time == Approx(250e-6));
  CHECK(cl.options.size == QSize(1280, 720));
  CHECK(cl.options.axis == AxisMode::inferredRounds);
  CHECK(cl.options.trace == QStringLiteral("trace"));
  const CommandLine r = parse({"--export", "a.PNG", "--round", "2", "t"});
  REQUIRE(r.error.isEmpty());
  CHECK(r.options.round == 2);
  CHECK(r.options.size == QSize(1920, 1080));
}

TEST_CASE("mistakes on the command line get one clear line") {
  const std::vector<std::pair<std::vector<const char*>, const char*>> cases = {
      {{"--export", "out.gif", "t"}, "must end in .png or .svg"},
      {{"--export", "out.png"}, "needs a TRACE"},
      {{"--export"}, "--export: 1 required OUT missing"},
      {{"--export", "", "t"}, "--export needs a value"},
      {{"--export", "o.png", "--time", "soon", "t"}, "--time: not a time: 'soon'"},
      {{"--export", "o.png", "--round", "-1", "t"}, "--round expects a whole number"},
      {{"--export", "o.png", "--round", "2x", "t"}, "--round expects a whole number"},
      {{"--export", "o.png", "--time", "1", "--round", "1", "t"}, "exclude each other"},
      {{"--export", "o.png", "--size", "huge", "t"}, "--size: expected WxH"},
      {{"--export", "o.png", "--axis", "space", "t"}, "--axis: expected time, rounds or annotated"},
      {{"--export", "o.png", "--frobnicate", "t"}, "unknown option '--frobnicate'"},
      {{"--export", "o.png", "a", "b", "c"}, "at most two TRACEs"},
      {{"--export", "o.png", "--view", "tree", "a", "b"}, "compared on the timeline only"},
      {{"--export", "o.png", "--round", "1", "a", "b"},
       "--round with two traces needs a round axis"},
      {{"--export", "o.png", "--axis", "rounds", "--time", "1ms", "a", "b"},
       "--time with two traces needs the time axis"},
      {{"--call2", "1", "a"}, "--call2 applies to TRACE2, and there is none"},
      {{"--region2", "solve", "--call2", "1", "a", "b"}, "one --call2 or --region2"},
      {{"--call", "1", "--region", "solve", "t"}, "one --call or --region"},
      {{"--call"}, "--call: 1 required N missing"},
      {{"--region", "", "t"}, "--region needs a value"},
      {{"--ranks-per-node", "4", "t", "-x"}, "unknown option '-x'"},
      {{"--round", "2", "t"}, "--round only works with --export"},
  };
  for (const auto& [args, expected] : cases) {
    const CommandLine cl = parse(args);
    CAPTURE(cl.error.toStdString());
    CHECK(cl.error.contains(QString::fromUtf8(expected)));
    CHECK_FALSE(cl.error.contains(QLatin1Char('\n')));
  }
}

TEST_CASE("the command line takes --call N and two traces") {
  CommandLine cl = parse({"--call", "3", "a"});
  REQUIRE(cl.error.isEmpty());
  CHECK(cl.options.call.selector == QStringLiteral("3"));
  CHECK_FALSE(cl.options.call.byRegion);
  cl = parse({"--export", "o.png", "--region", "solve", "a", "b"});
  REQUIRE(cl.error.isEmpty());
  CHECK(cl.options.call.byRegion);
  CHECK(cl.options.trace == QStringLiteral("a"));
  CHECK(cl.options.second == QStringLiteral("b"));
  cl = parse({"a", "b"});
  REQUIRE(cl.error.isEmpty());
  CHECK(cl.second == QStringLiteral("b"));
  CHECK(usage().contains(QStringLiteral("--call N")));
}

TEST_CASE("each of two traces has its own call: --call for TRACE, --call2 for TRACE2") {
  CommandLine cl = parse({"--call2", "4", "a", "b", "--call", "1"});
  REQUIRE(cl.error.isEmpty());
  CHECK(cl.options.call.selector == QStringLiteral("1"));
  CHECK(cl.options.call.flag() == QStringLiteral("--call"));
  CHECK(cl.options.call2.selector == QStringLiteral("4"));
  CHECK(cl.options.call2.flag() == QStringLiteral("--call2"));
  cl = parse({"--export", "o.png", "--region2", "solve", "a", "b"});
  REQUIRE(cl.error.isEmpty());
  CHECK_FALSE(cl.options.call.given());
  CHECK(cl.options.call2.byRegion);
  CHECK(cl.options.call2.flag() == QStringLiteral("--region2"));
  // One cursor for both: a time on the time axis, a round on a round axis.
  cl = parse({"--export", "o.png", "--time", "3us", "a", "b"});
  REQUIRE(cl.error.isEmpty());
  cl = parse({"--export", "o.png", "--axis", "rounds", "--round", "1", "a", "b"});
  REQUIRE(cl.error.isEmpty());
  CHECK(usage().contains(QStringLiteral("--call2 N")));
}

TEST_CASE("a node layout for the window and for exports; mistakes are one line") {
  CommandLine cl = parse({"--ranks-per-node", "4", "--placement", "round-robin", "t"});
  REQUIRE(cl.error.isEmpty());
  CHECK(cl.options.nodes.ranksPerNode == 4);
  CHECK(cl.options.nodes.roundRobin);
  cl = parse({"--export", "x.png", "--nodes", "3,3,2", "t"});
  REQUIRE(cl.error.isEmpty());
  CHECK(cl.options.nodes.sizes == QStringLiteral("3,3,2"));
  CHECK_FALSE(cl.options.nodes.roundRobin);
  // The shared parser's words (collscope/cli/numbers.hpp).
  CHECK(parse({"--ranks-per-node", "0", "t"})
            .error.startsWith(QStringLiteral("--ranks-per-node expects a whole number")));
  CHECK(parse({"--placement", "round-robin", "t"}).error ==
        QStringLiteral("--placement goes with --ranks-per-node"));
  CHECK(parse({"--ranks-per-node", "2", "--placement", "scatter", "t"})
            .error.startsWith(QStringLiteral("--placement: expected consecutive or round-robin")));
  CHECK(parse({"--ranks-per-node", "2", "--nodes", "1,1", "t"}).error ==
        QStringLiteral("give either --ranks-per-node or --nodes, not both"));
  CHECK(usage().contains(QStringLiteral("--ranks-per-node N")));
}
