// collscope: the one command users type. `collscope SUBCOMMAND ARGS…` runs the subcommand's
// executable (found beside the front end: locate.hpp) with argv[0] "collscope SUBCOMMAND", by
// execv: the process stays the same one, so `mpirun -np P collscope run …` starts P ranks of
// collscope-run. Anything that is not a subcommand (a trace, an option such as --export)
// opens the window, as `collscope view` does. Exit status: collscope/cli/command.hpp.
#include "collscope/cli/command.hpp"
#include "locate.hpp"
#include "subcommands.hpp"
#include "tune.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace {

using namespace collscope;
namespace fs = std::filesystem;

int overview() {
  std::printf("collscope %s: run, trace, see, present and grade MPI's collective algorithms.\n\n"
              "Usage: collscope SUBCOMMAND [ARGS...]\n"
              "  or:  collscope [TRACE] [OPTIONS]   (a trace to open: collscope view)\n\n"
              "Subcommands:\n",
              COLLSCOPE_VERSION);
  for (const front::Subcommand& s : front::subcommands())
    std::printf("  %-12s%.*s\n", std::string(s.name).c_str(), static_cast<int>(s.summary.size()),
                s.summary.data());
  std::printf("\nRun 'collscope SUBCOMMAND --help' for its options; every subcommand answers "
              "--version.\nExit status: 0 ok, 1 a check failed, 2 bad usage.\n");
  return cli::exit_ok;
}

/// Runs `sub` with `args`; returns only if it could not be started.
int dispatch(const front::Subcommand& sub, const std::vector<std::string>& args) {
  const std::string name = "collscope " + std::string(sub.name);
  // Every subcommand has a version, whatever its executable knows.
  if (args.size() == 1 && args[0] == "--version") {
    std::printf("%s\n", cli::version_line(sub.name).c_str());
    return cli::exit_ok;
  }
  if (sub.in_front_end) return front::run_tune(args);
  const fs::path exe = front::locate(sub);
  if (exe.empty()) {
    cli::report_error(name, "its executable (" + std::string(sub.built.front()) +
                                ") is neither in " +
                                (front::self().parent_path() / ".." / "libexec" / "collscope")
                                    .lexically_normal()
                                    .string() +
                                " nor beside " + front::self().string());
    return cli::exit_usage;
  }
  std::vector<std::string> words{name};
  if (!sub.leading.empty()) words.emplace_back(sub.leading);
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  ::execv(exe.c_str(), argv.data());
  cli::report_error(name, "cannot run " + exe.string() + ": " + std::strerror(errno));
  return cli::exit_usage;
}

/// A word the window takes: an option, or a trace (a folder or a file that exists).
bool opens_window(const std::string& word) {
  std::error_code ec;
  return word.starts_with("-") || fs::exists(word, ec);
}

} // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty()) {
    const std::string& first = args.front();
    if (first == "--help" || first == "-h") return overview();
    if (first == "--version") return std::printf("collscope %s\n", COLLSCOPE_VERSION), 0;
    if (first == "help") {
      if (args.size() == 1) return overview();
      args = {args[1], "--help"};
    }
    if (const front::Subcommand* sub = front::find_subcommand(args.front())) {
      const std::vector<std::string> rest(args.begin() + 1, args.end());
      return dispatch(*sub, rest);
    }
    if (!opens_window(first)) {
      cli::report_error("collscope", "'" + first +
                                         "' is not a collscope subcommand, nor a trace to open "
                                         "(collscope --help lists the subcommands)");
      return cli::exit_usage;
    }
  }
  return dispatch(*front::find_subcommand("view"), args);
}
