#include "class_report.hpp"

#include "patterns.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

namespace collscope::grade {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> csv_row(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
      fields.back() += '"', ++i;
    else if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      fields.emplace_back();
    else
      fields.back() += c;
  }
  return fields;
}

double number(const std::string& text) {
  try {
    return text.empty() ? 0 : std::stod(text);
  } catch (const std::exception&) {
    return 0;
  }
}

struct Failure {
  std::vector<std::string> who;
  std::string hint; ///< the first failing submission's diagnosis, else its summary
};

struct Speed {
  std::string who;
  double fastest = 0, median = 0;
};

/// The check's line in results.json's output after its summary: the hint or diagnosis.
std::string hint_of(const nlohmann::json& test) {
  const std::string output = test.value("output", "");
  const std::size_t nl = output.find('\n');
  std::string line = nl == std::string::npos ? output : output.substr(nl + 1);
  line = line.substr(0, line.find('\n'));
  if (line.empty() || line.starts_with("- case")) line = output.substr(0, nl);
  return line.size() > 300 ? line.substr(0, 297) + "..." : line;
}

std::string bar(std::size_t n) {
  return std::string(n, '#');
}

} // namespace

void write_class_report(const Exercise& ex, const fs::path& csv, const fs::path& report) {
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = csv_row(line);
  const std::size_t checks = ex.checks.size();
  std::vector<std::vector<std::string>> rows;
  while (std::getline(in, line))
    if (!line.empty()) rows.push_back(csv_row(line));

  std::vector<double> scores;
  std::vector<std::vector<double>> points(checks);
  std::map<std::string, Failure> failures; // by check id
  std::vector<std::pair<std::string, std::string>> no_result;
  std::vector<Speed> speeds;
  const std::regex fastest(R"(of the fastest runs ([0-9.]+))"), median(R"(time\) = ([0-9.]+))");
  double max_score = 0;
  for (const auto& row : rows) {
    if (row.size() < 3 + checks + 4) continue;
    const std::string& who = row[0];
    scores.push_back(number(row[1]));
    max_score = std::max(max_score, number(row[2]));
    for (std::size_t c = 0; c < checks; ++c) points[c].push_back(number(row[3 + c]));
    const std::string& report_md = row[3 + checks + 3];
    const fs::path results = fs::path(report_md).parent_path() / "results.json";
    if (report_md.empty() || !fs::exists(results)) {
      no_result.emplace_back(who, row[3 + checks + 2]);
      continue;
    }
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(std::ifstream(results));
    } catch (const std::exception&) {
      no_result.emplace_back(who, "unreadable " + results.string());
      continue;
    }
    for (const auto& test : doc.value("tests", nlohmann::json::array())) {
      const std::string id = test.value("extra_data", nlohmann::json::object()).value("id", "");
      const std::string output = test.value("output", "");
      std::smatch m;
      if (std::regex_search(output, m, fastest)) {
        Speed s{who, std::stod(m[1]), 0};
        if (std::regex_search(output, m, median)) s.median = std::stod(m[1]);
        speeds.push_back(s);
      }
      if (test.value("status", "") == "passed") continue;
      Failure& f = failures[id];
      if (f.who.empty()) f.hint = hint_of(test);
      f.who.push_back(who);
    }
  }

  std::ofstream out(report);
  out << "# Class report: " << ex.name << "\n\n"
      << rows.size() << " submissions, " << rows.size() - no_result.size() << " graded, "
      << no_result.size() << " without a result. Rows: `" << csv.string() << "`.\n\n";
  out << "## Scores (of " << format_number(max_score)
      << ")\n\n| score | submissions | |\n|---|---|---|\n";
  for (int top = 100; top > 0; top -= 10) {
    const double lo = max_score * (top - 10) / 100, hi = max_score * top / 100;
    const auto n =
        static_cast<std::size_t>(std::count_if(scores.begin(), scores.end(), [&](double s) {
          return s >= lo && (s < hi || (top == 100 && s <= hi));
        }));
    out << "| " << format_number(lo) << (top == 100 ? "–" : "–<") << format_number(hi) << " | " << n
        << " | " << bar(n) << " |\n";
  }
  out << "\n## Per check\n\n| check | points | full | partial | none | mean "
         "|\n|---|---|---|---|---|---|\n";
  for (std::size_t c = 0; c < checks; ++c) {
    const double full = ex.checks[c].points;
    std::size_t all = 0, some = 0, none = 0;
    double sum = 0;
    for (const double p : points[c]) {
      sum += p;
      (p >= full ? all : p > 0 ? some : none) += 1;
    }
    out << "| " << ex.checks[c].id << " | " << format_number(full) << " | " << all << " | " << some
        << " | " << none << " | "
        << format_number(points[c].empty()
                             ? 0
                             : std::round(sum / static_cast<double>(points[c].size()) * 10) / 10)
        << " |\n";
  }
  std::vector<std::pair<std::string, Failure>> common(failures.begin(), failures.end());
  std::stable_sort(common.begin(), common.end(), [](const auto& a, const auto& b) {
    return a.second.who.size() > b.second.who.size();
  });
  out << "\n## Most common failures\n\n";
  if (common.empty()) out << "None.\n";
  for (const auto& [id, f] : common) {
    out << "- **" << id << "**: " << f.who.size() << " submission" << (f.who.size() == 1 ? "" : "s")
        << " (";
    for (std::size_t i = 0; i < f.who.size() && i < 5; ++i) out << (i ? ", " : "") << f.who[i];
    out << (f.who.size() > 5 ? ", …" : "") << "). Hint: " << f.hint << "\n";
  }
  if (!no_result.empty()) {
    out << "\n## Without a result\n\n";
    for (const auto& [who, why] : no_result) out << "- " << who << ": " << why << "\n";
  }
  std::sort(speeds.begin(), speeds.end(),
            [](const Speed& a, const Speed& b) { return a.fastest > b.fastest; });
  out << "\n## Speed against native (fastest runs' ratio, yours / native; median ratio)\n\n";
  if (speeds.empty()) out << "No submission was timed.\n";
  // All of them up to 6; else the 3 slowest and the 3 fastest.
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    if (speeds.size() > 6 && i == 3) out << "- …\n";
    if (speeds.size() > 6 && i >= 3 && i < speeds.size() - 3) continue;
    out << "- "
        << (i == 0                   ? "slowest: "
            : i + 1 == speeds.size() ? "fastest: "
                                     : "")
        << speeds[i].who << " " << format_number(speeds[i].fastest) << " (median "
        << format_number(speeds[i].median) << ")\n";
  }
}

} // namespace collscope::grade
