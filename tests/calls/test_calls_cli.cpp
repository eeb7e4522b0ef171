// collscope-trace calls, and stats/check/export of one call, on a plain program that knows
// nothing of collscope (four_steps.c, p = 6, recorded by record_program.sh): its four steps are
// four calls of the right kinds, each with its own rounds from 0; the hand-written broadcast
// and gather resemble the registry's binomial broadcast and linear gather; check judges one
// call; a bad --call or --region is one line.
#define CATCH_CONFIG_MAIN
#include "collscope/version.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct Run {
  int status = -1;
  std::string out;
  std::vector<std::string> err; ///< lines
};

std::string slurp(const fs::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), {}};
}

fs::path scratch() {
  const fs::path dir = fs::temp_directory_path() / ("collscope-calls-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

Run trace_cli(const std::string& args) {
  const fs::path dir = scratch();
  // Beside this test program in build/bin (the name only is compiled in: ccache hits a clone).
  const std::string cli =
      (fs::read_symlink("/proc/self/exe").parent_path() / COLLSCOPE_TRACE_CLI).string();
  const std::string command =
      cli + " " + args + " >" + (dir / "out").string() + " 2>" + (dir / "err").string();
  Run r;
  const int status = std::system(command.c_str());
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir / "out");
  std::istringstream err(slurp(dir / "err"));
  for (std::string line; std::getline(err, line);) r.err.push_back(line);
  return r;
}

std::string trace() {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  return std::string(dir) + "/four_steps_p6";
}

json calls() {
  const Run r = trace_cli("calls " + trace() + " --json");
  REQUIRE(r.status == 0);
  return json::parse(r.out);
}

// The program's steps: the calls that are not its barriers, in program order.
std::vector<json> steps(const json& all) {
  std::vector<json> out;
  for (const json& c : all)
    if (c["name"] != "MPI_Barrier" && c["parent"].is_null()) out.push_back(c);
  return out;
}

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

} // namespace

TEST_CASE("calls --json lists the program's four steps with their kinds and rounds from 0") {
  const json all = calls();
  const std::vector<json> s = steps(all);
  REQUIRE(s.size() == 4);
  const json &bcast = s[0], &gather = s[1], &ring = s[2], &allreduce = s[3];
  CHECK(bcast["kind"] == "phase");
  CHECK(gather["kind"] == "phase");
  CHECK(ring["kind"] == "phase");
  CHECK(allreduce["kind"] == "collective");
  CHECK(allreduce["name"] == "MPI_Allreduce");
  CHECK(allreduce["comm_size"] == 6);
  CHECK(allreduce["root"].is_null());
  CHECK(allreduce["op"] == "MPI_SUM");
  int barriers = 0;
  for (const json& c : all) barriers += c["name"] == "MPI_Barrier" ? 1 : 0;
  CHECK(barriers == 3);
  for (const json& c : s) CHECK(c["ranks"] == json({0, 1, 2, 3, 4, 5}));

  // p − 1 messages of 4 ints each; the gather root's copy to itself is apart.
  CHECK(bcast["messages"] == 5);
  CHECK(bcast["bytes"] == 5 * 16);
  CHECK(gather["messages"] == 5);
  CHECK(gather["self_messages"] == 1);
  CHECK(gather["bytes"] == 5 * 16);
  CHECK(ring["messages"] == 6);
  CHECK(ring["bytes"] == 6 * 4);
  CHECK(bcast["rounds_inferred"] == ceil_log2(6));
  CHECK(gather["rounds_inferred"] == 5);
  CHECK(ring["rounds_inferred"] == 1);
  for (const json& c : all) CHECK(c["rounds_annotated"] == 0);
}

TEST_CASE("the hand-written broadcast resembles the binomial one, the gather the linear one") {
  const std::vector<json> s = steps(calls());
  REQUIRE(s.size() == 4);
  const json& bcast = s[0]["resembles"];
  INFO("broadcast: " << bcast.dump());
  CHECK(bcast["collective"] == "bcast");
  CHECK(bcast["algorithm"] == "binomial");
  CHECK(bcast["exact"] == true);
  CHECK(bcast["root"] == 2);
  CHECK(bcast["rounds"] == ceil_log2(6));
  const json& gather = s[1]["resembles"];
  INFO("gather: " << gather.dump());
  CHECK(gather["collective"] == "gather");
  CHECK(gather["algorithm"] == "linear");
  CHECK(gather["root"] == 0);
  // The ring and the allreduce are the program's own: whatever they resemble, it is no
  // broadcast or gather.
  CHECK(s[2]["resembles"]["collective"] != "bcast");
  CHECK(s[2]["resembles"]["collective"] != "gather");
}

