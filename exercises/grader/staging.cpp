#include "staging.hpp"

#include "exercise.hpp"

#include <cerrno>
#include <cstring>
#include <stdlib.h>
#include <sys/stat.h>

namespace collscope::grade {

namespace fs = std::filesystem;

Staging::Staging(const Sandbox& sandbox, const fs::path& out) {
  if (!sandbox.enabled || sandbox.uid < 0) {
    root_ = out / ".sandbox";
    fs::remove_all(root_);
    fs::create_directories(root_);
    return;
  }
  std::string name = (fs::temp_directory_path() / "collscope-grade-XXXXXX").string();
  if (::mkdtemp(name.data()) == nullptr)
    throw ExerciseError("cannot make a staging folder in " + fs::temp_directory_path().string() +
                        ": " + std::strerror(errno) + "; set TMPDIR to a folder you may write");
  root_ = name;
  // Others (nobody) may pass through to the scratch folder handed to them, not list it.
  ::chmod(root_.c_str(), 0711);
}

Staging::~Staging() {
  std::error_code ec;
  fs::remove_all(root_, ec);
}

fs::path Staging::runnable(const fs::path& binary) const {
  const fs::path copy = root_ / "bin" / binary.filename();
  fs::create_directories(copy.parent_path());
  ::chmod(copy.parent_path().c_str(), 0755);
  fs::copy_file(binary, copy, fs::copy_options::overwrite_existing);
  fs::permissions(copy, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  return copy;
}

void move_folder(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::rename(from, to, ec);
  if (!ec) return;
  if (ec != std::errc::cross_device_link) throw fs::filesystem_error("cannot move", from, to, ec);
  // Links were removed by sanitize(); should one be left, it is copied as a link, not followed.
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  fs::remove_all(from);
}

} // namespace collscope::grade
