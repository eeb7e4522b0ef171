// Every exercise graded by collscope-grade --smoke (the test suite's sample: each sweep in one
// mpirun, the exercise's "smoke" members or else its quick ones): the reference scores full
// points; each broken variant loses exactly the points of the checks its exercise.json says it
// breaks, and the report carries the diagnosis. The students' --quick and full sweeps are
// graded by [full], [limits] and the hostile tests.
#include "collscope/model/load_trace.hpp"
#include "exercise.hpp"
#include "grade_support.hpp"
#include "patterns.hpp"
#include "process.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

using namespace collscope::grade;
using namespace collscope::grade::test;

namespace {

/// The hint rule (exercises/README.md): every pattern line printed holds for every failing
/// case of its check and for no passing one, judged on the cases results.json lists.
void check_patterns(const fs::path& dir) {
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "results.json"));
  const std::string report = read_text(dir / "report.md");
  std::set<std::string> checked;
  for (const nlohmann::json& test : doc.at("tests")) {
    const nlohmann::json& pattern = test.at("extra_data").at("pattern");
    const std::string text = pattern.at("text"), test_text = pattern.at("test");
    int failed = 0;
    for (const nlohmann::json& c : pattern.at("cases")) failed += c.at("side") == "failed";
    if (!pattern.at("cases").empty()) // the speed check judges timings, not cases
      CHECK(failed == test.at("extra_data").at("failed").get<int>());
    if (text.empty()) continue;
    INFO("check " << test.at("extra_data").at("id") << ": " << text);
    CHECK(report.find(text) != std::string::npos);
    checked.insert(text);
    const Expr holds = Expr::parse(test_text);
    for (const nlohmann::json& c : pattern.at("cases")) {
      Case k;
      k.p = c.at("p");
      k.root = c.at("root");
      k.count = c.at("count");
      k.dtype = *parse_dtype(c.at("datatype").get<std::string>());
      k.op = *parse_op(c.at("op").get<std::string>());
      INFO("case " << c.at("id") << " (" << c.at("side") << ")");
      CHECK((holds.eval(pattern_env(k)) != 0) == (c.at("side") != "passed"));
    }
  }
  // No pattern line is printed that results.json does not list (and the test above checks).
  for (std::size_t at = report.find("Every failing case has"); at != std::string::npos;
       at = report.find("Every failing case has", at + 1)) {
    const std::string line = report.substr(at, report.find('\n', at) - at);
    CHECK(std::any_of(checked.begin(), checked.end(),
                      [&](const std::string& t) { return line.rfind(t, 0) == 0; }));
  }
}

/// report.html draws the first failed cases of each check from their trace, and report.md
/// links to those figures.
void check_figures(const fs::path& dir) {
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "results.json"));
  const std::string html = read_text(dir / "report.html"), md = read_text(dir / "report.md");
  for (const nlohmann::json& test : doc.at("tests")) {
    const std::string id = test.at("extra_data").at("id");
    const nlohmann::json& failed = test.at("extra_data").at("failed_cases");
    if (failed.empty() || failed.at(0).at("open").empty()) continue; // no trace of the case
    const std::string anchor =
        "figure-" + id + "-case-" + std::to_string(failed.at(0).at("id").get<int>());
    INFO("check " << id << ", " << anchor);
    CHECK(md.find("(report.html#" + anchor + ")") != std::string::npos);
    const std::size_t at = html.find("id=\"" + anchor + "\"");
    REQUIRE(at != std::string::npos);
    const std::string item = html.substr(at, html.find("</li>", at) - at);
    if (id == "correct" || id == "rounds") { // their cases send messages: a figure of them
      CHECK(item.find("<svg") != std::string::npos);
      CHECK(item.find("<title>rank ") != std::string::npos);
    } else {
      CHECK((item.find("<svg") != std::string::npos ||
             item.find("no message between ranks") != std::string::npos));
    }
  }
}