TEST_CASE("calls --call N: one call in full, what it resembles in words") {
  const std::vector<json> s = steps(calls());
  REQUIRE(s.size() == 4);
  const std::string bcast = std::to_string(s[0]["index"].get<int>());
  const Run text = trace_cli("calls " + trace() + " --call " + bcast);
  REQUIRE(text.status == 0);
  INFO(text.out);
  CHECK(text.out.starts_with("call          " + bcast + ": point-to-point (phase)\n"));
  CHECK(text.out.find("\nrounds        3 inferred, 0 annotated") != std::string::npos);
  CHECK(text.out.find("\nresembles     = bcast/binomial root 2\n") != std::string::npos);
  CHECK(text.out.find(s[0]["resembles"]["words"].get<std::string>()) != std::string::npos);
  const Run one = trace_cli("calls " + trace() + " --call " + bcast + " --json");
  REQUIRE(one.status == 0);
  CHECK(json::parse(one.out) == s[0]); // the same object as in the list
}

TEST_CASE("stats, check and export of one call: its own figures, rounds from 0, named") {
  const std::vector<json> s = steps(calls());
  REQUIRE(s.size() == 4);
  const std::string bcast = std::to_string(s[0]["index"].get<int>());
  const std::string gather = std::to_string(s[1]["index"].get<int>());

  const Run stats = trace_cli("stats " + trace() + " --call " + bcast + " --json");
  REQUIRE(stats.status == 0);
  const json j = json::parse(stats.out);
  CHECK(j["scope"] == "call");
  CHECK(j["call"]["index"] == s[0]["index"]);
  CHECK(j["call"]["kind"] == "phase");
  CHECK(j["call"]["name"] == s[0]["name"]);
  CHECK(j["messages"] == 5);
  CHECK(j["rounds_inferred"] == ceil_log2(6));
  // The call's communication tree: the binomial tree from root 2, parent and level per rank.
  CHECK(j["tree"]["is_tree"] == true);
  CHECK(j["tree"]["root"] == 2);
  CHECK(j["tree"]["direction"] == "from the root");
  CHECK(j["tree"]["depth"] == 2);
  CHECK(j["tree"]["parent"][2].is_null());
  CHECK(j["tree"]["level"][2] == 0);

  // The gather's copy to itself is no message between ranks: said apart, counted nowhere.
  const json g = json::parse(trace_cli("stats " + trace() + " --call " + gather + " --json").out);
  CHECK(g["messages"] == 5);
  CHECK(g["self_messages"] == 1);
  CHECK(g["bytes_total"] == 5 * 16);
  CHECK(g["tree"]["direction"] == "to the root");
  CHECK(g["tree"]["root"] == 0);
  CHECK(g["tree"]["depth"] == 1);

  // The whole trace says it is the whole trace, and how many calls it holds.
  const json whole = json::parse(trace_cli("stats " + trace() + " --json").out);
  CHECK(whole["scope"] == "whole trace");
  CHECK(whole["call"].is_null());
  CHECK(whole["calls"] == calls().size());
  // The program's own; those the library sent inside its native collectives are apart.
  CHECK(whole["messages"].get<int>() - whole["native_messages"].get<int>() == 5 + 5 + 6);
  CHECK(whole["self_messages"] == 1);

  const Run pass = trace_cli("check " + trace() + " --call " + bcast + " --max-rounds 3");
  INFO(pass.out);
  CHECK(pass.status == 0);
  CHECK(pass.out.find("ok   inferred rounds: 3 (at most 3)") != std::string::npos);
  const Run fail = trace_cli("check " + trace() + " --call " + gather + " --max-rounds 3");
  INFO(fail.out);
  CHECK(fail.status == 1);
  CHECK(fail.out.find("FAIL inferred rounds: 5 (at most 3)") != std::string::npos);
  CHECK(trace_cli("check " + trace() + " --max-rounds 3").status == 1); // the whole program

  const fs::path out = scratch() / "bcast.json";
  const Run exported =
      trace_cli("export " + trace() + " --call " + bcast + " --perfetto " + out.string());
  REQUIRE(exported.status == 0);
  const json p = json::parse(slurp(out));
  CHECK(p["otherData"]["call"]["index"] == s[0]["index"]);
  int flows = 0, sends = 0;
  for (const json& e : p["traceEvents"]) {
    if (e["ph"] == "s") {
      ++flows;
      CHECK(e["args"]["round_inferred"].get<int>() >= 0);
      CHECK(e["args"]["round_inferred"].get<int>() < ceil_log2(6));
    }
    if (e["ph"] == "X") CHECK(e["ts"].get<double>() >= 0);
    if (e["ph"] == "X" && e["name"] == "MPI_Send") {
      ++sends;
      CHECK(e["args"]["bytes"] == 16);
      CHECK(e["args"]["tag"] == 0);
      CHECK(e["args"]["communicator"].is_string());
      CHECK(e["args"].contains("peer"));
      CHECK(e["args"].contains("round_inferred"));
    }
  }
  CHECK(flows == 5);
  CHECK(sends == 5);
}

