// collscope-profiles: the tune library's decisions (profiles or COLLSCOPE_TUNE) exported for
// Open MPI's coll tuned and MPICH's collective selection, and Open MPI rules files shown.
//
//   collscope-profiles export --openmpi OUT [--procs P] (PROFILES_DIR | --tune SPEC)
//   collscope-profiles export --mpich OUT [--mpich-version 4.0|4.1] [--procs P]
//                             (PROFILES_DIR | --tune SPEC)
//   collscope-profiles show-openmpi RULES_FILE [--procs P] [--collective C] [--size BYTES]
//
// The MPICH JSON is written in the dialect of --mpich-version, by default of the MPICH that
// `mpichversion` reports (4.1's when there is none): MPICH aborts on keys of another version.
//
// Exit status: 0 ok; 1 a profile folder or rules file unreadable or malformed (FILE:LINE:
// what) or the output not written; 2 a usage error (collscope/cli/command.hpp), also a --tune
// SPEC that does not parse.
#include "collscope/cli/command.hpp"
#include "collscope/cli/numbers.hpp"
#include "decisions.hpp"
#include "mpich_export.hpp"
#include "openmpi_export.hpp"
#include "show.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

using namespace collscope::profiles;
namespace cli = collscope::cli;

std::string program = "collscope-profiles"; ///< as the command calls itself (cli::command_name)

int fail(const std::string& what, int code) {
  cli::report_error(program, what);
  return code;
}

/// "4.0.2" → 4.0's dialect, "4.1", "4.3.2", "5.0" → 4.1's; false for anything else.
bool mpich_dialect(std::string_view text, MpichVersion& v) {
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view rest = text.substr(dot + 1);
  const auto major = cli::whole<int>(text.substr(0, dot), 4);
  const auto minor = cli::whole<int>(rest.substr(0, rest.find('.')), 0);
  if (!major || !minor) return false;
  v = *major == 4 && *minor == 0 ? MpichVersion::v4_0 : MpichVersion::v4_1;
  return true;
}

/// The installed MPICH's version as `mpichversion` prints it ("MPICH Version:  4.0.2"), or "".
std::string installed_mpich() {
  FILE* pipe = popen("mpichversion 2>/dev/null", "r");
  if (pipe == nullptr) return "";
  std::string text;
  char buffer[256];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) text += buffer;
  pclose(pipe);
  const auto at = text.find("MPICH Version:");
  if (at == std::string::npos) return "";
  const auto start = text.find_first_not_of(" \t", at + 14);
  const auto end = text.find_first_of(" \t\n", start);
  return start == std::string::npos ? "" : text.substr(start, end - start);
}

struct ExportArgs {
  std::string openmpi, mpich; ///< the output file of the one format asked for
  std::string source, tune, mpich_version;
  int procs = 0;
};

struct ShowArgs {
  std::string file;
  ShowFilter filter;
};

int export_command(const ExportArgs& args) {
  const bool openmpi = !args.openmpi.empty();
  const std::string& out_file = openmpi ? args.openmpi : args.mpich;
  const std::string& tune = args.tune;
  const int procs = args.procs;
  Decisions decisions;
  std::string error;
  if (!tune.empty() ? !parse_inline(tune, decisions, error)
                    : !read_profile_folder(args.source, decisions, error))
    return fail(error, tune.empty() ? 1 : 2);
  std::string text;
  std::vector<std::string> notes;
  std::string summary, mca_line;
  if (openmpi) {
    auto e = export_openmpi(decisions, procs);
    // What the file cannot carry (knomial's radix, …) goes on the command line it names.
    std::string mca;
    for (const auto& [name, value] : e.mca)
      mca += "\n#   --mca " + name + " " + std::to_string(value),
          mca_line += " --mca " + name + " " + std::to_string(value);
    text = "# Open MPI coll tuned dynamic rules, written by collscope-profiles. Use with\n"
           "# mpirun --mca coll_tuned_use_dynamic_rules 1 --mca "
           "coll_tuned_dynamic_rules_filename FILE" +
           mca + "\n" + write_rules(e.rules);
    notes = e.notes;
    summary = std::to_string(e.rules.collectives.size()) + " collectives";
  } else {
    MpichVersion dialect = MpichVersion::v4_1;
    std::string named = args.mpich_version, from = "--mpich-version";
    if (named.empty()) named = installed_mpich(), from = "mpichversion";
    if (!named.empty() && !mpich_dialect(named, dialect))
      notes.push_back("MPICH " + named + " (" + from + ") is older than 4.0: written for 4.0");
    if (!named.empty() && !mpich_dialect(named, dialect)) dialect = MpichVersion::v4_0;
    auto e = export_mpich(decisions, procs, dialect);
    text = e.json;
    notes.insert(notes.end(), e.notes.begin(), e.notes.end());
    summary = std::to_string(e.collectives) + " collectives, for MPICH " +
              (dialect == MpichVersion::v4_0 ? "4.0" : "4.1 and later") + " (" +
              (named.empty() ? "no mpichversion found; --mpich-version 4.0 for MPICH 4.0"
                             : from + " " + named) +
              ")";
  }
  std::ofstream out{out_file};
  if (!(out << text) || !out.flush()) return fail("cannot write " + out_file, 1);
  std::cout << "wrote " << out_file << ": " << summary << ", " << decisions.size()
            << " decisions read\n";
  for (const auto& n : notes) std::cout << "note: " << n << "\n";
  if (!mca_line.empty()) std::cout << "run with:" << mca_line << "\n";
  return 0;
}

