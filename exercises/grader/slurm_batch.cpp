#include "slurm_batch.hpp"

#include "batch.hpp"
#include "patterns.hpp"
#include "process.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string_view>
#include <thread>
#include <unistd.h>

namespace collscope::grade {

namespace fs = std::filesystem;

namespace {

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && ::access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  return false;
}

/// A Slurm client command (sbatch, squeue, scontrol, sacct); they answer in seconds.
RunResult slurm(const std::vector<std::string>& argv) {
  RunLimits limits;
  limits.wall_seconds = 60;
  limits.output_bytes = 4 << 20;
  return run_process(argv, {}, limits);
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r'))
    text.pop_back();
  return text;
}

std::string last_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line, last;
  while (std::getline(in, line))
    if (!trimmed(line).empty()) last = trimmed(line);
  return last;
}

/// "KEY=value" of `scontrol show job -o` (values without spaces but Reason's).
std::string field(const std::string& record, const std::string& key) {
  const std::size_t at = record.find(" " + key + "=");
  if (at == std::string::npos) return "";
  const std::size_t begin = at + key.size() + 2;
  return record.substr(begin, record.find(' ', begin) - begin);
}

/// Why array task `task` left no row: its state and reason from Slurm (sacct where the
/// cluster keeps accounting, else scontrol while it still knows the job), and its log's last
/// line (a time limit, a cancellation, a crash of the grader say themselves there).
std::string missing_row_reason(const std::string& job, std::size_t task, const fs::path& log) {
  const std::string id = job + "_" + std::to_string(task);
  std::string state;
  if (on_path("sacct")) {
    const RunResult r = slurm({"sacct", "-n", "-P", "-X", "-j", id, "-o", "State,ExitCode"});
    if (r.exit_code == 0 && !trimmed(r.output).empty()) {
      state = trimmed(r.output);
      state = state.substr(0, state.find('\n'));
      if (const std::size_t bar = state.find('|'); bar != std::string::npos)
        state = state.substr(0, bar) + " (exit " + state.substr(bar + 1) + ")";
    }
  }
  if (state.empty()) {
    const RunResult r = slurm({"scontrol", "show", "job", "-o", id});
    if (r.exit_code == 0) {
      const std::string record = " " + r.output;
      state = field(record, "JobState") + " (" + field(record, "Reason") + ", exit " +
              field(record, "ExitCode") + ")";
    }
  }
  // Without accounting Slurm forgets an array task cancelled while pending at once; one that
  // ran has a log.
  if (state.empty())
    state = fs::exists(log) ? "ended, and Slurm no longer knows how"
                            : "never started: cancelled while pending (Slurm no longer lists it)";
  const std::string tail = last_line(log);
  return "slurm job " + id + " " + state + ": no result" + (tail.empty() ? "" : "; log: " + tail);
}

/// sbatch's refusal as one line in Slurm's own words: its messages joined, each without the
/// "sbatch: error: " prefix. Without a slurm.conf or a controller, only what matters is kept.
std::string sbatch_refusal(const std::string& output) {
  std::vector<std::string> said;
  std::stringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    line = trimmed(line);
    for (const char* prefix : {"sbatch: error: ", "sbatch: fatal: ", "sbatch: "})
      if (line.starts_with(prefix)) {
        line = line.substr(std::string_view(prefix).size());
        break;
      }
    if (!line.empty()) said.push_back(line);
  }
  if (said.empty()) return "sbatch failed without a word";
  const std::string last = said.back();
  if (last.find("configuration source") != std::string::npos ||
      last.find("Unable to process configuration file") != std::string::npos ||
      last.find("Unable to contact slurm controller") != std::string::npos)
    return "no Slurm cluster to submit to (sbatch: " + last + "); set SLURM_CONF to its slurm.conf";
  std::string line = "sbatch: ";
  for (std::size_t i = 0; i < said.size(); ++i) line += (i ? "; " : "") + said[i];
  return line;
}

