// collscope/cli/*.hpp, the conventions every command shares: the number parsers and their
// messages, the names a command calls itself, the help's synopsis, and parse()'s exit codes.
#define CATCH_CONFIG_MAIN
#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

using namespace collscope::cli;

namespace {

std::string refusal(const auto& call) {
  try {
    call();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(accepted)";
}

} // namespace

TEST_CASE("whole numbers: digits only, in range, in full") {
  CHECK(whole<int>("42") == 42);
  CHECK(whole<int>("-3") == -3);
  CHECK(!whole<unsigned>("-3"));
  CHECK(!whole<int>("4x"));
  CHECK(!whole<int>(" 4"));
  CHECK(!whole<int>(""));
  CHECK(!whole<int>("0x10"));
  CHECK(!whole<int>("2147483648"));
  CHECK(whole<std::uint64_t>("18446744073709551615") == UINT64_MAX);
  CHECK(!whole<int>("0", 1, 10));
  CHECK(whole<int>("10", 1, 10) == 10);
  CHECK(!whole<int>("11", 1, 10));
}

TEST_CASE("reals: finite, in range, in full") {
  CHECK(real("1e-6") == 1e-6);
  CHECK(real("-2.5") == -2.5);
  CHECK(!real("inf"));
  CHECK(!real("nan"));
  CHECK(!real("1.5s"));
  CHECK(!real("-1", 0));
  CHECK(real("0", 0) == 0.0);
}

TEST_CASE("a refused number names the option, what it expects and what it got") {
  CHECK(refusal([] { whole_value<std::uint64_t>("--max-rounds", "99999999999999999999"); }) ==
        "--max-rounds expects a whole number up to 18446744073709551615, got "
        "'99999999999999999999'");
  CHECK(refusal([] { whole_value<std::uint64_t>("--max-messages", "-1"); }) ==
        "--max-messages expects a whole number ≥ 0, got '-1'");
  CHECK(refusal([] { whole_value<int>("--lanes", "0", 1, 2147483647); }) ==
        "--lanes expects a whole number from 1 to 2147483647, got '0'");
  CHECK(whole_value<int>("--lanes", "3", 1, 8) == 3);
  CHECK(refusal([] { positive_value("--alpha", "inf"); }) ==
        "--alpha expects a finite positive number, got 'inf'");
  CHECK(refusal([] { positive_value("--alpha", "0"); }) ==
        "--alpha expects a finite positive number, got '0'");
  CHECK(refusal([] { positive_value("--beta", "-1", true); }) ==
        "--beta expects a finite non-negative number, got '-1'");
  CHECK(positive_value("--beta", "0", true) == 0.0);
}

TEST_CASE("a command calls itself as the front end started it, else by its own name") {
  CHECK(command_name("collscope run", "collscope-run") == "collscope run");
  CHECK(command_name("/x/build/bin/collscope-run", "collscope-run") == "collscope-run");
  CHECK(command_name(nullptr, "collscope-run") == "collscope-run");
  CHECK(version_line("calls") == std::string("collscope calls ") + COLLSCOPE_VERSION);
}

TEST_CASE("help starts with the synopsis; --help and --version exit 0, mistakes 2") {
  CLI::App app("What it does.", "collscope demo");
  std::string trace;
  int count = 0;
  app.add_option("TRACE", trace, "the trace")->required();
  app.add_option("--count", count, "how many");
  synopsis(app, {"TRACE [--count N]", "mpirun -np P {} TRACE"});
  conventions(app, "demo");
  const std::string help = app.help();
  CHECK(help.starts_with("Usage: collscope demo TRACE [--count N]\n"
                         "       mpirun -np P collscope demo TRACE\n\nWhat it does.\n"));
  CHECK(help.find("--version") != std::string::npos);
  CHECK(parse(app, {"--help"}, "collscope demo") == exit_ok);
  CHECK(parse(app, {"--version"}, "collscope demo") == exit_ok);
  CHECK(parse(app, {"t", "--count", "x"}, "collscope demo") == exit_usage);
  CHECK(parse(app, {"t", "--bogus"}, "collscope demo") == exit_usage);
  CHECK(!parse(app, {"t", "--count", "3"}, "collscope demo"));
  CHECK(count == 3);
}
