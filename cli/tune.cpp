#include "tune.hpp"

#include "collscope/cli/command.hpp"
#include "locate.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unistd.h>

namespace collscope::front {

namespace fs = std::filesystem;

namespace {

constexpr const char* name = "collscope tune";

struct Variable {
  std::string name, value;
};

/// 'text' for a POSIX shell.
std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

bool is_open_mpi_launcher(const std::string& program) {
  const std::string file = fs::path(program).filename().string();
  return file == "mpirun" || file == "mpiexec" || file == "orterun";
}

/// The preload list: the tune library first, then whatever the user preloads already (the
/// tracer, under `collscope record`, must see the calls the tune library forwards).
std::string preload(const fs::path& library) {
  const char* old = std::getenv("LD_PRELOAD");
  return old != nullptr && *old ? library.string() + ":" + old : library.string();
}

int print_lines(const fs::path& library, const std::vector<Variable>& variables) {
  std::printf("# collscope tune: the environment of a tuned run (algorithms/tune/README.md).\n"
              "# Open MPI passes it to ranks on other nodes with -x NAME, e.g.\n"
              "#   mpirun -x LD_PRELOAD");
  for (const Variable& v : variables) std::printf(" -x %s", v.name.c_str());
  std::printf(" ./prog\n# Slurm's srun passes the whole environment (--export=ALL, its "
              "default).\n");
  std::printf("export LD_PRELOAD=%s${LD_PRELOAD:+:$LD_PRELOAD}\n",
              shell_quoted(library.string()).c_str());
  for (const Variable& v : variables)
    std::printf("export %s=%s\n", v.name.c_str(), shell_quoted(v.value).c_str());
  return cli::exit_ok;
}

[[noreturn]] void run(std::vector<std::string> command, const fs::path& library,
                      const std::vector<Variable>& variables) {
  std::vector<Variable> all = variables;
  all.insert(all.begin(), {"LD_PRELOAD", preload(library)});
  if (is_open_mpi_launcher(command[0])) {
    // To the ranks only, on every node, as `collscope record` does: mpirun itself stays as it is.
    std::vector<std::string> passed;
    for (const Variable& v : all) passed.insert(passed.end(), {"-x", v.name + "=" + v.value});
    command.insert(command.begin() + 1, passed.begin(), passed.end());
  } else {
    for (const Variable& v : all) ::setenv(v.name.c_str(), v.value.c_str(), 1);
  }
  std::vector<char*> argv;
  for (std::string& word : command) argv.push_back(word.data());
  argv.push_back(nullptr);
  ::execvp(argv[0], argv.data());
  cli::report_error(name, "cannot run '" + command[0] + "': " + std::strerror(errno));
  std::exit(127);
}

} // namespace

int run_tune(std::vector<std::string> args) {
  // What follows "--" is the program's, whatever it looks like.
  std::vector<std::string> command;
  if (const auto dashes = std::find(args.begin(), args.end(), "--"); dashes != args.end()) {
    command.assign(dashes + 1, args.end());
    args.erase(dashes, args.end());
  }
  CLI::App app(
      "Runs an MPI program with its collectives on collscope's algorithms: "
      "libcollscope-tune.so preloaded, the choices given as --set and/or --profiles "
      "(inline choices win). The program's output and exit status pass through.\n\n"
      "  collscope tune --set 'bcast=auto;allreduce=butterfly@0-65535,rabenseifner@65536-' "
      "--report -- mpirun -np 4 ./prog\n"
      "  collscope tune --profiles DIR --print     (the lines for a job script)\n\n"
      "SPEC: COLLECTIVE=CHOICE[@FROM-TO][,CHOICE@FROM-TO...] entries separated by ';', "
      "or auto (collscope run COLLECTIVE --list names the algorithms)",
      name);
  std::string spec, profiles;
  bool report = false, print = false;
  app.add_option("--set", spec, "the choices (COLLSCOPE_TUNE)")->type_name("SPEC");
  app.add_option("--profiles,--profile", profiles,
                 "a folder of PGMPITuneLib .prf profiles (COLLSCOPE_TUNE_PROFILES), e.g. what "
                 "collscope guidelines wrote")
      ->type_name("DIR");
  app.add_flag("--report", report,
               "at MPI_Finalize, rank 0 says which algorithm ran how often and what fell back to "
               "the MPI library (COLLSCOPE_TUNE_REPORT=1)");
  app.add_flag("--print", print,
               "print the environment lines for a job script instead of running a command");
  app.add_option("COMMAND", command, "the program, e.g. mpirun -np 4 ./prog (after --)");
  cli::conventions(app, "tune");
  if (const auto status = cli::parse(app, std::move(args), name)) return *status;

  try {
    if (spec.empty() && profiles.empty())
      throw cli::UsageError("tune needs --set SPEC or --profiles DIR (or both)");
    if (!profiles.empty() && !fs::is_directory(profiles))
      throw cli::UsageError("--profiles " + profiles +
                            ": not a folder (the tune library reads every *.prf in a folder)");
    if (print != command.empty())
      throw cli::UsageError(print ? "--print prints the lines and runs nothing: no command"
                                  : "tune needs a command after --, e.g. mpirun -np 4 ./prog");
  } catch (const cli::UsageError& e) {
    return cli::report_usage_error(name, e.what());
  }
  const fs::path library = front::library("libcollscope-tune.so");
  if (library.empty()) {
    cli::report_error(name, "libcollscope-tune.so not found in " +
                                (self().parent_path() / ".." / "lib").lexically_normal().string());
    return cli::exit_usage;
  }
  std::vector<Variable> variables;
  if (!spec.empty()) variables.push_back({"COLLSCOPE_TUNE", spec});
  if (!profiles.empty())
    variables.push_back({"COLLSCOPE_TUNE_PROFILES", fs::absolute(profiles).string()});
  if (report) variables.push_back({"COLLSCOPE_TUNE_REPORT", "1"});
  if (print) return print_lines(library, variables);
  run(std::move(command), library, variables);
}

} // namespace collscope::front
