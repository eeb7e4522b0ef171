// report.html: the same content as report.md, self-contained (inline style and plot).
#include "case_figure.hpp"
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

void table(std::ostream& out, const std::vector<std::string>& header,
           const std::vector<std::vector<std::string>>& rows) {
  if (header.empty() || rows.empty()) return;
  out << "<table><tr>";
  for (const std::string& h : header) out << "<th>" << markup(h) << "</th>";
  out << "</tr>\n";
  for (const auto& row : rows) {
    out << "<tr>";
    for (const std::string& c : row) out << "<td>" << markup(c) << "</td>";
    out << "</tr>\n";
  }
  out << "</table>\n";
}

const char* css =
    R"(body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.8em 0}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}
th{background:#f3f3f3}.passed{color:#1b7f3b}.failed{color:#b3261e}.not{color:#777}
code,pre{background:#f6f8fa;font-size:13px}pre{padding:.6em;overflow-x:auto;white-space:pre-wrap}
blockquote{border-left:4px solid #e0a800;margin:.6em 0;padding:.2em .8em;background:#fffaf0}
li{margin:.4em 0}.score{font-size:1.6em})";

std::string status_class(CheckResult::Status s) {
  return s == CheckResult::Status::passed   ? "passed"
         : s == CheckResult::Status::failed ? "failed"
                                            : "not";
}

} // namespace

std::string html_report(const Grade& g) {
  std::ostringstream out;
  const Exercise& ex = *g.exercise;
  out << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
      << markup(ex.title) << "</title><style>" << css << "</style></head><body>\n";
  out << "<h1>" << markup(ex.title) << "</h1>\n<p>Submission <code>"
      << markup(g.submission.string()) << "</code> · exercise <code>" << markup(ex.name)
      << "</code> · " << markup(g.date) << " · graded in "
      << format_number(std::round(g.seconds * 10) / 10) << " s</p>\n";
  out << "<p class=\"score\">Score: <b>" << format_number(g.score) << " / "
      << format_number(g.max_score) << "</b></p>\n<table><tr><th>check</th><th>points</th>"
      << "<th>result</th></tr>\n";
  for (const CheckResult& c : g.checks)
    out << "<tr><td class=\"" << status_class(c.status) << "\">" << markup(c.spec->title)
        << "</td><td>" << format_number(c.points) << " / " << format_number(c.spec->points)
        << "</td><td>" << markup(c.summary) << "</td></tr>\n";
  out << "</table>\n";
  if (!g.compile.ok)
    out << "<h2>Compilation failed</h2><p>" << markup(g.compile.hint) << "</p><pre>"
        << markup(g.compile.output) << "</pre><p>Command: <code>" << markup(g.compile.command)
        << "</code></p>\n";
  else
    out << "<p>" << markup(sweep_text(g)) << ".</p>\n";
  int n = 0;
  for (const CheckResult& c : g.checks) {
    if (!g.compile.ok) break;
    out << "<h2 class=\"" << status_class(c.status) << "\">" << ++n << ". " << markup(c.spec->title)
        << " — " << to_string(c.status) << " (" << format_number(c.points) << " / "
        << format_number(c.spec->points) << ")</h2>\n";
    if (!c.spec->explain.empty()) out << "<p>" << markup(c.spec->explain) << "</p>\n";
    out << "<p><b>Result:</b> " << markup(c.summary) << "</p>\n";
    for (const std::string& d : c.diagnosis)
      out << "<blockquote>" << markup(d) << "</blockquote>\n";
    table(out, c.header, c.rows);
    if (c.spec->kind == "speed")
      out << speed_plot_svg(g.timings, ex.speed.tolerance, native_name(g),
                            g.timings.empty() ? ex.speed.p : g.timings.front().c.p);
    if (c.failures.empty()) continue;
    const std::vector<const FailedCase*> shown = shown_failures(c);
    out << "<h3>Failed cases (" << shown.size() << " of " << c.failures.size()
        << " shown)</h3>\n<ul>\n";
    for (std::size_t index = 0; index < shown.size(); ++index) {
      const FailedCase& f = *shown[index];
      out << "<li id=\"" << figure_anchor(c, f) << "\"><b>case " << f.record->c.id << "</b>, "
          << markup(describe(f.record->c, ex))
          << (f.mode == Mode::sync ? ", MPI_Send synchronous" : "") << ": " << markup(f.what)
          << "<br>";
      if (!f.record->block_maps.empty())
        out << "where the data went (" << markup(block_map_legend) << "):<br>";
      for (const CaseRecord::BlockMap& m : shown_maps(*f.record))
        out << "&nbsp;&nbsp;rank " << m.rank << ": <code>" << markup(m.got)
            << "</code> (expected <code>" << markup(m.expected) << "</code>)<br>";
      out << "reproduce: <code>" << markup(f.reproduce) << "</code><br>trace: ";
      if (f.trace.empty())
        out << markup(f.trace_note);
      else
        out << "<code>" << markup(f.trace) << "</code>"
            << (f.trace_note.empty() ? "" : " (" + markup(f.trace_note) + ")");
      if (!f.open.empty()) {
        out << "<br>case " << f.record->c.id << " alone, rounds from 0:";
        for (std::size_t i = 0; i < f.open.size(); ++i)
          out << (i == 0 ? " <code>" : " or <code>") << markup(f.open[i]) << "</code>";
      }
      if (const int call = figure_call(f, index); call >= 0) {
        const std::string svg = case_figure_svg(
            f.trace, call,
            "case " + std::to_string(f.record->c.id) + ": " + describe(f.record->c, ex) +
                (f.mode == Mode::sync ? " (the normal run)" : ""));
        out << "<br>" << (svg.empty() ? "(no message between ranks to draw)" : svg);
      }
      out << "</li>\n";
    }
    out << "</ul>\n";
  }
  if (!g.notes.empty()) {
    out << "<h2>Notes</h2><ul>\n";
    for (const std::string& note : g.notes) out << "<li>" << markup(note) << "</li>\n";
    out << "</ul>\n";
  }
  out << "<h2>How this was graded</h2><p>" << markup(grading_rules(g)) << "</p>\n</body></html>\n";
  return out.str();
}

void write_html(const Grade& g) {
  std::ofstream(g.out / "report.html") << html_report(g);
}

} // namespace collscope::grade
