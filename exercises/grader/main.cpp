// collscope-grade: grades students' collectives for correctness, rounds, bandwidth, memory,
// reliance on MPI's buffering, use of collectives, and speed (exercises/README.md).
#include "batch.hpp"
#include "class_report.hpp"
#include "collscope/cli/command.hpp"
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
namespace cli = collscope::cli;
namespace fs = std::filesystem;

std::string program = "collscope-grade"; ///< as the command calls itself (cli::command_name)

/// What the command line asks for.
struct Args {
  std::string exercise, submission, out, batch, csv;
  bool list = false, quick = false, smoke = false, quiet = false, unsafe = false;
  bool use_slurm = false, slurm_task = false;
  SlurmOptions slurm;
};

constexpr const char* footer =
    R"(EXERCISE is a folder holding exercise.json, or the name of one of the course's exercises
(--list shows them). The submission is compiled with mpicxx against the grading harness,
run under mpirun over the exercise's sweep with the tracer, and judged check by check.
Written to DIR (default ./grade-EXERCISE-NAME): report.md, report.html, results.json
(Gradescope), junit.xml, and the runs, traces and reproduce commands of failed cases.
--batch grades every *.cpp (or folder with one *.cpp) of DIR into DIR-graded/NAME/ (or
--out) and a CSV (default OUT/grades.csv), and writes OUT/class-report.md. --slurm grades
them as a Slurm job array, one task per submission on a node of its own, in the same
sandbox; a task that leaves no result is a row with Slurm's reason.
The compiler and every run of a submission are confined by bubblewrap (bwrap): no network,
no writes outside one scratch folder, no view of the course's files; where bwrap cannot
create its namespaces the grader refuses, unless --unsafe-no-sandbox is given.

Exit status: 0 graded (whatever the score: the score is in the reports); 2 a usage error,
or an exercise, submission or folder that cannot be read or used.)";

/// The command line into `a`; the checks that CLI11 cannot express throw cli::UsageError.
void define(CLI::App& app, Args& a) {
  cli::synopsis(app, {"EXERCISE SUBMISSION.cpp [--out DIR] [--quick] [--quiet]",
                      "EXERCISE --batch DIR [--out DIR] [--csv FILE] [--quick]",
                      "EXERCISE --batch DIR --slurm [--partition P] [--time T]", "--list"});
  app.description("Grades a student's collective for correctness, rounds, bandwidth, memory, "
                  "reliance on MPI's\nbuffering, use of collectives, and speed "
                  "(exercises/README.md).");
  app.footer(footer);
  app.add_option("EXERCISE", a.exercise, "an exercise's name or folder")->type_name("");
  app.add_option("SUBMISSION.cpp", a.submission, "the student's source file")->type_name("");
  app.add_flag("--list", a.list, "list the course's exercises and exit");
  app.add_option("-o,--out", a.out, "where the reports go (default ./grade-EXERCISE-NAME)")
      ->type_name("DIR");
  app.add_flag("--quick", a.quick, "the exercise's smaller sweep (well under a minute)");
  app.add_flag("--smoke", a.smoke,
               "the test suite's sample: an even smaller sweep, all process\ncounts in one "
               "mpirun (exercises/README.md)");
  app.add_flag("--quiet", a.quiet, "no progress on the terminal, the summary only");
  app.add_flag("--unsafe-no-sandbox", a.unsafe,
               "run submissions without the bubblewrap sandbox, with the\ngrader's rights");
  app.add_option("--batch", a.batch, "grade every submission in DIR")->type_name("DIR");
  app.add_option("--csv", a.csv, "the batch's table of grades (default OUT/grades.csv)")
      ->type_name("FILE");
  app.add_flag("--slurm", a.use_slurm, "grade the batch as a Slurm job array (sbatch)");
  app.add_option("--partition", a.slurm.partition, "sbatch --partition P")->type_name("P");
  app.add_option("--time", a.slurm.time, "sbatch --time T per submission")->type_name("T");
  // One task of --slurm's job array (slurm_batch.cpp writes it): no class report.
  app.add_flag("--slurm-task", a.slurm_task)->group("");
  app.callback([&a] {
    if (a.list) return;
    if ((a.use_slurm || !a.slurm.partition.empty() || !a.slurm.time.empty()) && a.batch.empty())
      throw cli::UsageError("--slurm, --partition and --time go with --batch");
    if (!a.csv.empty() && a.batch.empty()) throw cli::UsageError("--csv goes with --batch");
    if (a.exercise.empty() || a.batch.empty() == a.submission.empty())
      throw cli::UsageError(a.batch.empty() ? "expected EXERCISE SUBMISSION.cpp"
                                            : "--batch takes EXERCISE and the folder only");
  });
}

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
    std::fprintf(stderr,
                 "%s: warning: --unsafe-no-sandbox: submissions run unconfined, with "
                 "the grader's rights\n",
                 program.c_str());
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

int run(Args& a) {
  const fs::path root =
      env_or("COLLSCOPE_GRADE_EXERCISES", collscope::paths::data("exercises").c_str());
  if (a.list) return list_exercises(root);
  const std::string &out = a.out, &batch = a.batch, &csv = a.csv;
  const bool smoke = a.smoke, quick = a.quick || a.smoke, unsafe = a.unsafe;
  const bool use_slurm = a.use_slurm, slurm_task = a.slurm_task;
  SlurmOptions& slurm = a.slurm;
  const Exercise exercise = load_exercise(a.exercise, root, quick, smoke);
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
  const fs::path source = a.submission;
  if (!fs::is_regular_file(source))
    throw ExerciseError("cannot read submission '" + source.string() + "'");
  const fs::path dir = out.empty()
                           ? fs::path("grade-" + exercise.name + "-" + source.stem().string())
                           : fs::path(out);
  const Sandbox sandbox =
      sandbox_for(!unsafe, exercise, root, tools, {dir, fs::absolute(source).parent_path()});
  Terminal terminal(a.quiet);
  const Grade grade = grade_submission(exercise, tools, sandbox, source, dir, quick, terminal);
  write_reports(grade);
  terminal.summary(grade);
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  program = cli::command_name(argv[0], "collscope-grade");
  CLI::App app{"", program};
  cli::conventions(app, "grade");
  Args args;
  define(app, args);
  if (const auto status = cli::parse(app, argc, argv, program)) return *status;
  try {
    return run(args);
  } catch (const ExerciseError& e) {
    cli::report_error(program, e.what());
  } catch (const fs::filesystem_error& e) {
    cli::report_error(program, e.what());
  }
  return cli::exit_usage;
}
