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
// Exit 0, 1 when a file is unreadable or malformed (FILE:LINE: what), 2 on a usage error.
#include "decisions.hpp"
#include "mpich_export.hpp"
#include "openmpi_export.hpp"
#include "show.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

using namespace collscope::profiles;

constexpr std::string_view usage =
    "usage: collscope-profiles export (--openmpi|--mpich) OUT [--procs P] (PROFILES_DIR | "
    "--tune SPEC)\n"
    "         [--mpich-version 4.0|4.1]  the MPICH JSON's dialect (default: the installed "
    "MPICH's,\n"
    "                                    from mpichversion; 4.1 and later share one)\n"
    "       collscope-profiles show-openmpi RULES_FILE [--procs P] [--collective C] [--size "
    "BYTES]\n";

int fail(const std::string& what, int code) {
  std::cerr << "collscope-profiles: error: " << what << "\n";
  return code;
}

template <typename T> bool whole(std::string_view text, T& value, T lowest) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc{} && end == text.data() + text.size() && value >= lowest;
}

/// "4.0.2" → 4.0's dialect, "4.1", "4.3.2", "5.0" → 4.1's; false for anything else.
bool mpich_dialect(std::string_view text, MpichVersion& v) {
  int major = 0, minor = 0;
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view rest = text.substr(dot + 1);
  if (!whole(text.substr(0, dot), major, 0) || !whole(rest.substr(0, rest.find('.')), minor, 0) ||
      major < 4)
    return false;
  v = major == 4 && minor == 0 ? MpichVersion::v4_0 : MpichVersion::v4_1;
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

int export_command(const std::vector<std::string_view>& args) {
  std::string_view format, out_file, source, tune;
  int procs = 0;
  std::string_view mpich_version;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const bool has_value = i + 1 < args.size();
    if ((a == "--openmpi" || a == "--mpich") && has_value && format.empty()) {
      format = a, out_file = args[++i];
    } else if (a == "--procs" && has_value) {
      if (!whole(args[++i], procs, 1)) return fail("--procs wants a process count ≥ 1", 2);
    } else if (a == "--mpich-version" && has_value) {
      MpichVersion ignored;
      mpich_version = args[++i];
      if (!mpich_dialect(mpich_version, ignored))
        return fail("--mpich-version wants 4.0 or 4.1 (or later), not '" +
                        std::string(mpich_version) + "'",
                    2);
    } else if (a == "--tune" && has_value) {
      tune = args[++i];
    } else if (!a.starts_with("--") && source.empty()) {
      source = a;
    } else {
      return fail("unexpected '" + std::string(a) + "'\n" + std::string(usage), 2);
    }
  }
  if (format.empty() || source.empty() == tune.empty())
    return fail("export wants --openmpi OUT or --mpich OUT, and a profile folder or --tune "
                "SPEC (one of them)",
                2);
  Decisions decisions;
  std::string error;
  if (!tune.empty() ? !parse_inline(tune, decisions, error)
                    : !read_profile_folder(std::string(source), decisions, error))
    return fail(error, tune.empty() ? 1 : 2);
  std::string text;
  std::vector<std::string> notes;
  std::string summary, mca_line;
  if (format == "--openmpi") {
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
    std::string named{mpich_version}, from = "--mpich-version";
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
  std::ofstream out{std::string(out_file)};
  if (!(out << text) || !out.flush()) return fail("cannot write " + std::string(out_file), 1);
  std::cout << "wrote " << out_file << ": " << summary << ", " << decisions.size()
            << " decisions read\n";
  for (const auto& n : notes) std::cout << "note: " << n << "\n";
  if (!mca_line.empty()) std::cout << "run with:" << mca_line << "\n";
  return 0;
}

int show_command(const std::vector<std::string_view>& args) {
  std::string_view file;
  ShowFilter filter;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const bool has_value = i + 1 < args.size();
    int n = 0;
    std::uint64_t bytes = 0;
    if (a == "--procs" && has_value) {
      if (!whole(args[++i], n, 1)) return fail("--procs wants a process count ≥ 1", 2);
      filter.procs = n;
    } else if (a == "--size" && has_value) {
      if (!whole(args[++i], bytes, std::uint64_t{0})) return fail("--size wants bytes", 2);
      filter.size = bytes;
    } else if (a == "--collective" && has_value) {
      const std::string_view name = args[++i];
      for (int id = 0; id < colltype_count; ++id)
        if (colltype_name(id) == name) filter.collective = id;
      if (!filter.collective) return fail("no collective '" + std::string(name) + "'", 2);
    } else if (!a.starts_with("--") && file.empty()) {
      file = a;
    } else {
      return fail("unexpected '" + std::string(a) + "'\n" + std::string(usage), 2);
    }
  }
  if (file.empty()) return fail("show-openmpi wants a rules file", 2);
  if (filter.size && !filter.procs) return fail("--size needs --procs", 2);
  std::ifstream in{std::string(file)};
  std::stringstream text;
  if (!in || !(text << in.rdbuf())) return fail("cannot read " + std::string(file), 1);
  RulesFile rules;
  std::string error;
  if (!parse_rules(text.str(), rules, error)) {
    std::cerr << file << ":" << error << "\n";
    return 1;
  }
  show_rules(rules, filter, std::cout);
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << usage;
    return args.empty() ? 2 : 0;
  }
  const std::vector<std::string_view> rest(args.begin() + 1, args.end());
  // `collscope-profiles export --help`: the usage, as for the command itself.
  if (std::ranges::any_of(rest, [](std::string_view a) { return a == "--help" || a == "-h"; }))
    return std::cout << usage, 0;
  if (args[0] == "export") return export_command(rest);
  if (args[0] == "show-openmpi") return show_command(rest);
  return fail("unknown command '" + std::string(args[0]) + "'\n" + std::string(usage), 2);
}