TEST_CASE("a call that is not there is one line and exit 2; a bad command line adds the hint") {
  const std::size_t n = calls().size();
  // hint: for a mistake in the command line, the subcommand whose help the second line names
  const auto refused = [](const Run& r, const std::string& says, const std::string& hint = "") {
    INFO("stderr: " << (r.err.empty() ? "(nothing)" : r.err.front()));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    REQUIRE(r.err.size() == (hint.empty() ? 1U : 2U));
    CHECK(r.err[0].starts_with("collscope-trace: error: "));
    CHECK(r.err[0].find(says) != std::string::npos);
    if (!hint.empty()) CHECK(r.err[1] == "Run 'collscope-trace " + hint + " --help' for usage.");
  };
  refused(trace_cli("stats " + trace() + " --call 999"), "no call 999: the trace has " +
                                                             std::to_string(n) + " calls (0 … " +
                                                             std::to_string(n - 1) + ")");
  refused(trace_cli("check " + trace() + " --call two --max-rounds 3"),
          "--call expects a call number (0, 1, …), got 'two'");
  refused(trace_cli("export " + trace() + " --region solve --perfetto /dev/null"),
          "no region named 'solve' in the trace (it has no user regions)");
  refused(trace_cli("stats " + trace() + " --call 1 --region solve"), "choose one call", "stats");
  refused(trace_cli("stats " + trace() + " --call 1 --call 2"), "choose one call", "stats");
  refused(trace_cli("stats " + trace() + " --call"), "--call: 1 required N missing", "stats");
  refused(trace_cli("calls " + trace() + " --call 1 --region solve"), "choose one call", "calls");
  refused(trace_cli("calls " + trace() + " --call " + std::to_string(n)), "no call");
  refused(trace_cli("calls " + trace() + " --calls"),
          "The following argument was not expected: --calls", "calls");
  refused(trace_cli("check " + trace()), "check needs a bound", "check");
  refused(trace_cli("export " + trace()), "--perfetto is required", "export");
}

TEST_CASE("a user region, the program's own name for a step, is picked by --region NAME") {
  const char* dir = std::getenv("COLLSCOPE_TEST_TRACES");
  REQUIRE(dir != nullptr);
  const std::string regions = std::string(dir) + "/regions_p3";
  const Run listed = trace_cli("calls " + regions + " --json");
  REQUIRE(listed.status == 0);
  int exchanges = 0;
  for (const json& c : json::parse(listed.out))
    if (c["kind"] == "region" && c["name"] == "region exchange") ++exchanges;
  CHECK(exchanges == 2);

  const Run solve = trace_cli("stats " + regions + " --region solve --json");
  REQUIRE(solve.status == 0);
  const json j = json::parse(solve.out);
  CHECK(j["call"]["kind"] == "region");
  CHECK(j["call"]["name"] == "region solve");
  CHECK(j["messages"] == 2);
  CHECK(j["rounds_inferred"] == 2); // rank 0 receives from 1, then from 2
  // The first region of the name: the first exchange, one round of 3 messages.
  const json first = json::parse(trace_cli("stats " + regions + " --region exchange --json").out);
  CHECK(first["messages"] == 3);
  CHECK(first["rounds_inferred"] == 1);
  const Run missing = trace_cli("check " + regions + " --region nope --max-rounds 1");
  CHECK(missing.status == 2);
  REQUIRE(missing.err.size() == 1);
  CHECK(missing.err[0].find("no region named 'nope' in the trace (its regions: exchange, solve)") !=
        std::string::npos);
}

