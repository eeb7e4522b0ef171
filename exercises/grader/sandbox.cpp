#include "sandbox.hpp"

#include "exercise.hpp"
#include "process.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace collscope::grade {

namespace fs = std::filesystem;

namespace {

constexpr int nobody = 65534;

/// Both forms of a path: as given and with links resolved, since a bind mount hides only
/// the path it is given.
std::vector<fs::path> both_forms(const fs::path& path) {
  std::vector<fs::path> out{fs::absolute(path).lexically_normal()};
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (!ec && real != out.front()) out.push_back(real);
  return out;
}

} // namespace

Sandbox make_sandbox(bool enabled, std::vector<fs::path> hidden, std::vector<fs::path> readable) {
  Sandbox s;
  s.enabled = enabled;
  if (const char* bwrap = std::getenv("COLLSCOPE_GRADE_BWRAP"); bwrap && *bwrap) s.bwrap = bwrap;
  if (const char* home = std::getenv("HOME"); home && *home && fs::path(home) != "/")
    hidden.emplace_back(home);
  for (const char* homes : {"/root", "/home"}) hidden.emplace_back(homes);
  // The system stays visible whatever folder a submission was handed in from.
  const auto system = [](const fs::path& p) {
    static const std::vector<fs::path> kept{"/",    "/usr",   "/etc", "/bin", "/sbin",
                                            "/lib", "/lib64", "/opt", "/var", "/proc",
                                            "/dev", "/sys",   "/tmp"};
    for (const fs::path& k : kept)
      if (p == k || k.string().rfind(p.string() + "/", 0) == 0) return true;
    return p.string().rfind("/usr/", 0) == 0 || p.string().rfind("/etc/", 0) == 0;
  };
  for (const fs::path& h : hidden)
    for (const fs::path& p : both_forms(h))
      if (fs::is_directory(p) && !system(p)) s.hidden.push_back(p);
  for (const fs::path& r : readable)
    for (const fs::path& p : both_forms(r))
      if (fs::exists(p)) s.readable.push_back(p);
  // Parents before children: a folder hidden after one inside it would hide that one again.
  std::sort(s.hidden.begin(), s.hidden.end());
  s.hidden.erase(std::unique(s.hidden.begin(), s.hidden.end()), s.hidden.end());
  if (enabled && ::geteuid() == 0) s.uid = s.gid = nobody;
  return s;
}

Sandbox::Command Sandbox::wrap(const std::vector<std::string>& argv,
                               const std::vector<std::string>& environment,
                               const fs::path& scratch) const {
  if (!enabled) return {argv, environment};
  std::vector<std::string> w{bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                             // Private temporary folders; /run holds the system's sockets.
                             "--tmpfs", "/tmp", "--tmpfs", "/var/tmp", "--tmpfs", "/run"};
  for (const fs::path& h : hidden) w.insert(w.end(), {"--tmpfs", h.string()});
  for (const fs::path& r : readable) w.insert(w.end(), {"--ro-bind", r.string(), r.string()});
  const std::string dir = fs::absolute(scratch).lexically_normal().string();
  w.insert(w.end(), {"--bind", dir, dir, "--chdir", dir, "--unshare-all", "--die-with-parent",
                     "--new-session", "--clearenv", "--setenv", "HOME", dir, "--setenv", "TMPDIR",
                     "/tmp", "--setenv", "LANG", "C.UTF-8"});
  if (const char* path = std::getenv("PATH")) w.insert(w.end(), {"--setenv", "PATH", path});
  for (const std::string& assignment : environment) {
    const std::size_t eq = assignment.find('=');
    if (eq == std::string::npos) continue;
    w.insert(w.end(), {"--setenv", assignment.substr(0, eq), assignment.substr(eq + 1)});
  }
  w.emplace_back("--");
  w.insert(w.end(), argv.begin(), argv.end());
  return {w, {}};
}

void Sandbox::prepare(const fs::path& scratch) const {
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  // The sandbox's user must be able to reach its folder from the root.
  if (enabled && uid >= 0)
    for (fs::path p = fs::absolute(scratch).parent_path(); !p.empty() && p != p.root_path();
         p = p.parent_path()) {
      struct stat st {};
      if (::stat(p.c_str(), &st) == 0 && (st.st_mode & S_IXOTH) == 0)
        throw ExerciseError("the sandbox's user (nobody) cannot enter " + p.string() +
                            ": make it searchable (chmod o+x) or set TMPDIR to a folder it may "
                            "enter");
    }
  if (enabled && uid >= 0 &&
      ::chown(scratch.c_str(), static_cast<uid_t>(uid), static_cast<gid_t>(gid)) != 0)
    throw fs::filesystem_error("cannot hand the scratch folder to the sandbox's user", scratch,
                               std::error_code(errno, std::generic_category()));
}

std::string sandbox_problem(const Sandbox& sandbox) {
  if (!sandbox.enabled) return {};
  const fs::path probe =
      fs::temp_directory_path() / ("collscope-grade-probe-" + std::to_string(::getpid()));
  sandbox.prepare(probe);
  const Sandbox::Command c = sandbox.wrap({"true"}, {}, probe);
  RunLimits limits;
  limits.wall_seconds = 30;
  limits.uid = sandbox.uid;
  limits.gid = sandbox.gid;
  const RunResult r = run_process(c.argv, c.environment, limits);
  fs::remove_all(probe);
  if (r.exit_code == 0) return {};
  std::string why = r.output;
  while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
  if (const std::size_t nl = why.rfind('\n'); nl != std::string::npos) why = why.substr(nl + 1);
  if (!r.started && why.find("No such file or directory") != std::string::npos)
    why = "bubblewrap ('" + sandbox.bwrap + "') is not installed (Debian package bubblewrap)";
  return "cannot create the sandbox for submissions: " + (why.empty() ? "bwrap failed" : why) +
         "; grade where bubblewrap may create namespaces, or pass --unsafe-no-sandbox to run "
         "submissions unconfined";
}

int sanitize(const fs::path& dir) {
  int removed = 0;
  std::error_code ec;
  std::vector<fs::path> doomed;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    const fs::file_status st = it->symlink_status();
    if (fs::is_directory(st)) continue;
    if (!fs::is_regular_file(st) || it->hard_link_count() > 1) doomed.push_back(it->path());
  }
  for (const fs::path& p : doomed) removed += fs::remove(p, ec) ? 1 : 0;
  return removed;
}

std::optional<std::string> read_plain_file(const fs::path& file, std::size_t limit) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return std::nullopt;
  }
  std::string text;
  char buffer[1 << 16];
  ssize_t n = 0;
  while (text.size() < limit && (n = ::read(fd, buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(std::min<std::size_t>(static_cast<std::size_t>(n),
                                                                       limit - text.size())));
  ::close(fd);
  return text;
}

} // namespace collscope::grade
