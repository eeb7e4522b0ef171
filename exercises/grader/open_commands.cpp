// The commands a report prints to open one case of a trace alone: the trace of a graded run
// holds every case of the run, and `--call N` picks case N's call (rounds from 0), so a student
// sees the case that failed, not the whole sweep. They call the front end of the grader's own
// tree (PREFIX/bin/collscope, build/bin/collscope in a build) by its full path, so that they
// paste from any folder.
#include "collscope/paths.hpp"
#include "grade.hpp"

namespace collscope::grade {

namespace {

std::string quoted(const std::string& word) {
  if (word.find_first_of(" \t'\"$\\;&|<>()*?`!#~") == std::string::npos) return word;
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

} // namespace

std::string front_end_command() {
  return quoted((paths::prefix() / "bin" / "collscope").string());
}

std::vector<std::string> open_case_commands(const std::filesystem::path& trace, int call) {
  if (call < 0 || trace.empty()) return {};
  const std::string tail = " " + quoted(trace.string()) + " --call " + std::to_string(call);
  return {front_end_command() + " stats" + tail, front_end_command() + tail};
}

} // namespace collscope::grade
