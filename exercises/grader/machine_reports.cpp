// results.json in Gradescope's autograder format and junit.xml for CI: one test per check.
#include "grade.hpp"
#include "patterns.hpp"
#include "report_text.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
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
            "\n  reproduce: " + f.reproduce;
    for (const CaseRecord::BlockMap& m : shown_maps(*f.record))
      text += "\n  rank " + std::to_string(m.rank) + "'s receive buffer by block: " + m.got +
              " (expected " + m.expected + ")";
    text += "\n  trace: " +
            (f.trace.empty() ? f.trace_note
                             : f.trace + (f.trace_note.empty() ? "" : " (" + f.trace_note + ")"));
    for (const std::string& command : f.open) text += "\n  case alone: " + command;
  }
  if (c.failures.size() > 5) text += "\n(" + std::to_string(c.failures.size() - 5) + " more)";
  return text;
}

/// The failed cases the reports show, with every wrong rank's block map (a wrong result).
nlohmann::ordered_json failed_cases_json(const CheckResult& c) {
  using Json = nlohmann::ordered_json;
  Json list = Json::array();
  for (const FailedCase* shown : shown_failures(c)) {
    Json maps = Json::array();
    for (const CaseRecord::BlockMap& m : shown->record->block_maps)
      maps.push_back({{"rank", m.rank}, {"got", m.got}, {"expected", m.expected}});
    list.push_back({{"id", shown->record->c.id},
                    {"what", shown->what},
                    {"reproduce", shown->reproduce},
                    {"trace", shown->trace},
                    {"open", shown->open},
                    {"block_map", std::move(maps)}});
  }
  return list;
}

/// The check's pattern and the cases it was drawn from: enough to check that the pattern
/// holds for every failing case and for no passing one.
nlohmann::ordered_json pattern_json(const CheckResult& c) {
  using Json = nlohmann::ordered_json;
  Json cases = Json::array();
  for (const CheckResult::PatternCase& k : c.pattern_cases)
    cases.push_back({{"id", k.c.id},
                     {"p", k.c.p},
                     {"root", k.c.root},
                     {"count", k.c.count},
                     {"datatype", to_string(k.c.dtype)},
                     {"op", to_string(k.c.op)},
                     {"side", k.failed ? "failed" : "passed"}});
  return {{"text", c.pattern ? c.pattern->text : ""},
          {"test", c.pattern ? c.pattern->test : ""},
          {"cases", std::move(cases)}};
}

} // namespace

std::string gradescope_json(const Grade& g) {
  using Json = nlohmann::ordered_json;
  Json tests = Json::array();
  for (std::size_t i = 0; i < g.checks.size(); ++i) {
    const CheckResult& c = g.checks[i];
    tests.push_back({{"number", std::to_string(i + 1)},
                     {"name", c.spec->title},
                     {"score", c.points},
                     {"max_score", c.spec->points},
                     {"status", c.status == CheckResult::Status::passed ? "passed" : "failed"},
                     {"visibility", "visible"},
                     {"output", check_output(c)},
                     {"extra_data",
                      {{"id", c.spec->id},
                       {"judged", c.judged},
                       {"failed", c.failed},
                       {"state", to_string(c.status)},
                       {"failed_cases", failed_cases_json(c)},
                       {"pattern", pattern_json(c)}}}});
  }
  const Json doc{
      {"score", g.score},         {"max_score", g.max_score}, {"execution_time", g.seconds},
      {"visibility", "visible"},  {"output_format", "md"},    {"output", markdown_report(g)},
      {"tests", std::move(tests)}};
  // Invalid UTF-8 in a compiler message or a case's detail becomes U+FFFD, never an error.
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string junit_xml(const Grade& g) {
  std::ostringstream out;
  int failures = 0;
  for (const CheckResult& c : g.checks) failures += c.status != CheckResult::Status::passed;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite "
         "name=\"collscope-grade "
      << markup(g.exercise->name) << "\" tests=\"" << g.checks.size() << "\" failures=\""
      << failures << "\" time=\"" << format_number(g.seconds) << "\">\n";
  for (const CheckResult& c : g.checks) {
    out << "    <testcase classname=\""
        << markup(g.exercise->name + "." + g.submission.stem().string()) << "\" name=\""
        << markup(c.spec->id + ": " + c.spec->title) << "\">\n";
    if (c.status == CheckResult::Status::failed)
      out << "      <failure message=\"" << markup(c.summary) << "\">" << markup(check_output(c))
          << "</failure>\n";
    if (c.status == CheckResult::Status::not_judged)
      out << "      <failure message=\"" << markup(c.summary) << "\">not judged: 0 of "
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