TEST_CASE("the Perfetto export's slices say what their MPI call did") {
  const fs::path out = scratch() / "whole.json";
  REQUIRE(trace_cli("export " + trace() + " --perfetto " + out.string()).status == 0);
  const json p = json::parse(slurp(out));
  CHECK(p["otherData"]["scope"] == "whole trace");
  CHECK(p["otherData"]["call"].is_null());
  int allreduces = 0, copies = 0, rings = 0;
  for (const json& e : p["traceEvents"]) {
    if (e["ph"] != "X") continue;
    const json& args = e["args"];
    if (e["name"] == "MPI_Allreduce") {
      ++allreduces;
      CHECK(args["collective"] == "ALLREDUCE");
      CHECK(args["communicator_size"] == 6);
      CHECK(args["bytes_sent"].get<std::uint64_t>() > 0);
      CHECK(!args.contains("root"));
      CHECK(args["op"] == "MPI_SUM");
    }
    if (e["name"] != "MPI_Sendrecv") continue;
    REQUIRE(args["messages"].size() == 2);
    if (args["messages"][0].contains("to_oneself")) {
      ++copies; // the gather root's copy: no bytes between ranks, no round
      CHECK(args["bytes"] == 0);
      CHECK(!args["messages"][0].contains("round_inferred"));
    } else {
      ++rings;
      CHECK(args["bytes"] == 8); // 4 bytes sent, 4 received
      CHECK(args["messages"][0]["direction"] == "send");
      CHECK(args["messages"][1]["direction"] == "receive");
      CHECK(args["messages"][1].contains("round_inferred"));
    }
  }
  CHECK(allreduces == 6);
  CHECK(copies == 1);
  CHECK(rings == 6);
}

TEST_CASE("every subcommand answers --help and -h with its usage, exit 0") {
  for (const std::string command : {"record", "calls", "stats", "check", "export"})
    for (const std::string help : {"--help", "-h"}) {
      // After a TRACE or an option too: --help wins wherever it is.
      const Run r = trace_cli(command + (command == "record" ? " -o x " : " TRACE ") + help);
      INFO(command << " " << help << ": " << r.out);
      CHECK(r.status == 0);
      CHECK(r.out.starts_with("Usage: collscope-trace " + command + " "));
      CHECK(r.err.empty());
    }
  // record's --help after the program's name is the program's.
  for (const std::string dashes : {"-- ", ""}) {
    const Run program =
        trace_cli("record -o " + (scratch() / "help").string() + " " + dashes + "echo --help");
    CHECK(program.out.find("Usage: collscope-trace") == std::string::npos);
    CHECK(program.out.find("--help") != std::string::npos); // echo's
  }
  const Run all = trace_cli("--help");
  CHECK(all.status == 0);
  for (const std::string command : {"record", "calls", "stats", "check", "export"})
    CHECK(all.out.find("\n  " + command + " ") != std::string::npos);
  const Run version = trace_cli("calls --version");
  CHECK(version.out == "collscope calls " COLLSCOPE_VERSION "\n");
}

TEST_CASE("calls: the table within 100 columns names what each call resembles in full") {
  const std::vector<json> s = steps(calls());
  REQUIRE(s.size() == 4);
  for (const std::string wide : {"", " --wide"}) {
    const Run r = trace_cli("calls " + trace() + wide);
    REQUIRE(r.status == 0);
    INFO(r.out);
    CHECK(r.out.find("= bcast/binomial root 2") != std::string::npos); // a phase has no root
    for (const json& step : s) {
      const json& like = step["resembles"];
      if (like["algorithm"].is_null()) continue;
      CHECK(r.out.find((like["exact"].get<bool>() ? "= " : "≈ ") +
                       like["collective"].get<std::string>() + "/" +
                       like["algorithm"].get<std::string>()) != std::string::npos);
    }
    CHECK(r.out.find("…") == std::string::npos);
    CHECK((r.out.find("  kind  ") != std::string::npos) == !wide.empty());
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
      if (wide.empty())
        CHECK(std::count_if(line.begin(), line.end(), [](char c) {
                return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
              }) <= 100);
  }
}