/// Block provenance (harness/provenance.cpp): the trace of a wrong result's reproduced case
/// carries, on the messages of code that annotates nothing, the blocks they hold, so the
/// app's data view shows them by origin; for a gather the root ends holding every origin.
/// Returns whether the variant's first failed case had a trace to look at.
bool check_provenance(const fs::path& dir, const std::string& collective) {
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "results.json"));
  for (const nlohmann::json& test : doc.at("tests")) {
    if (test.at("extra_data").at("id") != "correct") continue;
    const nlohmann::json& failed = test.at("extra_data").at("failed_cases");
    if (failed.empty() || failed.at(0).at("trace").get<std::string>().empty()) return false;
    const std::string spec = failed.at(0).at("reproduce");
    const std::optional<Case> c = parse_case_spec(spec.substr(spec.rfind("--case ") + 7));
    REQUIRE(c.has_value());
    INFO(failed.at(0).at("trace").get<std::string>());
    CHECK(!failed.at(0).at("block_map").empty());
    const collscope::model::Trace trace =
        collscope::model::load_trace(failed.at(0).at("trace").get<std::string>());
    std::set<int> at_root{c->root};
    int between = 0, annotated = 0;
    for (const collscope::model::Message& m : trace.messages) {
      if (m.sender == m.receiver) continue;
      ++between;
      if (!m.blocks) continue;
      ++annotated;
      CHECK(m.blocks->origin_count >= 1);
      CHECK(static_cast<int>(m.blocks->origin_count) <= c->p);
      if (m.receiver == c->root)
        for (std::uint32_t i = 0; i < m.blocks->origin_count; ++i)
          at_root.insert(static_cast<int>((m.blocks->origin_first + i) % c->p));
    }
    CHECK(between > 0);
    // Where a wrong rank received some rank's block (a digit in its block map), messages carry
    // that provenance. Where none did (every position '·': a broadcast from the wrong root may
    // move only memory no rank's block was in) there may be nothing to annotate.
    bool delivered = false;
    for (const nlohmann::json& row : failed.at(0).at("block_map"))
      delivered = delivered ||
                  row.at("got").get<std::string>().find_first_of("0123456789") != std::string::npos;
    if (delivered) CHECK(annotated > 0);
    // The receive buffers as the harness read them, in the case's region (the app's data view
    // draws them): every wrong rank's as the report prints it, with MPI's beside it.
    const std::string id = std::to_string(failed.at(0).at("id").get<int>());
    const auto instance =
        std::find_if(trace.algorithms.begin(), trace.algorithms.end(), [&](const auto& a) {
          return a.meta.contains("case") && a.meta.at("case") == id;
        });
    REQUIRE(instance != trace.algorithms.end());
    for (const nlohmann::json& row : failed.at(0).at("block_map")) {
      const int rank = row.at("rank");
      const auto ref =
          std::find_if(instance->regions.begin(), instance->regions.end(),
                       [rank](const collscope::model::OpRef& r) { return r.rank == rank; });
      REQUIRE(ref != instance->regions.end());
      const auto& meta = trace.ranks[static_cast<std::size_t>(rank)]
                             .regions[static_cast<std::size_t>(ref->op)]
                             .meta;
      INFO("rank " << rank);
      REQUIRE(meta.contains("received"));
      REQUIRE(meta.contains("expected"));
      CHECK(meta.find("received")->second == row.at("got").get<std::string>());
      CHECK(meta.find("expected")->second == row.at("expected").get<std::string>());
    }
    // No root named for a collective without one.
    CHECK(instance->meta.contains("root") == (collective == "gather" || collective == "gatherv" ||
                                              collective == "scatter" || collective == "bcast"));
    // A placement bug (every block there, in the wrong places: no '·', '?' or partial block
    // in the map) of a gather: every message carries a run of origins (an all-to-all's mixed
    // blocks, or a message of unwritten memory, would not), and the root ends with all.
    const std::string got = failed.at(0).at("block_map").at(0).at("got");
    if (collective == "gather" && got.find_first_of("·?[+") == std::string::npos) {
      CHECK(annotated == between);
      CHECK(static_cast<int>(at_root.size()) == c->p);
    }
    return true;
  }
  return false;
}

