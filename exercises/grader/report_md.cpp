// report.md: what a student reads first (GitHub, Gradescope and editors render it).
#include "grade.hpp"
#include "patterns.hpp"
#include "plot_svg.hpp"
#include "report_text.hpp"
#include "sweep.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

namespace collscope::grade {

namespace {

std::string cell(std::string text) {
  std::string out;
  for (const char c : text)
    out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
  return out;
}

void table(std::ostream& out, const std::vector<std::string>& header,
           const std::vector<std::vector<std::string>>& rows) {
  if (header.empty() || rows.empty()) return;
  out << "\n|";
  for (const std::string& h : header) out << ' ' << cell(h) << " |";
  out << "\n|";
  for (std::size_t i = 0; i < header.size(); ++i) out << "---|";
  out << '\n';
  for (const auto& row : rows) {
    out << '|';
    for (const std::string& c : row) out << ' ' << cell(c) << " |";
    out << '\n';
  }
}

const char* mark(CheckResult::Status s) {
  return s == CheckResult::Status::passed ? "✅" : s == CheckResult::Status::failed ? "❌" : "➖";
}

} // namespace

std::string markdown_report(const Grade& g) {
  std::ostringstream out;
  const Exercise& ex = *g.exercise;
  out << "# " << ex.title << "\n\n";
  out << "Submission `" << g.submission.string() << "` · exercise `" << ex.name << "` · " << g.date
      << " · graded in " << format_number(std::round(g.seconds * 10) / 10) << " s\n\n";
  out << "## Score: " << format_number(g.score) << " / " << format_number(g.max_score) << "\n";
  std::vector<std::vector<std::string>> rows;
  for (const CheckResult& c : g.checks)
    rows.push_back({std::string(mark(c.status)) + " " + c.spec->title,
                    format_number(c.points) + " / " + format_number(c.spec->points), c.summary});
  table(out, {"check", "points", "result"}, rows);
  if (!g.compile.ok) {
    out << "\n## Compilation failed\n\n"
        << g.compile.hint << "\n\n```text\n"
        << g.compile.output << "\n```\n\nCommand: `" << g.compile.command << "`\n";
  } else {
    out << "\n" << sweep_text(g) << ".\n";
    if (!g.compile.output.empty())
      out << "\n<details><summary>Compiler warnings</summary>\n\n```text\n"
          << g.compile.output << "\n```\n</details>\n";
  }
  int n = 0;
  for (const CheckResult& c : g.checks) {
    if (!g.compile.ok) break;
    out << "\n## " << ++n << ". " << c.spec->title << " — " << to_string(c.status) << " ("
        << format_number(c.points) << " / " << format_number(c.spec->points) << ")\n\n";
    if (!c.spec->explain.empty()) out << c.spec->explain << "\n\n";
    out << "**Result:** " << c.summary << "\n";
    for (const std::string& d : c.diagnosis) out << "\n> " << d << "\n";
    table(out, c.header, c.rows);
    if (c.spec->kind == "speed" && !g.timings.empty())
      out << "\n![runtime relative to native](runtime.svg)\n";
    if (c.failures.empty()) continue;
    const std::vector<const FailedCase*> shown = shown_failures(c);
    out << "\n### Failed cases (" << shown.size() << " of " << c.failures.size() << " shown)\n";
    for (std::size_t index = 0; index < shown.size(); ++index) {
      const FailedCase& f = *shown[index];
      out << "\n- **case " << f.record->c.id << "**, " << describe(f.record->c, ex)
          << (f.mode == Mode::sync ? ", MPI_Send synchronous" : "") << ": " << f.what << "\n";
      if (!f.record->block_maps.empty())
        out << "  - where the data went (" << block_map_legend << "):\n";
      for (const CaseRecord::BlockMap& m : shown_maps(*f.record))
        out << "    - rank " << m.rank << ": `" << m.got << "` (expected `" << m.expected << "`)\n";
      if (f.record->block_maps.size() > shown_maps(*f.record).size())
        out << "    - and " << f.record->block_maps.size() - shown_maps(*f.record).size()
            << " more wrong ranks (results.json lists every one)\n";
      if (figure_call(f, index) >= 0)
        out << "  - figure: [its messages by round](report.html#" << figure_anchor(c, f) << ")\n";
      out << "  - reproduce: `" << f.reproduce << "`\n";
      // Paths and commands alone in their code spans: they paste into a shell as they are.
      if (f.trace.empty())
        out << "  - trace: " << f.trace_note << "\n";
      else
        out << "  - trace: `" << f.trace << "`"
            << (f.trace_note.empty() ? "" : " (" + f.trace_note + ")") << "\n";
      if (!f.open.empty()) {
        out << "  - case " << f.record->c.id << " alone, rounds from 0:";
        for (std::size_t i = 0; i < f.open.size(); ++i)
          out << (i == 0 ? " `" : " or `") << f.open[i] << "`";
        out << "\n";
      }
    }
  }
  if (!g.notes.empty()) {
    out << "\n## Notes\n\n";
    for (const std::string& note : g.notes) out << "- " << note << "\n";
  }
  out << "\n## How this was graded\n\n"
      << grading_rules(g) << "\n\nA run's trace holds every case of the run; open one case "
      << "in the app with `" << front_end_command() << " TRACE --call N`, or inspect it with `"
      << front_end_command() << " stats TRACE --call N` (`collscope calls TRACE` lists the "
      << "calls: N of case K is the call named `case K: …`)."
      << " Everything of this grade is in `" << g.out.string() << "`.\n";
  return out.str();
}

void write_markdown(const Grade& g) {
  std::ofstream(g.out / "report.md") << markdown_report(g);
  const std::string svg =
      speed_plot_svg(g.timings, g.exercise->speed.tolerance, native_name(g),
                     g.timings.empty() ? g.exercise->speed.p : g.timings.front().c.p);
  if (!svg.empty()) std::ofstream(g.out / "runtime.svg") << svg;
}

} // namespace collscope::grade
