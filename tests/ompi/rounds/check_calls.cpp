// collscope_ompi_rounds_check CALLS_JSON COLL ALG COUNT SEGSIZE FANOUT CALLS
//
// Reads `collscope-trace calls TRACE --json` and holds every native COLL call to the round
// count Open MPI's algorithm ALG takes under the one-ported rule (expected_rounds.hpp), for its
// own communicator size and root: rounds_inferred equal, rounds_consistent true, and, where the
// trace names Open MPI's algorithm, the name ALG. There must be CALLS such calls. One line per
// call; exit status 1 if any check fails, 2 on a usage or input error.
#include "expected_rounds.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

using namespace collscope::ompi_rounds;

int main(int argc, char** argv) {
  if (argc != 8) {
    std::fprintf(stderr, "usage: %s CALLS_JSON COLL ALG COUNT SEGSIZE FANOUT CALLS\n", argv[0]);
    return 2;
  }
  nlohmann::json calls;
  try {
    std::ifstream in(argv[1]);
    calls = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cannot read %s: %s\n", argv[1], e.what());
    return 2;
  }
  const std::string coll = argv[2], alg = argv[3];
  const int count = std::atoi(argv[4]), segsize = std::atoi(argv[5]), fanout = std::atoi(argv[6]);
  const int wanted = std::atoi(argv[7]);
  int seen = 0, failures = 0;
  for (const auto& call : calls) {
    if (call.value("kind", "") != "collective") continue;
    std::string name = call.value("collective", "");
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (name != coll && name != "mpi_" + coll) continue;
    ++seen;
    Case c{coll, alg, call.value("comm_size", 0), 0, count, segsize, fanout, 4};
    if (call.contains("root") && call["root"].is_number_integer()) c.root = call["root"].get<int>();
    const Expected expected = expected_rounds(c);
    const int rounds = call.value("rounds_inferred", -1);
    const bool consistent = call.value("rounds_consistent", false);
    std::string named = "-";
    if (call.contains("ompi_algorithm") && call["ompi_algorithm"].is_object())
      named = call["ompi_algorithm"].value("name", "-");
    // Open MPI hands some cases to another algorithm, and the trace names the one that ran.
    std::string runs = alg;
    if (coll == "allgather" && alg == "recursive_doubling" && (c.p & (c.p - 1)) != 0)
      runs = "bruck";
    if (coll == "allgather" && alg == "neighbor" && c.p % 2 != 0) runs = "ring";
    // The tracer does not name coll tuned's scan algorithms (ompi_tuned has no scan table).
    const bool name_ok = named == "-" || named == runs || (coll == "scan" && named == "unknown");
    const bool ok = rounds == expected.rounds && consistent && name_ok;
    failures += ok ? 0 : 1;
    std::printf("%s call %d %s/%s p=%d root=%d messages=%d: rounds %d%s, expected %d (%s)%s\n",
                ok ? "ok  " : "FAIL", call.value("index", -1), coll.c_str(), alg.c_str(), c.p,
                c.root, call.value("messages", -1), rounds, consistent ? "" : " (inconsistent)",
                expected.rounds, expected.from_formula ? "formula" : "simulated",
                name_ok && named == runs ? "" : (", named " + named).c_str());
  }
  if (seen != wanted) {
    std::printf("FAIL %d %s calls, expected %d\n", seen, coll.c_str(), wanted);
    ++failures;
  }
  return failures == 0 ? 0 : 1;
}
