// The sandbox every compiler run and every mpirun of a submission runs in (bubblewrap):
// a read-only view of the system, one writable scratch folder per run, a private /tmp and
// /dev/shm, no network (a fresh network namespace holds only its own loopback), a PID
// namespace that dies as a whole with the run, and no view of the course's files (the
// exercises, the source tree, the output folder, other students' submissions, home
// folders). When the grader runs as root, the sandbox runs as user nobody.
//
// The grader reads what a run left in its scratch folder only after sanitize(): the
// submission could have planted symbolic links, pipes or devices there to make the grader
// read or block on something else.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace collscope::grade {

struct Sandbox {
  bool enabled = true;                         ///< false: --unsafe-no-sandbox
  std::string bwrap = "bwrap";                 ///< the bubblewrap command
  std::vector<std::filesystem::path> hidden;   ///< an empty folder inside
  std::vector<std::filesystem::path> readable; ///< shown again (read-only) inside hidden ones
  int uid = -1, gid = -1; ///< run as this user (-1: the grader's own, for unprivileged use)

  struct Command {
    std::vector<std::string> argv, environment;
  };
  /// `argv` with `environment` ("NAME=value") to run inside the sandbox, with `scratch` as
  /// its only writable folder and working directory; nothing else of the grader's
  /// environment but PATH and the locale gets in. Without the sandbox: as they are.
  Command wrap(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
               const std::filesystem::path& scratch) const;
  /// A fresh, empty scratch folder the sandbox's user can write.
  void prepare(const std::filesystem::path& scratch) const;
};

/// The sandbox for grading with this toolchain: hides `hidden` (plus the home folders),
/// shows `readable` (the harness and tracer libraries, the submission's binary).
Sandbox make_sandbox(bool enabled, std::vector<std::filesystem::path> hidden,
                     std::vector<std::filesystem::path> readable);

/// Empty when bubblewrap can create its namespaces here, else one line saying why not.
std::string sandbox_problem(const Sandbox& sandbox);

/// Removes from `dir` (recursively) everything that is not a plain file or folder, and files
/// with more than one link; returns how many entries were removed.
int sanitize(const std::filesystem::path& dir);

/// The contents of `file` (at most `limit` bytes), read without following a link and without
/// blocking on a pipe; nullopt if it is not a plain file.
std::optional<std::string> read_plain_file(const std::filesystem::path& file,
                                           std::size_t limit = 64 << 20);

} // namespace collscope::grade