void grade_exercise(const std::string& name, bool smoke = false) {
  const Exercise ex = load_exercise(name, exercises_dir(), true, smoke);
  const fs::path dir = scratch(name);
  const fs::path subs = dir / "submissions";
  fs::create_directories(subs);
  fs::copy_file(ex.dir / ex.reference, subs / "reference.cpp");
  for (const BrokenSpec& b : ex.broken)
    fs::copy_file(ex.dir / b.file, subs / ("broken-" + fs::path(b.file).stem().string() + ".cpp"));

  const GraderRun run = run_grader({name, "--batch", subs.string(), "--out", (dir / "out").string(),
                                    smoke ? "--smoke" : "--quick"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);

  const Graded reference = read_graded(dir / "out" / "reference");
  INFO("reference");
  check_passed_but_speed(reference);
  CHECK(reference.max_score == 100);
  check_patterns(dir / "out" / "reference");

  int provenance_checked = 0;
  for (const BrokenSpec& b : ex.broken) {
    const std::string stem = fs::path(b.file).stem().string();
    INFO(name << "/" << b.file);
    const Graded g = read_graded(dir / "out" / ("broken-" + stem));
    std::set<std::string> failed;
    for (const auto& [id, check] : g.checks)
      if (check.status != "passed") failed.insert(id);
    // Speed is wall-clock time against native MPI on shared cores: a variant that is slower by
    // design but not named for it may lose it or not; a break named "speed" must fail.
    std::set<std::string> judged = failed;
    if (std::find(b.breaks.begin(), b.breaks.end(), "speed") == b.breaks.end())
      judged.erase("speed");
    CHECK(judged == std::set<std::string>(b.breaks.begin(), b.breaks.end()));
    double lost = 0;
    for (const std::string& id : failed) lost += g.checks.at(id).max_score;
    CHECK(g.score == g.max_score - lost);
    INFO(g.report.substr(0, 6000));
    CHECK(g.report.find(b.diagnosis) != std::string::npos);
    check_patterns(dir / "out" / ("broken-" + stem));
    check_figures(dir / "out" / ("broken-" + stem));
    const bool placement = std::find(b.breaks.begin(), b.breaks.end(), "correct") != b.breaks.end();
    if (placement && !takes_op(*parse_kind(ex.collective)))
      provenance_checked += check_provenance(dir / "out" / ("broken-" + stem), ex.collective);
  }
  // Every exercise of blocks has a variant with a wrong result whose case trace was read.
  if (!takes_op(*parse_kind(ex.collective))) CHECK(provenance_checked > 0);

  const std::string csv = read_text(dir / "out" / "grades.csv");
  CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<long>(ex.broken.size()) + 2);
  CHECK(csv.find("reference," + format_number(reference.score) + ",100") != std::string::npos);
}

} // namespace

TEST_CASE("gather: reference and broken variants", "[gather]") {
  grade_exercise("gather", true);
}

TEST_CASE("scatter: reference and broken variants", "[scatter]") {
  grade_exercise("scatter", true);
}

TEST_CASE("bcast_pipeline: reference and broken variants", "[bcast_pipeline]") {
  grade_exercise("bcast_pipeline", true);
}

TEST_CASE("allgather: reference and broken variants", "[allgather]") {
  grade_exercise("allgather", true);
}

TEST_CASE("bcast_tree: reference and broken variants", "[bcast_tree]") {
  grade_exercise("bcast_tree", true);
}

TEST_CASE("allreduce: reference and broken variants", "[allreduce]") {
  grade_exercise("allreduce", true);
}

