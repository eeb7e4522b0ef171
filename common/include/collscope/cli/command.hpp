// The command-line conventions every collscope command shares. One parser, CLI11 (Debian's
// libcli11-dev, header only); one way to name a command, report a mistake and exit.
//
// Exit status, for every collscope command:
//   0  ok (also after --help and --version)
//   1  a check failed: a bound exceeded, a result not verified, a grade below its bar, the
//      recorded or tuned program failed
//   2  bad usage: an unknown option, a missing or malformed value, an input that cannot be read
//
// Names: `collscope SUB` runs the executable of SUB with argv[0] set to "collscope SUB"
// (cli/collscope.cpp). A command run that way calls itself "collscope SUB"; run directly under
// its own file name (build/bin/collscope-run, the names scripts and tests use), it calls itself
// by that name. Either way the help, the errors and --version use the same name.
//
// Errors: a usage error is two lines on stderr,
//   collscope SUB: error: MESSAGE
//   Run 'collscope SUB --help' for usage.
// and exit status 2. Errors about an input the user named (a trace that is not one, a folder
// that cannot be made) are the first line alone. --help prints the full usage on stdout;
// --version prints "collscope SUB VERSION" on stdout.
#pragma once

#include "collscope/version.hpp"

// SimGrid's smpicxx makes exit() a macro (each simulated rank exits alone); CLI11's App has a
// member of that name, which collscope does not call.
#ifdef exit
#pragma push_macro("exit")
#undef exit
#include <CLI/CLI.hpp>
#pragma pop_macro("exit")
#else
#include <CLI/CLI.hpp>
#endif
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace collscope::cli {

inline constexpr int exit_ok = 0;
inline constexpr int exit_check_failed = 1;
inline constexpr int exit_usage = 2;

/// A mistake in the command line found after parsing (a value out of range, options that
/// exclude each other): reported with report_usage_error, exit status 2.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// True when the front end started this command (argv[0] is "collscope SUB").
inline bool started_by_front_end(const char* argv0) {
  return argv0 != nullptr && std::string_view(argv0).starts_with("collscope ");
}

/// The name this command calls itself: argv[0] as the front end sets it ("collscope run"),
/// else `direct` (the executable's own name, e.g. "collscope-run").
inline std::string command_name(const char* argv0, std::string_view direct) {
  return started_by_front_end(argv0) ? std::string(argv0) : std::string(direct);
}

/// "collscope SUB VERSION" for `collscope SUB` or "collscope-trace" with sub "record"; the
/// subcommand's own word is what --version names.
inline std::string version_line(std::string_view sub) {
  return "collscope " + std::string(sub) + " " + COLLSCOPE_VERSION;
}

/// The one error line: "NAME: error: MESSAGE" on stderr.
inline void report_error(std::string_view name, std::string_view message) {
  std::fprintf(stderr, "%.*s: error: %.*s\n", static_cast<int>(name.size()), name.data(),
               static_cast<int>(message.size()), message.data());
}

/// A usage error: the error line and "Run 'HELP_COMMAND --help' for usage."; returns 2.
inline int report_usage_error(std::string_view name, std::string_view message,
                              std::string_view help_command) {
  report_error(name, message);
  std::fprintf(stderr, "Run '%.*s --help' for usage.\n", static_cast<int>(help_command.size()),
               help_command.data());
  return exit_usage;
}
inline int report_usage_error(std::string_view name, std::string_view message) {
  return report_usage_error(name, message, name);
}

/// The help of every collscope command: "Usage:" first, with the command's own synopsis
/// lines when it has some (CLI11 would build one line from the options), then the
/// description, the positionals, the options, the subcommands and the footer. A synopsis
/// line is written after the command's name, or with "{}" where the name goes
/// ("mpirun -np P {} COLLECTIVE [options]").
class Formatter : public CLI::Formatter {
public:
  explicit Formatter(std::vector<std::string> synopsis = {}) : synopsis_(std::move(synopsis)) {}

  std::string make_usage(const CLI::App* app, std::string name) const override {
    if (synopsis_.empty()) return CLI::Formatter::make_usage(app, name);
    std::string out;
    for (std::size_t i = 0; i < synopsis_.size(); ++i) {
      std::string line = synopsis_[i];
      if (const auto at = line.find("{}"); at != std::string::npos)
        line.replace(at, 2, name);
      else
        line = name + " " + line;
      out += (i == 0 ? "Usage: " : "       ") + line + "\n";
    }
    return out;
  }

  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    std::string description = make_description(app);
    if (!description.empty()) description = "\n" + description;
    return make_usage(app, name) + description + make_positionals(app) + make_groups(app, mode) +
           make_subcommands(app, mode) + "\n" + make_footer(app);
  }

private:
  std::vector<std::string> synopsis_;
};

/// Gives `app` the synopsis lines its help starts with (Formatter), and a width for the
/// options' column.
inline void synopsis(CLI::App& app, std::vector<std::string> lines, std::size_t column = 34) {
  auto formatter = std::make_shared<Formatter>(std::move(lines));
  formatter->column_width(column);
  app.formatter(formatter);
}

/// Gives `app` (and every subcommand it has so far) the shared conventions: -h/--help,
/// --version printing version_line(sub), help laid out by Formatter (unless it has one).
/// `sub` is the subcommand's word ("run"); a subcommand of `app` uses its own name.
inline void conventions(CLI::App& app, std::string_view sub) {
  app.set_help_flag("-h,--help", "print this help and exit");
  app.set_version_flag("--version", version_line(sub), "print the version and exit");
  // A subcommand starts with its parent's formatter (and synopsis): it gets its own.
  const CLI::App* parent = app.get_parent();
  if (!std::dynamic_pointer_cast<Formatter>(app.get_formatter()) ||
      (parent != nullptr && parent->get_formatter() == app.get_formatter()))
    synopsis(app, {});
  for (CLI::App* s : app.get_subcommands({})) conventions(*s, s->get_name());
}

/// The command to name in "Run '… --help'": the app's name and the subcommands chosen so far.
inline std::string help_command(const CLI::App& app) {
  std::string command = app.get_name();
  for (const CLI::App* s = &app; !s->get_subcommands().empty();) {
    s = s->get_subcommands().front();
    command += " " + s->get_name();
  }
  return command;
}

/// Parses `args` (without argv[0]) into `app`. Returns std::nullopt when the command should
/// go on, else the exit status to return now: 0 after --help (the usage of the subcommand
/// chosen, on stdout) or --version, 2 after a usage error (reported as above, naming `name`).
inline std::optional<int> parse(CLI::App& app, std::vector<std::string> args,
                                std::string_view name) {
  std::reverse(args.begin(), args.end()); // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);
    return exit_ok;
  } catch (const CLI::CallForAllHelp&) {
    std::fputs(app.help("", CLI::AppFormatMode::All).c_str(), stdout);
    return exit_ok;
  } catch (const CLI::CallForVersion& e) {
    std::printf("%s\n", e.what());
    return exit_ok;
  } catch (const CLI::ParseError& e) {
    return report_usage_error(name, e.what(), help_command(app));
  } catch (const UsageError& e) {
    return report_usage_error(name, e.what(), help_command(app));
  }
  return std::nullopt;
}

/// parse() of argv[1…argc).
inline std::optional<int> parse(CLI::App& app, int argc, const char* const* argv,
                                std::string_view name) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return parse(app, std::move(args), name);
}

} // namespace collscope::cli
