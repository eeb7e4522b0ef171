#include "grade_support.hpp"

#include "process.hpp"

#include <cstdlib>
#include <fstream>
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
  const fs::path dir = fs::path(env("COLLSCOPE_GRADE_TEST_TMP")) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

GraderRun run_grader(const std::vector<std::string>& args, double limit) {
  std::vector<std::string> argv{env("COLLSCOPE_GRADE_BIN")};
  argv.insert(argv.end(), args.begin(), args.end());
  RunLimits limits;
  limits.wall_seconds = limit;
  limits.output_bytes = 16 << 20;
  const RunResult r = run_process(argv, {}, limits);
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
  const json::Value v = json::parse(read_text(dir / "results.json"));
  g.score = v.find("score")->as_number("score");
  g.max_score = v.find("max_score")->as_number("max_score");
  g.seconds = v.find("execution_time")->as_number("execution_time");
  for (const json::Value& t : v.find("tests")->as_array("tests")) {
    const json::Value& extra = *t.find("extra_data");
    g.checks[extra.find("id")->as_string("id")] = {t.find("score")->as_number("score"),
                                                   t.find("max_score")->as_number("max_score"),
                                                   extra.find("state")->as_string("state")};
  }
  g.report = read_text(dir / "report.md");
  return g;
}

} // namespace collscope::grade::test
