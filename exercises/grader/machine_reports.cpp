// results.json in Gradescope's autograder format and junit.xml for CI: one test per check.
#include "grade.hpp"
#include "json.hpp"
#include "patterns.hpp"
#include "report_text.hpp"

#include <fstream>
#include <sstream>

namespace collscope::grade {

std::string markdown_report(const Grade& grade);
void write_markdown(const Grade& grade);
void write_html(const Grade& grade);

namespace {

std::string check_output(const CheckResult& c) {
  std::string text = c.summary;
  for (const std::string& d : c.diagnosis) text += "\n" + d;
  for (const FailedCase* shown : shown_failures(c, 5)) {
    const FailedCase& f = *shown;
    text += "\n- case " + std::to_string(f.record->c.id) + ": " + f.what +
            "\n  reproduce: " + f.reproduce + "\n  trace: " + f.trace;
  }
  if (c.failures.size() > 5) text += "\n(" + std::to_string(c.failures.size() - 5) + " more)";
  return text;
}

std::string xml(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else if (ch == '&')
      out += "&amp;";
    else if (ch == '"')
      out += "&quot;";
    else
      out += ch;
  }
  return out;
}

} // namespace

std::string gradescope_json(const Grade& g) {
  std::ostringstream out;
  out << "{\n  \"score\": " << json::number(g.score)
      << ",\n  \"max_score\": " << json::number(g.max_score)
      << ",\n  \"execution_time\": " << json::number(g.seconds)
      << ",\n  \"visibility\": \"visible\",\n  \"output_format\": \"md\",\n  \"output\": "
      << json::quote(markdown_report(g)) << ",\n  \"tests\": [\n";
  for (std::size_t i = 0; i < g.checks.size(); ++i) {
    const CheckResult& c = g.checks[i];
    out << "    {\"number\": \"" << i + 1 << "\", \"name\": " << json::quote(c.spec->title)
        << ", \"score\": " << json::number(c.points)
        << ", \"max_score\": " << json::number(c.spec->points) << ", \"status\": \""
        << (c.status == CheckResult::Status::passed ? "passed" : "failed")
        << "\", \"visibility\": \"visible\", \"output\": " << json::quote(check_output(c))
        << ", \"extra_data\": {\"id\": " << json::quote(c.spec->id) << ", \"judged\": " << c.judged
        << ", \"failed\": " << c.failed << ", \"state\": \"" << to_string(c.status) << "\"}}"
        << (i + 1 < g.checks.size() ? "," : "") << "\n";
  }
  out << "  ]\n}\n";
  return out.str();
}

std::string junit_xml(const Grade& g) {
  std::ostringstream out;
  int failures = 0;
  for (const CheckResult& c : g.checks) failures += c.status != CheckResult::Status::passed;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite "
         "name=\"collscope-grade "
      << xml(g.exercise->name) << "\" tests=\"" << g.checks.size() << "\" failures=\"" << failures
      << "\" time=\"" << json::number(g.seconds) << "\">\n";
  for (const CheckResult& c : g.checks) {
    out << "    <testcase classname=\""
        << xml(g.exercise->name + "." + g.submission.stem().string()) << "\" name=\""
        << xml(c.spec->id + ": " + c.spec->title) << "\">\n";
    if (c.status == CheckResult::Status::failed)
      out << "      <failure message=\"" << xml(c.summary) << "\">" << xml(check_output(c))
          << "</failure>\n";
    if (c.status == CheckResult::Status::not_judged)
      out << "      <failure message=\"" << xml(c.summary) << "\">not judged: 0 of "
          << format_number(c.spec->points) << " points</failure>\n";
    out << "    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
  return out.str();
}

void write_reports(const Grade& g) {
  write_markdown(g);
  write_html(g);
  std::ofstream(g.out / "results.json") << gradescope_json(g);
  std::ofstream(g.out / "junit.xml") << junit_xml(g);
}

} // namespace collscope::grade
