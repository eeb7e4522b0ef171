#include "process.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <grp.h>
#include <map>
#include <poll.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace collscope::grade {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t head_keep = 16 << 10;
constexpr std::size_t tail_keep = 48 << 10;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

long long file_size(const std::string& path) {
  struct stat st {};
  return path.empty() || ::stat(path.c_str(), &st) != 0 ? -1 : static_cast<long long>(st.st_size);
}

int session_of(const char* pid) {
  std::ifstream stat(std::string("/proc/") + pid + "/stat");
  std::string text;
  std::getline(stat, text);
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return -1;
  char state = 0;
  int ppid = 0, pgrp = 0, session = -1;
  if (std::sscanf(text.c_str() + close + 1, " %c %d %d %d", &state, &ppid, &pgrp, &session) != 4)
    return -1;
  return session;
}

/// The launcher among `root`'s descendants (the process called `launcher`): how many children
/// it has, and how many processes of the tree are neither it, its children's trees, nor its
/// ancestors (a daemon a rank started and left, reparented to the sandbox's first process).
struct LauncherView {
  bool found = false;
  int children = 0;
  int outside = 0;
};

LauncherView view_launcher(pid_t root, const std::string& launcher) {
  std::map<int, std::vector<int>> children;
  std::map<int, int> parent;
  std::map<int, std::string> names;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return {};
  while (const dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
    std::string text;
    std::getline(stat, text);
    const std::size_t open = text.find('('), close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open) continue;
    char state = 0;
    int ppid = 0;
    if (std::sscanf(text.c_str() + close + 1, " %c %d", &state, &ppid) != 2) continue;
    if (state == 'Z') continue; // exited, not yet reaped
    const int pid = std::atoi(entry->d_name);
    children[ppid].push_back(pid);
    parent[pid] = ppid;
    names[pid] = text.substr(open + 1, close - open - 1);
  }
  ::closedir(proc);
  // The kernel keeps 15 characters of a program's name.
  const std::string name = launcher.substr(0, 15);
  std::vector<int> tree, todo{static_cast<int>(root)};
  int found = -1;
  while (!todo.empty()) {
    const int pid = todo.back();
    todo.pop_back();
    tree.push_back(pid);
    if (found < 0 && names[pid] == name) found = pid;
    for (const int c : children[pid]) todo.push_back(c);
  }
  LauncherView view;
  if (found < 0) return view;
  view.found = true;
  view.children = static_cast<int>(children[found].size());
  std::vector<int> mine; // the launcher, its ancestors up to root, its descendants
  for (int pid = found; pid != static_cast<int>(root) && parent.count(pid); pid = parent[pid])
    mine.push_back(pid);
  mine.push_back(static_cast<int>(root));
  for (std::vector<int> below{found}; !below.empty();) {
    const int pid = below.back();
    below.pop_back();
    for (const int c : children[pid]) mine.push_back(c), below.push_back(c);
  }
  for (const int pid : tree)
    if (std::find(mine.begin(), mine.end(), pid) == mine.end()) ++view.outside;
  return view;
}

[[noreturn]] void exec_child(const std::vector<std::string>& argv,
                             const std::vector<std::string>& environment, const RunLimits& limits,
                             int out) {
  ::setsid();
  ::dup2(out, 1);
  ::dup2(out, 2);
  const int null = ::open("/dev/null", O_RDONLY);
  if (null >= 0) ::dup2(null, 0);
  const auto limit = [](int resource, long long value) {
    const rlimit r{static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
    ::setrlimit(resource, &r);
  };
  if (limits.memory_bytes > 0) limit(RLIMIT_DATA, limits.memory_bytes);
  if (limits.file_bytes > 0) limit(RLIMIT_FSIZE, limits.file_bytes);
  limit(RLIMIT_CORE, 0);
  if (!limits.workdir.empty() && ::chdir(limits.workdir.c_str()) != 0) ::_exit(126);
  if (limits.uid >= 0 &&
      (::setgroups(0, nullptr) != 0 || ::setgid(static_cast<gid_t>(limits.gid)) != 0 ||
       ::setuid(static_cast<uid_t>(limits.uid)) != 0)) {
    const std::string why =
        std::string("cannot switch to the sandbox's user: ") + std::strerror(errno) + "\n";
    [[maybe_unused]] const auto n = ::write(2, why.data(), why.size());
    ::_exit(126);
  }
  for (const std::string& assignment : environment) ::putenv(const_cast<char*>(assignment.c_str()));
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  ::execvp(args[0], args.data());
  const std::string why = "cannot run " + argv[0] + ": " + std::strerror(errno) + "\n";
  [[maybe_unused]] const auto n = ::write(2, why.data(), why.size());
  ::_exit(127);
}

class Output {
public:
  void add(const char* data, std::size_t n) {
    total_ += static_cast<long long>(n);
    const std::size_t room = head_.size() < head_keep ? head_keep - head_.size() : 0;
    const std::size_t to_head = std::min(room, n);
    head_.append(data, to_head);
    tail_.append(data + to_head, n - to_head);
    if (tail_.size() > 2 * tail_keep) tail_.erase(0, tail_.size() - tail_keep);
  }
  std::string text() const {
    if (tail_.size() <= tail_keep &&
        total_ == static_cast<long long>(head_.size()) + static_cast<long long>(tail_.size()))
      return head_ + tail_;
    return head_ + "\n[… output cut …]\n" +
           tail_.substr(tail_.size() > tail_keep ? tail_.size() - tail_keep : 0);
  }
  long long total() const { return total_; }

private:
  std::string head_, tail_;
  long long total_ = 0;
};

} // namespace

