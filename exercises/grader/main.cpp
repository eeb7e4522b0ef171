// collscope-grade: grades students' collectives for correctness, rounds, bandwidth, memory,
// reliance on MPI's buffering, use of collectives, and speed (exercises/README.md).
#include "batch.hpp"
#include "class_report.hpp"
#include "collscope/paths.hpp"
#include "exercise.hpp"
#include "grade.hpp"
#include "sandbox.hpp"
#include "slurm_batch.hpp"
#include "terminal.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace collscope::grade;
namespace fs = std::filesystem;

constexpr const char* usage =
    R"(usage: collscope-grade EXERCISE SUBMISSION.cpp [--out DIR] [--quick] [--quiet]
       collscope-grade EXERCISE --batch DIR [--out DIR] [--csv FILE] [--quick]
                       [--slurm [--partition P] [--time T]]
       collscope-grade --list
options: --unsafe-no-sandbox  run submissions without the bubblewrap sandbox

EXERCISE is a folder holding exercise.json, or the name of one of the course's exercises
(--list shows them). The submission is compiled with mpicxx against the grading harness,
run under mpirun over the exercise's sweep with the tracer, and judged check by check.
Written to DIR (default ./grade-EXERCISE-NAME): report.md, report.html, results.json
(Gradescope), junit.xml, and the runs, traces and reproduce commands of failed cases.
--quick runs the exercise's smaller sweep (well under a minute); --smoke (for the test suite)
an even smaller one, all process counts in one mpirun. --batch grades every *.cpp
(or folder with one *.cpp) of DIR into DIR-OUT/NAME/ and a CSV (default OUT/grades.csv),
and writes OUT/class-report.md. --slurm grades them as a Slurm job array, one task per
submission on a node of its own (sbatch --partition P, --time T per submission), in the
same sandbox; a task that leaves no result is a row with Slurm's reason.
The compiler and every run of a submission are confined by bubblewrap (bwrap): no network,
no writes outside one scratch folder, no view of the course's files; where bwrap cannot
create its namespaces the grader refuses, unless --unsafe-no-sandbox is given.

Exit status: 0 graded (whatever the score), 2 bad usage, exercise or submission.
)";

std::string env_or(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

Toolchain toolchain() {
  Toolchain t;
  t.mpicxx = env_or("COLLSCOPE_GRADE_MPICXX", COLLSCOPE_GRADE_MPICXX_DEFAULT);
  t.mpirun = env_or("COLLSCOPE_GRADE_MPIRUN", COLLSCOPE_GRADE_MPIRUN_DEFAULT);
  // Found from this program (collscope/paths.hpp), so that an installed tree can be moved.
  t.harness_lib = collscope::paths::library("libcollscope_grade_harness.a");
  t.harness_include = collscope::paths::data("harness/include");
  t.trace_lib = collscope::paths::library("libcollscope-trace.so");
  t.shim_lib = collscope::paths::library("libcollscope-sync-send.so");
  for (const fs::path& p : {t.harness_lib, t.harness_include, t.trace_lib, t.shim_lib})
    if (!fs::exists(p)) throw ExerciseError(p.string() + " is missing: build collscope first");
  return t;
}

/// The sandbox hides the course (exercises, sources), the output and the submissions'
/// folders, and shows the libraries a submission is built and run with. Refuses, in one
/// line, when bubblewrap cannot work here and the sandbox was not waived.
Sandbox sandbox_for(bool enabled, const Exercise& exercise, const fs::path& root,
                    const Toolchain& tools, std::vector<fs::path> hidden) {
  // The course's files: the data folder, or the source tree the build tree's data link to.
  const fs::path course = collscope::paths::data("exercises").parent_path();
  hidden.insert(hidden.end(), {root, exercise.dir, course});
  Sandbox sandbox = make_sandbox(
      enabled, hidden, {tools.harness_lib, tools.trace_lib.parent_path(), tools.shim_lib});
  if (const std::string problem = sandbox_problem(sandbox); !problem.empty())
    throw ExerciseError(problem);
  if (!enabled)
    std::fprintf(stderr, "collscope-grade: warning: --unsafe-no-sandbox: submissions run "
                         "unconfined, with the grader's rights\n");
  return sandbox;
}

int list_exercises(const fs::path& root) {
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::directory_iterator(root))
    if (fs::exists(entry.path() / "exercise.json")) dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  for (const fs::path& d : dirs) {
    const Exercise e = load_exercise(d.string(), root, false);
    std::printf("%-20s %s\n", e.name.c_str(), e.title.c_str());
  }
  return 0;
}

