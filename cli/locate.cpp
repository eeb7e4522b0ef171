#include "locate.hpp"

#include <system_error>
#include <unistd.h>

namespace collscope::front {

namespace fs = std::filesystem;

fs::path self() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe;
}

namespace {

bool runnable(const fs::path& file) {
  std::error_code ec;
  return fs::is_regular_file(file, ec) && ::access(file.c_str(), X_OK) == 0;
}

} // namespace

fs::path locate(const Subcommand& sub) {
  const fs::path dir = self().parent_path();
  for (std::string_view name : sub.installed)
    if (fs::path file = dir / ".." / "libexec" / "collscope" / name; runnable(file))
      return file.lexically_normal();
  for (std::string_view name : sub.built)
    if (fs::path file = dir / name; runnable(file)) return file;
#ifdef COLLSCOPE_SOURCE_SCRIPTS
  for (std::string_view name : sub.built)
    if (fs::path file = fs::path(COLLSCOPE_SOURCE_SCRIPTS) / name; runnable(file)) return file;
#endif
  return {};
}

fs::path library(std::string_view file) {
  const fs::path path = (self().parent_path() / ".." / "lib" / file).lexically_normal();
  std::error_code ec;
  return fs::exists(path, ec) ? path : fs::path();
}

} // namespace collscope::front
