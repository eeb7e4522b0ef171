// collscope-guidelines: checks seeds/004's performance guidelines (GL1–GL22) for chosen
// collectives, sizes and p — each native collective against its mock-ups, timed as ReproMPI
// does — on real MPI (mpirun, wall clock) or simulated (scripts/simulate, SimGrid SMPI), and
// writes the violation table, the paper's figures and PGMPITuneLib profiles that
// libcollscope-tune reads (COLLSCOPE_TUNE_PROFILES). Every measurement is one collscope-run,
// a child process; this program never calls MPI itself.
#include "candidate.hpp"
#include "collscope/paths.hpp"
#include "collscope/tune/profile_writer.hpp"
#include "measure.hpp"
#include "options.hpp"
#include "plot.hpp"
#include "report.hpp"

#include <QGuiApplication>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using namespace collscope;
using namespace collscope::guidelines;

namespace {

void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

std::string fmt_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

/// The profiles of one library: per collective the best violating mock-up per size range.
void write_profiles(const Options& o, const std::vector<CollectiveResult>& results,
                    const std::string& library, std::string& printed) {
  const fs::path dir =
      fs::path(o.out) / "profiles" /
      (o.launcher.simulated ? (library.empty() ? "default" : library) : "wall-clock");
  for (const CollectiveResult& r : results) {
    if (r.library != library) continue;
    tune::Profile profile;
    profile.collective = r.collective;
    profile.procs = o.launcher.p;
    profile.datatype = o.datatype->mpi;
    // Candidates the tune library would refuse on this datatype (or cannot set up) never go
    // in: the next fastest violating one does; the report says why (left_out).
    for (const ChosenRange& range : profile_ranges(r.sizes, labels(unwritten(o, r)))) {
      tune::Choice c;
      std::string problem;
      if (!parse_candidate(r.collective, range.algorithm, c, problem)) continue;
      c.low = range.low, c.high = range.high, c.procs = o.launcher.p;
      profile.choices.push_back(c);
    }
    if (profile.choices.empty()) continue;
    profile.comments = {
        "collscope-guidelines, p = " + std::to_string(o.launcher.p) + ", " +
            std::string(o.datatype->mpi) + ", MPI_SUM, " +
            (o.launcher.simulated ? "simulated on " + o.launcher.platform + ", SMPI selector " +
                                        (library.empty() ? "default" : library)
                                  : std::string("wall clock")),
        "per measured size the fastest mock-up violating its guideline (faster than native by > " +
            fmt_number(o.judgement.margin) + ", rank-sum p < " + fmt_number(o.judgement.alpha) +
            "); consecutive sizes merged"};
    const std::vector<tune::Choice>& choices = profile.choices;
    std::string path, error;
    if (!tune::write_profile(dir.string(), profile, path, error))
      std::fprintf(stderr, "collscope-guidelines: %s\n", error.c_str());
    else
      printed += "profile: " + path + " (" + std::to_string(choices.size()) + " range" +
                 (choices.size() == 1 ? "" : "s") + ")\n";
  }
}

} // namespace

int main(int argc, char** argv) {
  Options o;
  if (const auto status = parse_options(argc, argv, std::thread::hardware_concurrency(), o))
    return *status;
  Launcher& l = o.launcher;
  // Found from this program (collscope/paths.hpp): beside it, or in its tree's libexec.
  if (l.run.empty()) l.run = collscope::paths::program("collscope-run").string();
  if (l.mpirun.empty()) l.mpirun = COLLSCOPE_MPIEXEC;
  if (l.simulate.empty()) l.simulate = collscope::paths::program("simulate").string();
  // Fonts for the figures need a QGuiApplication; no display is needed or used.
  if (std::getenv("QT_QPA_PLATFORM") == nullptr) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  int qt_argc = 1;
  QGuiApplication app(qt_argc, argv);

  std::error_code ec;
  fs::create_directories(fs::path(o.out) / "raw", ec);
  if (ec) {
    std::fprintf(stderr, "collscope-guidelines: error: --out %s: %s\n", o.out.c_str(),
                 ec.message().c_str());
    return 2;
  }
  std::ofstream commands(fs::path(o.out) / "raw" / "commands.txt");
  const RunJob run_job = [&](const Job& job, const std::string& label) {
    const fs::path base = fs::path(o.out) / "raw" / label;
    fs::create_directories(base.parent_path());
    const std::vector<std::string> line = command(o.launcher, job);
    commands << shell_line(line) << "  > " << base.string() << ".txt\n" << std::flush;
    return run(line, base.string() + ".txt", base.string() + ".err");
  };

  std::vector<CollectiveResult> results;
  int runs = 0;
  for (const std::string& selector : o.selectors) {
    l.selector = selector;
    for (Collective c : o.collectives) {
      const std::vector<std::string> candidates = candidates_of(c, o.candidates);
      if (candidates.empty()) {
        std::fprintf(stderr,
                     "collscope-guidelines: %s has no algorithm named by --candidates; skipped\n",
                     std::string(to_string(c)).c_str());
        continue;
      }
      results.push_back(measure(o, c, candidates, run_job));
      runs += results.back().runs;
    }
  }
  std::string text = header(o) + "#@runs=" + std::to_string(runs) + " mpiruns\n";
  if (judged(o)) text += violation_table(o, results);
  text += spread_table(o, results);
  std::string notes;
  for (const CollectiveResult& r : results)
    for (const std::string& n : r.notes) notes += "  " + n + "\n";
  if (!notes.empty()) text += "\nNotes:\n" + notes;
  if (judged(o))
    if (const std::string out = left_out(o, results); !out.empty())
      text += "\nLeft out of the profiles:\n" + out;
  std::string written;
  if (judged(o))
    for (const std::string& selector : o.selectors) write_profiles(o, results, selector, written);
  if (o.figures)
    for (const CollectiveResult& r : results) {
      const std::string base =
          (fs::path(o.out) / "figures" /
           ((r.library.empty() ? std::string(o.launcher.simulated ? "default" : "wall-clock")
                               : r.library) +
            "-" + std::string(to_string(r.collective))))
              .string();
      fs::create_directories(fs::path(base).parent_path());
      std::string problem;
      if (draw_figure(o, r, base, problem))
        written += "figure: " + base + ".svg, .png\n";
      else
        std::fprintf(stderr, "collscope-guidelines: %s\n", problem.c_str());
    }
  if (!written.empty()) text += "\n" + written;
  std::printf("%s", text.c_str());
  write_file(fs::path(o.out) / "report.txt", text);
  write_file(fs::path(o.out) / "measurements.csv", csv(o, results));
  return results.empty() ? 1 : 0;
}
