// Submissions written to game the grader: forging verdicts, escaping the run, reading the
// course's files, going around the trace (PMPI, shared windows), switching off the
// synchronous-send check, failing early, leaking text into the report. Each gets an exact
// verdict; after grading no process of theirs is alive and nothing was written outside the
// output folder (which holds the runs' scratch folders).
#include "grade_support.hpp"

#include <arpa/inet.h>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <netinet/in.h>
#include <set>
#include <sys/socket.h>
#include <unistd.h>

using namespace collscope::grade::test;

namespace {

struct Expected {
  std::string name;
  std::set<std::string> failed;  ///< checks not passed (failed or not judged)
  std::vector<std::string> says; ///< in report.md
};

fs::path hostile_dir() {
  return submissions_dir().parent_path() / "hostile";
}

/// The gather reference under another name, for submissions that are right but for a trick.
std::string reference_as(const std::string& name) {
  std::string text = read_text(exercises_dir() / "gather" / "reference.cpp");
  const std::string def = "int MY_Gather(";
  text.replace(text.find(def), def.size(), "static int " + name + "(");
  return text;
}

constexpr const char* gather_args =
    "(const void* s, int sc, MPI_Datatype st, void* r, int rc, MPI_Datatype rt, int root, "
    "MPI_Comm comm)";

/// Processes whose program or working folder lies under `dir`.
std::vector<std::string> processes_under(const fs::path& dir) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    for (const char* link : {"exe", "cwd"}) {
      std::error_code ec;
      const fs::path target = fs::read_symlink(entry.path() / link, ec);
      if (!ec && target.string().rfind(dir.string(), 0) == 0)
        found.push_back(entry.path().filename().string() + " " + target.string());
    }
  }
  return found;
}

void check_verdicts(const fs::path& out, const std::vector<Expected>& expected) {
  for (const Expected& e : expected) {
    INFO(e.name);
    const Graded g = read_graded(out / e.name);
    std::set<std::string> failed;
    double lost = 0;
    for (const auto& [id, check] : g.checks)
      if (check.status != "passed") failed.insert(id), lost += check.max_score;
    // Speed is wall-clock time against native MPI on shared cores. Where the expected verdict
    // names it, it fails for a reason that is not a timing (nothing right to time, tampering);
    // where it does not, the submission's right cases were timed and the verdict is
    // don't-care here (bench/ measures speed).
    if (e.failed.count("speed") == 0) {
      CHECK(g.checks.at("speed").status != "not judged");
      failed.erase("speed");
    }
    CHECK(failed == e.failed);
    CHECK(g.score == g.max_score - lost);
    INFO(g.report.substr(0, 5000));
    for (const std::string& s : e.says) CHECK(g.report.find(s) != std::string::npos);
  }
}

const std::set<std::string> all_checks{"correct",    "no_eager", "no_collectives", "rounds",
                                       "root_bytes", "memory",   "policy",         "speed"};

} // namespace