int show_command(const ShowArgs& args) {
  const std::string& file = args.file;
  const ShowFilter& filter = args.filter;
  std::ifstream in{file};
  std::stringstream text;
  if (!in || !(text << in.rdbuf())) return fail("cannot read " + file, 1);
  RulesFile rules;
  std::string error;
  if (!parse_rules(text.str(), rules, error)) {
    std::cerr << file << ":" << error << "\n";
    return 1;
  }
  show_rules(rules, filter, std::cout);
  return 0;
}

constexpr const char* exit_status =
    "Exit status: 0 ok; 1 a profile folder or rules file unreadable or malformed (one\n"
    "FILE:LINE: error), or the output not written; 2 a usage error, also a --tune SPEC that\n"
    "does not parse.";

/// --procs P, a process count ≥ 1, into `procs`.
CLI::Option* add_procs(CLI::App& app, std::string what, std::function<void(int)> into) {
  return app
      .add_option_function<std::string>(
          "--procs", [into](const std::string& v) { into(cli::whole_value<int>("--procs", v, 1)); },
          std::move(what))
      ->type_name("P");
}

void add_export(CLI::App& app, ExportArgs& a) {
  CLI::App& e = *app.add_subcommand(
      "export", "Writes the decisions of a profile folder or of a COLLSCOPE_TUNE spec as Open "
                "MPI's coll tuned\ndynamic rules (--openmpi) or MPICH's collective selection "
                "JSON (--mpich).");
  cli::synopsis(e,
                {"--openmpi OUT [--procs P] (PROFILES_DIR | --tune SPEC)",
                 "--mpich OUT [--mpich-version 4.0|4.1] [--procs P] (PROFILES_DIR | --tune SPEC)"});
  // One format and one source: the callback says so in one message (no CLI11 excludes, whose
  // notes would crowd the help's option column).
  e.add_option("--openmpi", a.openmpi, "write Open MPI's dynamic rules file OUT")->type_name("OUT");
  e.add_option("--mpich", a.mpich, "write MPICH's selection JSON OUT")->type_name("OUT");
  e.add_option_function<std::string>(
       "--mpich-version",
       [&a](const std::string& v) {
         MpichVersion ignored;
         if (!mpich_dialect(v, ignored))
           throw cli::UsageError("--mpich-version wants 4.0 or 4.1 (or later), not '" + v + "'");
         a.mpich_version = v;
       },
       "the MPICH JSON's dialect (default: the installed MPICH's, from\nmpichversion; 4.1 "
       "and later share one)")
      ->type_name("4.0|4.1");
  add_procs(e, "only the decisions that apply at P processes, written for exactly P",
            [&a](int p) { a.procs = p; });
  e.add_option("PROFILES_DIR", a.source, "a folder of PGMPITuneLib profiles (*.prf)")
      ->type_name("");
  e.add_option("--tune", a.tune, "the decisions as COLLSCOPE_TUNE takes them")->type_name("SPEC");
  e.callback([&a] {
    if (a.openmpi.empty() == a.mpich.empty() || a.source.empty() == a.tune.empty())
      throw cli::UsageError("export wants --openmpi OUT or --mpich OUT, and a profile folder or "
                            "--tune SPEC (one of them)");
  });
}

void add_show(CLI::App& app, ShowArgs& a) {
  CLI::App& s = *app.add_subcommand(
      "show-openmpi", "Prints what an Open MPI rules file selects, by Open MPI's names, as Open "
                      "MPI looks it up;\nwith --procs and --size the one algorithm a call gets.");
  cli::synopsis(s, {"RULES_FILE [--procs P] [--collective C] [--size BYTES]"});
  s.add_option("RULES_FILE", a.file, "the rules file")->type_name("");
  add_procs(s, "the rules for P processes", [&a](int p) { a.filter.procs = p; });
  s.add_option_function<std::string>(
       "--collective",
       [&a](const std::string& v) {
         for (int id = 0; id < colltype_count; ++id)
           if (colltype_name(id) == v) a.filter.collective = id;
         if (!a.filter.collective) throw cli::UsageError("no collective '" + v + "'");
       },
       "one collective, by Open MPI's name (bcast, allreduce, …)")
      ->type_name("C");
  s.add_option_function<std::string>(
       "--size",
       [&a](const std::string& v) { a.filter.size = cli::whole_value<std::uint64_t>("--size", v); },
       "the algorithm of a call of BYTES (as Open MPI measures them)")
      ->type_name("BYTES");
  // Checked here rather than by CLI11's required(), which would hide an unknown option.
  s.callback([&a] {
    if (a.file.empty()) throw cli::UsageError("show-openmpi wants a rules file");
    if (a.filter.size && !a.filter.procs) throw cli::UsageError("--size needs --procs");
  });
}

} // namespace

int main(int argc, char** argv) {
  program = cli::command_name(argv[0], "collscope-profiles");
  CLI::App app{"The tune library's decisions (profiles or COLLSCOPE_TUNE) exported for Open "
               "MPI's coll tuned\nand MPICH's collective selection, and Open MPI rules files "
               "shown. Each subcommand answers --help.",
               program};
  cli::conventions(app, "profiles");
  app.fallthrough(); // `collscope-profiles export --version`: the command's version
  ExportArgs export_args;
  ShowArgs show_args;
  add_export(app, export_args);
  add_show(app, show_args);
  app.require_subcommand(0, 1);
  app.callback([&app] {
    if (app.get_subcommands().empty())
      throw cli::UsageError("a subcommand is required: export or show-openmpi");
  });
  for (CLI::App* a : {&app, app.get_subcommand("export"), app.get_subcommand("show-openmpi")})
    a->footer(exit_status);
  if (const auto status = cli::parse(app, argc, argv, program)) return *status;
  if (app.got_subcommand("export")) return export_command(export_args);
  return show_command(show_args);
}
