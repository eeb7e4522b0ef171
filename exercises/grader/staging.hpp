// Where a grade's scratch folders live while the sandbox uses them. When the sandbox runs as
// the grader's own user, that is OUT/.sandbox. When it runs as nobody (the grader is root), the
// output folder may be one nobody cannot enter — `mktemp -d` makes it 0700 — so the scratch
// folders, and the submission's binary the runs execute, live in a private folder of the
// temporary directory that nobody may pass through (0711: not list) instead; what the runs
// leave is moved to OUT afterwards, as before. The sandbox itself is the same either way: the
// staging folder is hidden like the rest of /tmp, but for the one scratch folder of a run.
#pragma once

#include "sandbox.hpp"

#include <filesystem>
#include <string>

namespace collscope::grade {

class Staging {
public:
  /// Chooses and makes the folder; throws ExerciseError in one line if it cannot.
  Staging(const Sandbox& sandbox, const std::filesystem::path& out);
  ~Staging();
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;

  /// The scratch folder of the run `name` (not made: Sandbox::prepare makes it).
  std::filesystem::path scratch(const std::string& name) const { return root_ / name; }
  /// A copy of `binary` the sandbox's user may run, beside the scratch folders.
  std::filesystem::path runnable(const std::filesystem::path& binary) const;
  const std::filesystem::path& root() const { return root_; }

private:
  std::filesystem::path root_;
};

/// Moves folder `from` to `to` (which must not exist): a rename, or a copy and a removal when
/// they are on different file systems. For folders sanitize() left plain files and folders in.
void move_folder(const std::filesystem::path& from, const std::filesystem::path& to);

} // namespace collscope::grade
