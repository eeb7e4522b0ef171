// The commands a report prints to open one case of a trace alone: the trace of a graded run
// holds every case of the run, and `--call N` picks case N's call (rounds from 0), so a student
// sees the case that failed, not the whole sweep.
#include "grade.hpp"

#include <system_error>

namespace collscope::grade {

namespace {

std::string quoted(const std::string& word) {
  if (word.find_first_of(" \t'\"$\\;&|<>()*?`!#~") == std::string::npos) return word;
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// collscope-trace and collscope are built beside collscope-grade (build/bin); named by their
// full path so that the command pastes from any folder.
std::filesystem::path beside_this_program(const char* name) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path("build/bin") / name : self.parent_path() / name;
}

} // namespace

std::vector<std::string> open_case_commands(const std::filesystem::path& trace, int call) {
  if (call < 0 || trace.empty()) return {};
  const std::string tail = " " + quoted(trace.string()) + " --call " + std::to_string(call);
  return {quoted(beside_this_program("collscope-trace").string()) + " stats" + tail,
          quoted(beside_this_program("collscope").string()) + tail};
}

} // namespace collscope::grade
