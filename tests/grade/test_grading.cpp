// Every exercise graded by collscope-grade --quick: the reference scores full points; each
// broken variant loses exactly the points of the checks its
// exercise.json says it breaks, and the report carries the diagnosis.
#include "exercise.hpp"
#include "grade_support.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <set>

using namespace collscope::grade;
using namespace collscope::grade::test;

namespace {

void grade_exercise(const std::string& name) {
  const Exercise ex = load_exercise(name, exercises_dir(), true);
  const fs::path dir = scratch(name);
  const fs::path subs = dir / "submissions";
  fs::create_directories(subs);
  fs::copy_file(ex.dir / ex.reference, subs / "reference.cpp");
  for (const BrokenSpec& b : ex.broken)
    fs::copy_file(ex.dir / b.file, subs / ("broken-" + fs::path(b.file).stem().string() + ".cpp"));

  const GraderRun run =
      run_grader({name, "--batch", subs.string(), "--out", (dir / "out").string(), "--quick"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);

  const Graded reference = read_graded(dir / "out" / "reference");
  for (const auto& [id, check] : reference.checks) {
    INFO("reference, check " << id << ": " << check.status);
    CHECK(check.status == "passed");
  }
  CHECK(reference.score == reference.max_score);
  CHECK(reference.max_score == 100);

  for (const BrokenSpec& b : ex.broken) {
    const std::string stem = fs::path(b.file).stem().string();
    INFO(name << "/" << b.file);
    const Graded g = read_graded(dir / "out" / ("broken-" + stem));
    std::set<std::string> failed;
    for (const auto& [id, check] : g.checks)
      if (check.status != "passed") failed.insert(id);
    CHECK(failed == std::set<std::string>(b.breaks.begin(), b.breaks.end()));
    double lost = 0;
    for (const std::string& id : b.breaks) lost += g.checks.at(id).max_score;
    CHECK(g.score == g.max_score - lost);
    INFO(g.report.substr(0, 6000));
    CHECK(g.report.find(b.diagnosis) != std::string::npos);
  }

  const std::string csv = read_text(dir / "out" / "grades.csv");
  CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<long>(ex.broken.size()) + 2);
  CHECK(csv.find("reference,100,100") != std::string::npos);
}

} // namespace

TEST_CASE("gather: reference and broken variants", "[gather]") {
  grade_exercise("gather");
}

TEST_CASE("scatter: reference and broken variants", "[scatter]") {
  grade_exercise("scatter");
}

TEST_CASE("bcast_pipeline: reference and broken variants", "[bcast_pipeline]") {
  grade_exercise("bcast_pipeline");
}

TEST_CASE("allgather: reference and broken variants", "[allgather]") {
  grade_exercise("allgather");
}

TEST_CASE("bcast_tree: reference and broken variants", "[bcast_tree]") {
  grade_exercise("bcast_tree");
}

TEST_CASE("allreduce: reference and broken variants", "[allreduce]") {
  grade_exercise("allreduce");
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
  const GraderRun run = run_grader(
      {"allreduce", "--batch", subs.string(), "--out", (dir / "out").string(), "--quick"});
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
  CHECK(g.score == 100);
  CHECK(g.report.find("p = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16") !=
        std::string::npos);
  CHECK(fs::exists(dir / "report.html"));
  CHECK(fs::exists(dir / "junit.xml"));
  CHECK(read_text(dir / "report.html").find("<svg") != std::string::npos);
}
