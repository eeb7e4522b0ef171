#include "grade_support.hpp"

#include "process.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace collscope::grade::test {

namespace {
std::string env(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) throw std::runtime_error(std::string(name) + " is not set (run via ctest)");
  return value;
}
} // namespace

fs::path exercises_dir() {
  return env("COLLSCOPE_GRADE_EXERCISES");
}

fs::path submissions_dir() {
  return env("COLLSCOPE_GRADE_SUBMISSIONS");
}

fs::path scratch(const std::string& name) {
  fs::path dir = fs::path(env("COLLSCOPE_GRADE_TEST_TMP")) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

GraderRun run_grader(const std::vector<std::string>& args, double limit,
                     const std::vector<std::string>& environment) {
  std::vector<std::string> argv{env("COLLSCOPE_GRADE_BIN")};
  argv.insert(argv.end(), args.begin(), args.end());
  RunLimits limits;
  limits.wall_seconds = limit;
  limits.output_bytes = 16 << 20;
  const RunResult r = run_process(argv, environment, limits);
  return {r.stop == RunResult::Stop::none ? r.exit_code : -1, r.output, r.seconds};
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Graded read_graded(const fs::path& dir) {
  Graded g;
  const nlohmann::json v = nlohmann::json::parse(read_text(dir / "results.json"));
  g.score = v.at("score").get<double>();
  g.max_score = v.at("max_score").get<double>();
  g.seconds = v.at("execution_time").get<double>();
  for (const nlohmann::json& t : v.at("tests")) {
    const nlohmann::json& extra = t.at("extra_data");
    g.checks[extra.at("id").get<std::string>()] = {t.at("score").get<double>(),
                                                   t.at("max_score").get<double>(),
                                                   extra.at("state").get<std::string>()};
  }
  g.report = read_text(dir / "report.md");
  return g;
}

double check_passed_but_speed(const Graded& g) {
  double lost = 0;
  for (const auto& [id, check] : g.checks) {
    INFO("check " << id << ": " << check.status);
    if (id != "speed") {
      CHECK(check.status == "passed");
      continue;
    }
    CHECK(check.status != "not judged");
    if (check.status != "passed") lost = check.max_score;
  }
  CHECK(g.checks.count("speed") == 1);
  CHECK(g.score == g.max_score - lost);
  return lost;
}

} // namespace collscope::grade::test