// The issue's placement bug (a binomial gather whose root keeps the blocks in virtual-rank
// order): its report shows the block map, and its case trace, opened in the app, shows the
// blocks by origin (the data view's SVG export says so, not "no block annotations").
TEST_CASE("a placement bug's case: block map and data view by origin", "[provenance]") {
  const char* app = std::getenv("COLLSCOPE_APP");
  if (app == nullptr) {
    WARN("the app is not built: only the block map is checked");
  }
  const fs::path dir = scratch("provenance");
  const fs::path source = exercises_dir() / "gather" / "broken" / "wrong_order_root.cpp";
  const GraderRun run = run_grader({"gather", source.string(), "--out", dir.string(), "--smoke"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  const Graded g = read_graded(dir);
  CHECK(g.report.find("where the data went (each wrong rank's receive buffer") !=
        std::string::npos);
  CHECK(g.report.find("- rank 1: `1, 0` (expected `0, 1`)") != std::string::npos);
  REQUIRE(check_provenance(dir, "gather"));
  if (app == nullptr) return;
  const nlohmann::json doc = nlohmann::json::parse(read_text(dir / "results.json"));
  std::string trace, call;
  for (const nlohmann::json& test : doc.at("tests"))
    if (test.at("extra_data").at("id") == "correct") {
      const nlohmann::json& first = test.at("extra_data").at("failed_cases").at(0);
      trace = first.at("trace");
      // The case's call in its run's trace, as the report's "open" command names it.
      const std::string open = first.at("open").at(0);
      call = open.substr(open.rfind("--call ") + 7);
    }
  const fs::path svg = dir / "data.svg";
  RunLimits limits;
  limits.wall_seconds = 120;
  const RunResult r =
      run_process({app, "--export", svg.string(), "--view", "data", "--call", call, trace},
                  {"QT_QPA_PLATFORM=offscreen", "HOME=" + dir.string()}, limits);
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  const std::string text = read_text(svg);
  CHECK(text.find("the blocks the messages delivered, by origin rank") != std::string::npos);
  CHECK(text.find("no block annotations") == std::string::npos);
  CHECK(text.find("receive buffer after the call") != std::string::npos);
}

// The exercises after the first six, graded with the test suite's smoke sample (--smoke: p =
// 1 … 4 in one mpirun per sweep) to keep the suite's time: each submission costs about a
// third of --quick's. Their --quick and full sweeps are the students'.
TEST_CASE("alltoall, scan, reduce_scatter_block: reference and broken variants",
          "[new_exercises]") {
  for (const char* name : {"alltoall", "scan", "reduce_scatter_block"}) {
    INFO(name);
    grade_exercise(name, true);
  }
}

// The two-tree broadcast and Träff's irregular gather, with the smoke sample as above.
TEST_CASE("bcast_two_tree, gatherv: reference and broken variants", "[new_exercises_2]") {
  for (const char* name : {"bcast_two_tree", "gatherv"}) {
    INFO(name);
    grade_exercise(name, true);
  }
}

TEST_CASE("allreduce: going around the trace or skipping the work scores nothing", "[allreduce]") {
  const fs::path dir = scratch("allreduce-hostile");
  const fs::path subs = dir / "submissions";
  fs::create_directories(subs);
  const std::string head = "#include <mpi.h>\nint MY_Allreduce(const void* s, void* r, int n, "
                           "MPI_Datatype t, MPI_Op op, MPI_Comm comm) {\n";
  // Native MPI through its profiling interface: no trace of a collective, no message.
  std::ofstream(subs / "pmpi_allreduce.cpp")
      << head << "  return PMPI_Allreduce(s, r, n, t, op, comm);\n}\n";
  // Its own vector only: right for p = 1 and count 0, which earn nothing.
  std::ofstream(subs / "own_vector.cpp")
      << head
      << "  int rank = 0;\n  MPI_Comm_rank(comm, &rank);\n  (void)op;\n"
         "  return MPI_Sendrecv(s, n, t, rank, 0, r, n, t, rank, 0, comm, MPI_STATUS_IGNORE);\n}\n";
  // --smoke (the sweep in one mpirun): wrong at every p ≥ 2 and count ≥ 1, they need no sweep
  // kept to its process count (measured: the same scores and texts as --quick, 3.8 s against 9.6).
  const GraderRun run = run_grader(
      {"allreduce", "--batch", subs.string(), "--out", (dir / "out").string(), "--smoke"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  const Graded pmpi = read_graded(dir / "out" / "pmpi_allreduce");
  INFO(pmpi.report.substr(0, 4000));
  CHECK(pmpi.score == 0);
  CHECK(pmpi.report.find("PMPI_Allreduce") != std::string::npos);
  CHECK(pmpi.report.find("shows no message between ranks") != std::string::npos);
  const Graded own = read_graded(dir / "out" / "own_vector");
  INFO(own.report.substr(0, 4000));
  CHECK(own.score == 0);
  CHECK(own.report.find("(the sum over all ranks)") != std::string::npos);
}

TEST_CASE("the full sweep (p = 1..16, every root up to 8) grades the gather reference", "[full]") {
  const fs::path dir = scratch("full");
  const fs::path reference = exercises_dir() / "gather" / "reference.cpp";
  const GraderRun run = run_grader({"gather", reference.string(), "--out", dir.string()});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  const Graded g = read_graded(dir);
  check_passed_but_speed(g);
  CHECK(g.max_score == 100);
  CHECK(g.report.find("p = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16") !=
        std::string::npos);
  CHECK(fs::exists(dir / "report.html"));
  CHECK(fs::exists(dir / "junit.xml"));
  CHECK(read_text(dir / "report.html").find("<svg") != std::string::npos);
}