TEST_CASE("forged verdicts, escapes, hidden traffic and environment tricks", "[hostile]") {
  const fs::path dir = scratch("hostile");
  const fs::path subs = dir / "submissions";
  fs::create_directories(subs);
  for (const char* name : {"forge_log", "daemon", "kill_everything", "pmpi_gather", "pmpi_linear",
                           "shared_window", "env_trick", "static_ctor", "network"})
    fs::copy_file(hostile_dir() / (std::string(name) + ".cpp"),
                  subs / (std::string(name) + ".cpp"));
  // Reading the model solution: by a path relative to the exercise's folder, and absolute.
  std::ofstream(subs / "include_relative.cpp") << "#include \"../../gather/reference.cpp\"\n";
  std::ofstream(subs / "include_absolute.cpp")
      << "#include \"" << (exercises_dir() / "gather" / "reference.cpp").string() << "\"\n";
  // A listener on the machine's loopback that no submission may reach.
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_port = htons(47123);
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const int one = 1;
  ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  const bool listening = ::bind(listener, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0 &&
                         ::listen(listener, 8) == 0;
  const char* home = std::getenv("HOME");
  const std::vector<fs::path> markers{
      "/tmp/collscope-hostile-daemon-was-here", "/dev/shm/collscope-hostile-daemon-was-here",
      "/var/tmp/collscope-hostile-daemon-was-here",
      fs::path(home ? home : "/root") / "collscope-hostile-daemon-was-here"};
  for (const fs::path& m : markers) fs::remove(m);

  // --smoke (every sweep in one mpirun): the containment does not depend on the process
  // counts, and each submission starts a third as many runs to escape from.
  const fs::path out = dir / "out";
  const GraderRun run =
      run_grader({"gather", "--batch", subs.string(), "--out", out.string(), "--smoke"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  // The daemon would have written a second after it started; give it the chance.
  ::sleep(3);

  check_verdicts(
      out,
      {
          {"forge_log", all_checks, {"Tampering: the runs' logs hold"}},
          {"daemon", {"rounds", "policy"}, {"fork", "setsid"}},
          {"kill_everything", all_checks, {"kill"}},
          {"pmpi_gather", all_checks, {"PMPI_Gather", "shows no message between ranks"}},
          {"pmpi_linear", all_checks, {"PMPI_Send", "shows no message between ranks"}},
          // Right, but slow: a window per call (how slow is timing: speed is don't-care).
          {"shared_window",
           {"no_collectives", "rounds", "root_bytes", "policy"},
           {"MPI_Win_allocate_shared"}},
          // The hello messages cost bytes too.
          {"env_trick", {"no_eager", "rounds", "root_bytes", "policy"}, {"unsetenv", "Deadlock"}},
          {"static_ctor", all_checks, {"static_constructors"}},
          {"network", all_checks, {"socket", "connect"}},
          {"include_relative", all_checks, {"does not compile", "No such file"}},
          {"include_absolute", all_checks, {"does not compile", "No such file"}},
      });

  // The verdict files are the grader's: the fake ones stayed in the runs' scratch folders.
  CHECK(read_text(out / "forge_log" / "results.json").find("\"score\": 100}") == std::string::npos);
  // Nothing of the runs is alive (graded as root, they ran in the grader's staging folders),
  // nothing was written outside the output folder.
  CHECK(processes_under(out).empty());
  CHECK(processes_under(fs::temp_directory_path() / "collscope-grade-").empty());
  for (const fs::path& m : markers) {
    INFO(m);
    CHECK(!fs::exists(m));
  }
  // Inside the output folder, only the runs' scratch folders (runs/, cases/) hold them.
  for (const auto& entry : fs::recursive_directory_iterator(out)) {
    const std::string rel = fs::relative(entry.path(), out).string();
    const bool scratch =
        rel.find("/runs/") != std::string::npos || rel.find("/cases/") != std::string::npos;
    if (entry.path().filename() == "collscope-hostile-daemon-was-here" ||
        (entry.path().filename() == "results.json" && rel.find('/') != rel.rfind('/'))) {
      INFO(rel);
      CHECK(scratch);
    }
  }
  CHECK(!fs::exists(subs / "results.json"));
  // No network: the submission saw none, and the listener got no connection.
  REQUIRE(listening);
  CHECK(::accept(listener, nullptr, nullptr) < 0);
  ::close(listener);
  bool noted = false;
  for (const auto& entry : fs::recursive_directory_iterator(out / "network" / "runs"))
    if (entry.path().filename() == "network.txt") {
      noted = true;
      CHECK(read_text(entry.path()) == "isolated\n");
    }
  CHECK(noted);
}

TEST_CASE("early failures cost their own cases only; feedback stays true", "[hostile_early]") {
  const fs::path dir = scratch("hostile-early");
  const fs::path subs = dir / "submissions", whole = dir / "whole-sweep";
  fs::create_directories(subs);
  fs::create_directories(whole);
  // Failing every case, they need no sweep kept to its process count: --smoke (one mpirun for
  // the sweep) gives the same verdicts in about half the time (49 s instead of 85 s at load 5).
  for (const char* name : {"finalize", "leak_output"})
    fs::copy_file(hostile_dir() / (std::string(name) + ".cpp"),
                  whole / (std::string(name) + ".cpp"));
  // Right everywhere but at p = 1, where it waits for a message that never comes.
  std::ofstream(subs / "hang_p1.cpp")
      << reference_as("reference_gather") << "\nint MY_Gather" << gather_args
      << " {\n  int size = 0;\n  MPI_Comm_size(comm, &size);\n  if (size == 1) {\n"
      << "    int x = 0;\n    MPI_Recv(&x, 1, MPI_INT, 0, 99, comm, MPI_STATUS_IGNORE);\n  }\n"
      << "  return reference_gather(s, sc, st, r, rc, rt, root, comm);\n}\n";
  // Right everywhere but at count 0, where it crashes.
  std::ofstream(subs / "crash_count0.cpp")
      << reference_as("reference_gather") << "\nstatic int* volatile nowhere = nullptr;\n"
      << "int MY_Gather" << gather_args << " {\n  if (sc == 0) *nowhere = 1;\n"
      << "  return reference_gather(s, sc, st, r, rc, rt, root, comm);\n}\n";
  // The two that fail one process count or one count: --quick, one mpirun per process count.
  const fs::path out = dir / "out";
  const GraderRun run =
      run_grader({"gather", "--batch", subs.string(), "--out", out.string(), "--quick"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  const fs::path out_whole = dir / "out-whole-sweep";
  const GraderRun smoke =
      run_grader({"gather", "--batch", whole.string(), "--out", out_whole.string(), "--smoke"});
  INFO(smoke.output);
  REQUIRE(smoke.exit_code == 0);
  check_verdicts(out, {
                          {"hang_p1", {"correct"}, {"hang: no progress", "not run"}},
                          {"crash_count0", {"correct"}, {"killed by signal 11"}},
                      });
  check_verdicts(out_whole, {
                                {"finalize", all_checks, {"called MPI_Finalize inside MY_Gather"}},
                                {"leak_output", all_checks, {"called MPI_Abort (error code 3)"}},
                            });
  // Only checked pieces of the printed text reach the reports.
  for (const char* file : {"results.json", "report.md", "report.html", "junit.xml"})
    CHECK(read_text(out_whole / "leak_output" / file).find("HOSTILE-SECRET-LINE") ==
          std::string::npos);
  // Every case that could run did: of p ≥ 2, all right.
  const std::string report = read_text(out / "hang_p1" / "report.md");
  CHECK(report.find("| 2 | 12 | 12 | 0 | 0 |") != std::string::npos);
  CHECK(report.find("| 1 |") != std::string::npos);
  CHECK(processes_under(out).empty());
  CHECK(processes_under(out_whole).empty());
}

TEST_CASE("a rounds hint describes the code it is given", "[hostile_early]") {
  const fs::path dir = scratch("hostile-hint");
  // The allgather reference with every MPI_Sendrecv split into MPI_Isend, MPI_Recv and
  // MPI_Wait: the same messages, but a send and then a receive, two steps per round.
  std::ofstream(dir / "split.cpp")
      << "#include <mpi.h>\n"
      << "static int split(const void* sb, int sc, MPI_Datatype st, int dest, int stag, void* rb,\n"
      << "                 int rc, MPI_Datatype rt, int src, int rtag, MPI_Comm comm,\n"
      << "                 MPI_Status* status) {\n"
      << "  MPI_Request q;\n  MPI_Isend(sb, sc, st, dest, stag, comm, &q);\n"
      << "  MPI_Recv(rb, rc, rt, src, rtag, comm, status);\n"
      << "  return MPI_Wait(&q, MPI_STATUS_IGNORE);\n}\n#define MPI_Sendrecv split\n"
      << read_text(exercises_dir() / "allgather" / "reference.cpp");
  const GraderRun run = run_grader(
      {"allgather", (dir / "split.cpp").string(), "--out", (dir / "out").string(), "--smoke"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  const Graded g = read_graded(dir / "out");
  CHECK(g.checks.at("rounds").status == "failed");
  CHECK(g.checks.at("correct").status == "passed");
  INFO(g.report.substr(0, 5000));
  CHECK(g.report.find("a round that sends and then receives takes two") != std::string::npos);
  CHECK(g.report.find("instead of passing one block per round") == std::string::npos);
}

TEST_CASE("without namespaces the grader refuses in one line, unless told to run unconfined",
          "[sandbox]") {
  const fs::path dir = scratch("sandbox");
  // A bwrap that fails as it does in containers that forbid user namespaces.
  const fs::path fake = dir / "bwrap";
  std::ofstream(fake) << "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace, "
                         "likely because the kernel does not allow non-privileged user "
                         "namespaces.' >&2\nexit 1\n";
  fs::permissions(fake, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_read |
                            fs::perms::others_exec | fs::perms::group_read);
  const fs::path reference = exercises_dir() / "gather" / "reference.cpp";
  for (const std::string& bwrap : {fake.string(), (dir / "not-installed").string()}) {
    INFO(bwrap);
    const GraderRun refused =
        run_grader({"gather", reference.string(), "--out", (dir / "refused").string(), "--quick"},
                   60, {"COLLSCOPE_GRADE_BWRAP=" + bwrap});
    INFO(refused.output);
    CHECK(refused.exit_code == 2);
    CHECK(std::count(refused.output.begin(), refused.output.end(), '\n') == 1);
    CHECK(refused.output.find("--unsafe-no-sandbox") != std::string::npos);
    CHECK(!fs::exists(dir / "refused" / "results.json"));
  }
  CHECK(run_grader({"gather", reference.string(), "--quick"}, 60,
                   {"COLLSCOPE_GRADE_BWRAP=" + fake.string()})
            .output.find("No permissions to creating new namespace") != std::string::npos);
  const GraderRun unsafe = run_grader({"gather", reference.string(), "--out",
                                       (dir / "unsafe").string(), "--smoke", "--unsafe-no-sandbox"},
                                      390, {"COLLSCOPE_GRADE_BWRAP=" + fake.string()});
  INFO(unsafe.output);
  CHECK(unsafe.exit_code == 0);
  CHECK(unsafe.output.find("--unsafe-no-sandbox: submissions run unconfined") != std::string::npos);
  const Graded g = read_graded(dir / "unsafe");
  check_passed_but_speed(g);
  CHECK(g.max_score == 100);
  CHECK(g.report.find("WITHOUT the sandbox") != std::string::npos);
}

TEST_CASE("an output folder only the grader may enter (mktemp -d) is graded into", "[sandbox]") {
  // mktemp -d makes 0700 folders; as root the sandbox runs as nobody, who cannot enter them.
  const fs::path dir = scratch("private");
  const fs::path out = dir / "grade";
  fs::create_directories(out);
  fs::permissions(dir, fs::perms::owner_all);
  fs::permissions(out, fs::perms::owner_all);
  const fs::path source = exercises_dir() / "gather" / "broken" / "wrong_order_root.cpp";
  const GraderRun run = run_grader({"gather", source.string(), "--out", out.string(), "--smoke"});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  const Graded g = read_graded(out);
  CHECK(g.checks.at("correct").status == "failed");
  CHECK(g.checks.at("rounds").status == "passed");
  // Its right cases were timed (the verdict is wall-clock time on shared cores: don't-care).
  CHECK(g.checks.at("speed").status != "not judged");
  // What the runs left is in the output folder, and nothing of the staging is left behind.
  CHECK(fs::is_regular_file(out / "build" / "submission"));
  CHECK(fs::is_directory(out / "runs"));
  CHECK(!fs::exists(out / ".sandbox"));
  const std::string report = read_text(out / "report.md");
  const std::size_t trace = report.find("trace: `");
  REQUIRE(trace != std::string::npos);
  const std::string trace_path = report.substr(trace + 8, report.find('`', trace + 8) - trace - 8);
  CHECK(trace_path.rfind(out.string(), 0) == 0);
  CHECK(fs::exists(fs::path(trace_path) / "traces.otf2"));
  CHECK(report.find("collscope-grade-") == std::string::npos); // no staging path leaks out
}