std::string write_script(const Exercise& ex, const fs::path& work, const fs::path& out,
                         const SlurmOptions& options) {
  const fs::path script = work / "grade.sbatch";
  const std::string grader = fs::read_symlink("/proc/self/exe").string();
  std::ofstream s(script);
  s << "#!/bin/sh\n"
    << "# Written by collscope-grade --slurm: array task i grades submission i of "
       "submissions.txt\n"
    << "# with the ordinary grader and its sandbox, on a node of its own.\n"
    << "#SBATCH --job-name=collscope-grade-" << ex.name << "\n"
    << "#SBATCH --output=" << (work / "task-%a.log").string() << "\n"
    << "#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --exclusive\n"
    << "i=$SLURM_ARRAY_TASK_ID\n"
    << "exec " << quoted(grader) << " " << quoted(fs::absolute(ex.dir).string()) << " --batch "
    << quoted((work / "in").string()) << "/\"$i\" --out " << quoted(out.string()) << " --csv "
    << quoted((work / "row-").string()) << "\"$i\".csv --slurm-task";
  for (const std::string& flag : options.grader_flags) s << " " << quoted(flag);
  s << "\n";
  return script.string();
}

} // namespace

int grade_batch_slurm(const Exercise& ex, const fs::path& batch, const fs::path& out_dir,
                      const fs::path& csv, const SlurmOptions& options) {
  if (!on_path("sbatch") || !on_path("squeue"))
    throw ExerciseError("--slurm: Slurm is not installed here (no sbatch or squeue in PATH)");
  const auto list = batch_submissions(batch);
  const fs::path out = fs::absolute(out_dir);
  const fs::path work = out / "slurm";
  fs::remove_all(work);
  fs::create_directories(work);
  if (list.empty()) {
    std::ofstream(csv) << batch_csv_header(ex);
    return 0;
  }
  // Each task's --batch folder holds its one submission, as NAME/source.cpp.
  std::ofstream names(work / "submissions.txt");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const fs::path dir = work / "in" / std::to_string(i) / list[i].first;
    fs::create_directories(dir);
    fs::copy_file(list[i].second, dir / list[i].second.filename());
    names << i << " " << list[i].first << "\n";
  }
  names.close();
  const std::string script = write_script(ex, work, out, options);

  std::vector<std::string> sbatch{"sbatch", "--parsable",
                                  "--array=0-" + std::to_string(list.size() - 1)};
  if (!options.partition.empty()) sbatch.push_back("--partition=" + options.partition);
  if (!options.time.empty()) sbatch.push_back("--time=" + options.time);
  sbatch.push_back(script);
  const RunResult submitted = slurm(sbatch);
  if (submitted.exit_code != 0) throw ExerciseError("--slurm: " + sbatch_refusal(submitted.output));
  std::string job = trimmed(submitted.output);
  job = job.substr(job.rfind('\n') + 1);
  job = job.substr(0, job.find(';'));
  std::fprintf(stderr, "  submitted %zu submissions as Slurm job array %s\n", list.size(),
               job.c_str());

  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const RunResult q = slurm({"squeue", "-h", "-j", job, "-o", "%i %T"});
    if (q.exit_code != 0 || trimmed(q.output).empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::ofstream table(csv);
  table << batch_csv_header(ex);
  double max_score = 0;
  for (const CheckSpec& c : ex.checks) max_score += c.points;
  int missing = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::ifstream rows(work / ("row-" + std::to_string(i) + ".csv"));
    std::string header, row;
    if (std::getline(rows, header) && std::getline(rows, row) && !row.empty()) {
      table << row << "\n";
      continue;
    }
    ++missing;
    const std::string reason =
        missing_row_reason(job, i, work / ("task-" + std::to_string(i) + ".log"));
    table << csv_field(list[i].first) << ",0," << format_number(max_score);
    for (std::size_t c = 0; c < ex.checks.size(); ++c) table << ",0";
    table << ",no,," << csv_field(reason.substr(0, 300)) << ",\n";
    std::fprintf(stderr, "  %s: %s\n", list[i].first.c_str(), reason.c_str());
  }
  std::fprintf(stderr, "  job array %s: %zu graded, %d without a result, %.1f s\n", job.c_str(),
               list.size() - static_cast<std::size_t>(missing), missing, seconds);
  return static_cast<int>(list.size());
}

} // namespace collscope::grade