int run(const std::vector<std::string_view>& args) {
  const fs::path root =
      env_or("COLLSCOPE_GRADE_EXERCISES", collscope::paths::data("exercises").c_str());
  std::vector<std::string> positional;
  std::string out, batch, csv;
  bool quick = false, smoke = false, quiet = false, unsafe = false;
  bool use_slurm = false, slurm_task = false;
  SlurmOptions slurm;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw ExerciseError("option " + std::string(a) + " needs a value");
      return std::string(args[++i]);
    };
    if (a == "--help" || a == "-h") return std::printf("%s", usage), 0;
    if (a == "--list") return list_exercises(root);
    if (a == "--quick")
      quick = true;
    else if (a == "--smoke") // the test suite's sample: see exercises/README.md
      quick = smoke = true;
    else if (a == "--quiet")
      quiet = true;
    else if (a == "--unsafe-no-sandbox")
      unsafe = true;
    else if (a == "--out" || a == "-o")
      out = value();
    else if (a == "--batch")
      batch = value();
    else if (a == "--csv")
      csv = value();
    else if (a == "--slurm")
      use_slurm = true;
    else if (a == "--slurm-task") // one task of --slurm's job array: no class report
      slurm_task = true;
    else if (a == "--partition")
      slurm.partition = value();
    else if (a == "--time")
      slurm.time = value();
    else if (a.starts_with("-"))
      throw ExerciseError("unknown option '" + std::string(a) + "' (see --help)");
    else
      positional.emplace_back(a);
  }
  if ((use_slurm || !slurm.partition.empty() || !slurm.time.empty()) && batch.empty())
    throw ExerciseError("--slurm, --partition and --time go with --batch (see --help)");
  if (positional.empty() || positional.size() != (batch.empty() ? 2u : 1u))
    throw ExerciseError(batch.empty() ? "expected EXERCISE SUBMISSION.cpp (see --help)"
                                      : "--batch takes EXERCISE and the folder only (see --help)");
  const Exercise exercise = load_exercise(positional[0], root, quick, smoke);
  const Toolchain tools = toolchain();
  if (!batch.empty()) {
    if (!fs::is_directory(batch)) throw ExerciseError("no folder '" + batch + "'");
    const fs::path dir = out.empty()
                             ? fs::path(fs::path(batch).lexically_normal().string() + "-graded")
                             : fs::path(out);
    const fs::path table = csv.empty() ? dir / "grades.csv" : fs::path(csv);
    int n = 0;
    if (use_slurm) { // the sandbox is the tasks' business, on the nodes
      slurm.grader_flags = {smoke ? "--smoke" : quick ? "--quick" : ""};
      if (slurm.grader_flags.front().empty()) slurm.grader_flags.clear();
      if (unsafe) slurm.grader_flags.emplace_back("--unsafe-no-sandbox");
      n = grade_batch_slurm(exercise, batch, dir, table, slurm);
    } else {
      const Sandbox sandbox = sandbox_for(!unsafe, exercise, root, tools, {dir, batch});
      n = grade_batch(exercise, tools, sandbox, batch, dir, table, quick);
    }
    if (!slurm_task) write_class_report(exercise, table, dir / "class-report.md");
    std::printf("graded %d submissions: %s%s\n", n, table.c_str(),
                slurm_task ? ""
                           : (", class report: " + (dir / "class-report.md").string()).c_str());
    return 0;
  }
  const fs::path source = positional[1];
  if (!fs::is_regular_file(source))
    throw ExerciseError("cannot read submission '" + source.string() + "'");
  const fs::path dir = out.empty()
                           ? fs::path("grade-" + exercise.name + "-" + source.stem().string())
                           : fs::path(out);
  const Sandbox sandbox =
      sandbox_for(!unsafe, exercise, root, tools, {dir, fs::absolute(source).parent_path()});
  Terminal terminal(quiet);
  const Grade grade = grade_submission(exercise, tools, sandbox, source, dir, quick, terminal);
  write_reports(grade);
  terminal.summary(grade);
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(usage, stderr);
    return 2;
  }
  try {
    return run(args);
  } catch (const ExerciseError& e) {
    std::fprintf(stderr, "collscope-grade: error: %s\n", e.what());
  } catch (const fs::filesystem_error& e) {
    std::fprintf(stderr, "collscope-grade: error: %s\n", e.what());
  }
  return 2;
}
