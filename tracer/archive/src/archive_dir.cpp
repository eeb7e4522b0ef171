#include "collscope/archive/archive_dir.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

namespace collscope::rec {
namespace {

int remove_entry(const char* path, const struct stat*, int, struct FTW*) {
  return ::remove(path);
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

} // namespace

bool remove_tree(const std::string& path) {
  if (!exists(path)) return true;
  ::nftw(path.c_str(), remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  return !exists(path);
}

bool make_dir(const std::string& path, std::string& error) {
  if (::mkdir(path.c_str(), 0777) == 0) return true;
  struct stat st {};
  if (errno == EEXIST && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return true;
  error = std::strerror(errno);
  return false;
}

void write_incomplete(const std::string& partial_dir, const std::string& reason, bool exclusive) {
  const std::string path = partial_dir + "/INCOMPLETE";
  const int flags = O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC);
  const int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) return;
  const std::string line = reason + "\n";
  [[maybe_unused]] const ssize_t n = ::write(fd, line.data(), line.size());
  ::close(fd);
}

std::string publish(const std::string& partial_dir, const std::string& final_dir) {
  if (!remove_tree(final_dir)) return "cannot remove the older " + final_dir;
  if (::rename(partial_dir.c_str(), final_dir.c_str()) != 0)
    return "cannot rename " + partial_dir + " to " + final_dir + ": " + std::strerror(errno);
  return {};
}

} // namespace collscope::rec
