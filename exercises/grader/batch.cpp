#include "batch.hpp"

#include "grade.hpp"
#include "patterns.hpp"
#include "terminal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <vector>

namespace collscope::grade {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text)
    out += c == '"' ? std::string("\"\"") : std::string(1, c == '\n' ? ' ' : c);
  return out + "\"";
}

std::vector<std::pair<std::string, fs::path>> batch_submissions(const fs::path& dir) {
  std::vector<std::pair<std::string, fs::path>> found;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == ".cpp") {
      found.emplace_back(entry.path().stem().string(), entry.path());
    } else if (entry.is_directory()) {
      std::vector<fs::path> sources;
      for (const auto& inner : fs::directory_iterator(entry.path()))
        if (inner.is_regular_file() && inner.path().extension() == ".cpp")
          sources.push_back(inner.path());
      if (sources.size() == 1)
        found.emplace_back(entry.path().filename().string(), sources.front());
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::string batch_csv_header(const Exercise& ex) {
  std::string line = "submission,score,max_score";
  for (const CheckSpec& c : ex.checks) line += "," + csv_field(c.id);
  return line + ",compiled,seconds,first_problem,report\n";
}

int grade_batch(const Exercise& ex, const Toolchain& tools, const Sandbox& sandbox,
                const fs::path& dir, const fs::path& out, const fs::path& csv, bool quick) {
  const auto list = batch_submissions(dir);
  fs::create_directories(out);
  std::ofstream table(csv);
  table << batch_csv_header(ex);
  Terminal terminal(true);
  int graded = 0;
  for (const auto& [name, source] : list) {
    std::fprintf(stderr, "  [%d/%zu] %-28s ", graded + 1, list.size(), name.c_str());
    std::fflush(stderr);
    Grade g = grade_submission(ex, tools, sandbox, source, out / name, quick, terminal);
    write_reports(g);
    std::string problem;
    for (const CheckResult& c : g.checks)
      if (c.status != CheckResult::Status::passed && problem.empty())
        problem = c.spec->id + ": " + (c.diagnosis.empty() ? c.summary : c.diagnosis.front());
    table << csv_field(name) << "," << format_number(g.score) << "," << format_number(g.max_score);
    for (const CheckResult& c : g.checks) table << "," << format_number(c.points);
    table << "," << (g.compile.ok ? "yes" : "no") << ","
          << format_number(std::round(g.seconds * 10) / 10) << ","
          << csv_field(problem.substr(0, 300)) << "," << csv_field((g.out / "report.md").string())
          << "\n";
    table.flush();
    std::fprintf(stderr, "%5s / %s  (%.1f s)\n", format_number(g.score).c_str(),
                 format_number(g.max_score).c_str(), g.seconds);
    ++graded;
  }
  return graded;
}

} // namespace collscope::grade