int signal_session(int sid, int signal) {
  int found = 0;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return 0;
  while (const dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    if (session_of(entry->d_name) != sid) continue;
    ++found;
    ::kill(static_cast<pid_t>(std::atoi(entry->d_name)), signal);
  }
  ::closedir(proc);
  return found;
}

RunResult run_process(const std::vector<std::string>& argv,
                      const std::vector<std::string>& environment, const RunLimits& limits,
                      const std::function<void()>& tick, const std::function<void()>& before_stop,
                      const std::function<bool()>& stop_when) {
  RunResult result;
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) {
    result.started = false;
    return result;
  }
  const Clock::time_point start = Clock::now();
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(pipe_fds[0]);
    exec_child(argv, environment, limits, pipe_fds[1]);
  }
  ::close(pipe_fds[1]);
  const int in = pipe_fds[0];
  ::fcntl(in, F_SETFL, O_NONBLOCK);
  Output output;
  long long watched = -1;
  Clock::time_point last_growth = start, last_tick = start, last_with_children = start;
  int status = 0;
  bool exited = false, open_pipe = true, launched = false;
  char buffer[1 << 14];
  while (!exited) {
    pollfd p{in, POLLIN, 0};
    if (open_pipe && ::poll(&p, 1, 50) > 0) {
      ssize_t n = 0;
      while ((n = ::read(in, buffer, sizeof buffer)) > 0)
        output.add(buffer, static_cast<std::size_t>(n));
      if (n == 0) open_pipe = false;
    } else if (!open_pipe) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    exited = ::waitpid(child, &status, WNOHANG) == child;
    if (exited) break;
    if (const long long size = file_size(limits.watch_file); size != watched) {
      watched = size;
      last_growth = Clock::now();
    }
    if (output.total() > limits.output_bytes)
      result.stop = RunResult::Stop::flood;
    else if (since(start) > limits.wall_seconds)
      result.stop = RunResult::Stop::wall;
    else if (limits.stall_seconds > 0 &&
             since(last_growth) > (watched < 0 ? limits.startup_seconds : limits.stall_seconds))
      result.stop = RunResult::Stop::stall;
    if (result.stop != RunResult::Stop::none) break;
    if (since(last_tick) > 0.1) {
      last_tick = Clock::now();
      if (tick) tick();
      if (stop_when && stop_when()) {
        result.stop = RunResult::Stop::asked;
        break;
      }
      if (!limits.launcher.empty()) {
        const LauncherView v = view_launcher(child, limits.launcher);
        if (v.children > 0 || v.outside == 0) {
          launched = launched || v.children > 0;
          last_with_children = Clock::now();
        } else if (launched && since(last_with_children) > limits.orphan_seconds) {
          result.stop = RunResult::Stop::orphaned;
          break;
        }
      }
    }
  }
  if (!exited) {
    if (before_stop) before_stop();
    signal_session(child, SIGTERM);
    for (int i = 0; i < 40 && !exited; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      exited = ::waitpid(child, &status, WNOHANG) == child;
    }
    signal_session(child, SIGKILL);
    if (!exited) ::waitpid(child, &status, 0);
  }
  // Ranks that outlived mpirun (they are still in its session) must not outlive the grade.
  if (signal_session(child, SIGKILL) > 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ssize_t n = 0;
  while ((n = ::read(in, buffer, sizeof buffer)) > 0)
    output.add(buffer, static_cast<std::size_t>(n));
  ::close(in);
  result.output = output.text();
  result.output_total = output.total();
  result.seconds = since(start);
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  if (result.exit_code == 127 && result.output.find("cannot run ") == 0) result.started = false;
  return result;
}

} // namespace collscope::grade
