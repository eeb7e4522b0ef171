#include "runs.hpp"

#include "candidate.hpp"

#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace collscope::guidelines {

std::vector<std::string> command(const Launcher& l, const Job& job) {
  std::vector<std::string> argv;
  if (l.simulated) {
    argv = {l.simulate, "--platform", l.platform, "--np", std::to_string(l.p)};
    if (!l.selector.empty()) argv.insert(argv.end(), {"--selector", l.selector});
  } else if (!l.launcher.empty()) { // srun …: every run a job step where Slurm places it
    argv = l.launcher;
    argv.insert(argv.end(), {"-n", std::to_string(l.p)});
    argv.push_back(l.run);
  } else {
    argv = {l.mpirun};
    if (l.oversubscribe) argv.emplace_back("--oversubscribe");
    argv.insert(argv.end(), {"-np", std::to_string(l.p)});
    argv.insert(argv.end(), l.mpirun_args.begin(), l.mpirun_args.end());
    argv.push_back(l.run);
  }
  const std::string name(algorithm_of(job.algorithm));
  argv.insert(argv.end(), {std::string(to_string(job.collective)), "--algorithm", name, "--count",
                           std::to_string(job.count), "--datatype", job.datatype, "--repetitions",
                           std::to_string(job.repetitions), "--warmup", std::to_string(l.warmup)});
  const std::vector<std::string> knobs = run_arguments(job.collective, job.algorithm);
  argv.insert(argv.end(), knobs.begin(), knobs.end());
  const Algorithm* a = find_algorithm(job.collective, name);
  if (a != nullptr && a->has_root()) argv.insert(argv.end(), {"--root", std::to_string(l.root)});
  if (!job.verify) argv.emplace_back("--no-verify");
  return argv;
}

bool parse_report(std::string_view report, std::vector<double>& times) {
  std::istringstream in{std::string(report)};
  bool rows = false, finished = false;
  for (std::string line; std::getline(in, line);) {
    const std::size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, 4, "rep ") == 0) {
      rows = true;
      continue;
    }
    if (line.starts_with("verified: yes") || line.starts_with("verified: skipped")) finished = true;
    if (!rows || line.starts_with("#")) continue;
    std::istringstream row(line);
    int rep = 0;
    double seconds = 0;
    if (row >> rep >> seconds)
      times.push_back(seconds);
    else
      rows = false; // the summary follows the rows
  }
  return finished && !times.empty();
}

std::string shell_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& a : argv) {
    const bool plain = a.find_first_of(" ;'\"$&|<>*?()") == std::string::npos && !a.empty();
    line += (line.empty() ? "" : " ") + (plain ? a : "'" + a + "'");
  }
  return line;
}

namespace {

std::string last_line(const std::string& file) {
  std::ifstream in(file);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t") != std::string::npos) last = line;
  return last;
}

} // namespace

RunOutput run(const std::vector<std::string>& argv, const std::string& out_file,
              const std::string& err_file) {
  RunOutput r;
  const pid_t pid = fork();
  if (pid < 0) return r.problem = "cannot start a process", r;
  if (pid == 0) {
    const int out = open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = open("/dev/null", O_RDONLY);
    if (out < 0 || err < 0 || in < 0) _exit(127);
    dup2(in, 0), dup2(out, 1), dup2(err, 2);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  std::ifstream in(out_file);
  std::stringstream text;
  text << in.rdbuf();
  const bool parsed = parse_report(text.str(), r.times);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && parsed) {
    r.ok = true;
    return r;
  }
  r.problem = last_line(err_file);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127 && r.problem.empty())
    r.problem = "cannot run " + argv[0];
  if (r.problem.empty()) r.problem = "no timed repetitions in " + out_file;
  return r;
}

} // namespace collscope::guidelines
