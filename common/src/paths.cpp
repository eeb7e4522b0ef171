// The layout is described in collscope/paths.hpp; cmake/install.cmake installs by it and makes
// the build tree follow it.
#include "collscope/paths.hpp"

#include <cstdlib>
#include <string>
#include <system_error>

namespace collscope::paths {

namespace fs = std::filesystem;

fs::path self() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe;
}

fs::path prefix() {
  if (const char* forced = std::getenv("COLLSCOPE_PREFIX"); forced != nullptr && *forced)
    return fs::path(forced);
  const fs::path dir = self().parent_path();
  if (dir.empty()) return fs::current_path();
  // PREFIX/libexec/collscope/PROGRAM, else PREFIX/bin/PROGRAM (or any folder of programs).
  if (dir.filename() == "collscope" && dir.parent_path().filename() == "libexec")
    return dir.parent_path().parent_path();
  return dir.parent_path();
}

fs::path lib_dir() {
  return prefix() / "lib";
}

fs::path data_dir() {
  return prefix() / "share" / "collscope";
}

fs::path data(std::string_view relative) {
  const fs::path path = data_dir() / relative;
  std::error_code ec;
  fs::path real = fs::weakly_canonical(path, ec);
  return ec ? path : real;
}

fs::path library(std::string_view file) {
  return lib_dir() / file;
}

fs::path program(std::string_view name) {
  const fs::path root = prefix();
  for (const fs::path& dir : {self().parent_path(), root / "libexec" / "collscope", root / "bin"}) {
    if (dir.empty()) continue;
    std::error_code ec;
    const fs::path candidate = dir / name;
    if (fs::is_regular_file(candidate, ec)) return candidate;
  }
  return {};
}

} // namespace collscope::paths
