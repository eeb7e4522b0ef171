#include "failure.hpp"

#include "collscope/grade/blocked_state.h"
#include "sandbox.hpp"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <regex>
#include <thread>
#include <vector>

namespace collscope::grade {

namespace fs = std::filesystem;

const char* to_string(Outcome outcome) {
  switch (outcome) {
  case Outcome::ok:
    return "ok";
  case Outcome::wrong:
    return "wrong result";
  case Outcome::error:
    return "returned an error";
  case Outcome::crashed:
    return "crashed";
  case Outcome::hung:
    return "hung";
  case Outcome::flood:
    return "output flood";
  case Outcome::memory:
    return "out of memory";
  case Outcome::not_run:
    return "not run";
  }
  return "?";
}

bool ends_run(Outcome outcome) {
  return outcome == Outcome::crashed || outcome == Outcome::hung || outcome == Outcome::flood ||
         outcome == Outcome::memory;
}

namespace {

std::map<int, collscope_grade_state> read_states(const fs::path& dir) {
  std::map<int, collscope_grade_state> states;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("blocked.", 0) != 0) continue;
    // Not followed if the submission replaced it with a link or a pipe.
    const std::optional<std::string> bytes =
        read_plain_file(entry.path(), sizeof(collscope_grade_state));
    collscope_grade_state s{};
    if (!bytes || bytes->size() < sizeof s) continue;
    std::memcpy(&s, bytes->data(), sizeof s);
    states[std::atoi(name.c_str() + 8)] = s;
  }
  return states;
}

std::string call_text(const collscope_grade_state& s) {
  const std::string peer = s.peer < 0 ? "any rank" : "rank " + std::to_string(s.peer);
  const std::string bytes =
      " (" + std::to_string(s.bytes) + " bytes, tag " + std::to_string(s.tag) + ")";
  switch (s.call) {
  case collscope_grade_call_send:
    return "MPI_Send to " + peer + bytes;
  case collscope_grade_call_send_sync:
    return "MPI_Send to " + peer + bytes + ", made synchronous";
  case collscope_grade_call_ssend:
    return "MPI_Ssend to " + peer + bytes;
  case collscope_grade_call_recv:
    return "MPI_Recv from " + peer;
  case collscope_grade_call_sendrecv:
    return "MPI_Sendrecv to " + peer + " / from rank " + std::to_string(s.peer2);
  case collscope_grade_call_wait:
    return "MPI_Wait";
  case collscope_grade_call_waitall:
    return "MPI_Waitall";
  case collscope_grade_call_probe:
    return "MPI_Probe from " + peer;
  }
  return "no MPI call";
}

} // namespace

std::string finalized_inside(const fs::path& state_dir, const std::string& function) {
  for (const auto& [rank, s] : read_states(state_dir))
    if (s.finalized)
      return "rank " + std::to_string(rank) + " called MPI_Finalize inside " + function +
             ": the harness cannot go on after it (MPI is finalized once, by the program's "
             "main, not by a collective)";
  return {};
}

namespace {

bool sends(const collscope_grade_state& s) {
  return s.call == collscope_grade_call_send || s.call == collscope_grade_call_send_sync ||
         s.call == collscope_grade_call_ssend || s.call == collscope_grade_call_sendrecv;
}

/// The world rank `s` sends to, or -2.
int send_target(const collscope_grade_state& s) {
  return sends(s) ? s.world_peer : -2;
}

/// The world rank `s` receives from (-1: any), or -2.
int receive_source(const collscope_grade_state& s) {
  if (s.call == collscope_grade_call_recv || s.call == collscope_grade_call_probe)
    return s.world_peer;
  if (s.call == collscope_grade_call_sendrecv) return s.world_peer2;
  return -2;
}

/// The states as one text when they show a deadlock that cannot end (see DeadlockWatch);
/// empty otherwise.
std::string stuck_key(const std::map<int, collscope_grade_state>& states, int world) {
  if (static_cast<int>(states.size()) != world) return {};
  bool inside = false;
  std::string key;
  for (const auto& [rank, s] : states) {
    key += std::to_string(rank) + ":" + std::to_string(s.phase) + "/" + std::to_string(s.call) +
           "/" + std::to_string(s.calls) + " ";
    if (s.phase == collscope_grade_phase_harness) continue;
    if (s.phase != collscope_grade_phase_submission || s.finalized) return {};
    // Computing, or waiting for requests the states do not name: not known to be stuck.
    if (receive_source(s) == -2 && send_target(s) == -2) return {};
    if (s.world_peer == -3 || s.world_peer2 == -3) return {};
    inside = true;
  }
  if (!inside) return {};
  // A send to a rank that receives from its sender (or from any rank) may be a transfer under
  // way, not a deadlock.
  for (const auto& [rank, s] : states) {
    if (s.phase != collscope_grade_phase_submission) continue;
    const int to = send_target(s);
    if (to < 0) continue;
    const auto peer = states.find(to);
    if (peer == states.end() || peer->second.phase != collscope_grade_phase_submission) continue;
    const int from = receive_source(peer->second);
    if (from == -1 || from == rank) return {};
  }
  return key;
}

} // namespace

bool DeadlockWatch::deadlocked() {
  const std::string key = stuck_key(read_states(dir_), world_);
  if (key.empty() || key != key_) {
    key_ = key;
    since_ = std::chrono::steady_clock::now();
    return false;
  }
  fired_ =
      fired_ ||
      std::chrono::duration<double>(std::chrono::steady_clock::now() - since_).count() >= seconds_;
  return fired_;
}

std::string describe_blocked(const fs::path& state_dir, bool sync_send) {
  const auto first = read_states(state_dir);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto second = read_states(state_dir);
  std::vector<std::string> blocked, spinning, computing;
  bool waits_on_send = false;
  for (const auto& [rank, s] : second) {
    if (s.phase != collscope_grade_phase_submission) continue;
    const auto before = first.find(rank);
    const bool moving = before != first.end() && before->second.calls != s.calls;
    const std::string who = "rank " + std::to_string(rank);
    if (s.call == collscope_grade_call_none)
      (moving ? spinning : computing).push_back(who);
    else if (moving)
      spinning.push_back(who);
    else
      blocked.push_back(who + " waits in " + call_text(s));
    waits_on_send = waits_on_send || s.call == collscope_grade_call_send_sync ||
                    s.call == collscope_grade_call_ssend || s.call == collscope_grade_call_send;
  }
  std::string text;
  const auto join = [](const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < 4; ++i) out += (i ? ", " : "") + items[i];
    if (items.size() > 4)
      out += " and " + std::to_string(items.size() - 4) + " more ranks like them";
    return out;
  };
  if (!blocked.empty()) {
    text = (computing.empty() && spinning.empty() ? "deadlock: " : "") + join(blocked);
    if (sync_send && waits_on_send && computing.empty() && spinning.empty())
      text += ". With synchronous sends nobody posted the matching receive: the code relies "
              "on MPI buffering the message (Open MPI does so for small messages, the MPI "
              "standard does not promise it)";
  }
  if (!computing.empty())
    text += (text.empty() ? "" : "; ") + join(computing) +
            (computing.size() > 1 ? " run" : " runs") +
            " your code without calling MPI (an endless loop?)";
  if (!spinning.empty())
    text += (text.empty() ? "" : "; ") + join(spinning) +
            " keep calling MPI without finishing (busy waiting for something that never comes?)";
  return text;
}

Failure classify(const RunResult& run, const std::string& blocked, const std::string& incomplete,
                 double stall_seconds, double wall_seconds, long long memory_mb,
                 long long output_kb) {
  const std::string& out = run.output;
  std::string window;
  std::smatch m;
  // The pattern is searched in a short window after each place its fixed start occurs, so
  // that a long output never makes the regex engine (recursive in libstdc++) run deep.
  const auto found = [&](const char* anchor, const char* pattern) {
    const std::regex re(pattern);
    for (std::size_t at = out.find(anchor); at != std::string::npos;
         at = out.find(anchor, at + 1)) {
      window = out.substr(at, 1200);
      if (std::regex_search(window, m, re)) return true;
    }
    return false;
  };
  char text[200];
  // Out of memory first: the allocation that failed throws std::bad_alloc, which ends in
  // abort() (SIGABRT) — named as a crash below if the other ranks were left waiting, which
  // depends on how soon mpirun notices (it made this test flaky).
  if (run.stop != RunResult::Stop::flood &&
      (out.find("collscope-grade: out of memory") != std::string::npos ||
       out.find("std::bad_alloc") != std::string::npos)) {
    std::snprintf(text, sizeof text, "memory limit exceeded (%lld MB per process)", memory_mb);
    return {Outcome::memory, text};
  }
  // A rank killed by a signal while the others wait for it (the run then stalls) is a crash,
  // not a hang (the tracer notes the signal in INCOMPLETE before the process dies; the
  // grader's own stop is SIGTERM). Only the checked pieces are quoted.
  static const std::regex killed(R"(rank (\d{1,6}) was killed by (SIG(SEGV|BUS|ABRT)) )");
  if (std::smatch k; run.stop != RunResult::Stop::none && run.stop != RunResult::Stop::flood &&
                     std::regex_search(incomplete, k, killed)) {
    const std::string name = k[2].str() == "SIGSEGV"  ? "segmentation fault"
                             : k[2].str() == "SIGBUS" ? "bus error"
                                                      : "abort: a failed check of the C library, "
                                                        "e.g. a corrupted heap";
    return {Outcome::crashed, "rank " + k[1].str() + " was killed by " + k[2].str() + " (" + name +
                                  "); the other ranks then waited for it until the run was "
                                  "stopped"};
  }
  if (run.stop == RunResult::Stop::stall) {
    std::snprintf(text, sizeof text, "hang: no progress for %.0f s", stall_seconds);
    return {Outcome::hung, text + (blocked.empty() ? std::string() : " — " + blocked)};
  }
  if (run.stop == RunResult::Stop::wall) {
    std::snprintf(text, sizeof text, "the run exceeded its time limit of %.0f s", wall_seconds);
    return {Outcome::hung, text};
  }
  if (run.stop == RunResult::Stop::flood) {
    std::snprintf(text, sizeof text, "output flood: more than %lld KB on stdout/stderr", output_kb);
    return {Outcome::flood, text};
  }
  if (run.stop == RunResult::Stop::asked)
    return {Outcome::crashed, "the run could not go on and was stopped"};
  if (found("MPI_ABORT was invoked",
            R"(^MPI_ABORT was invoked on rank (\d{1,6})[\s\S]{0,400}?errorcode (-?\d{1,10}))"))
    return {Outcome::crashed,
            "rank " + m[1].str() + " called MPI_Abort (error code " + m[2].str() + ")"};
  if (found(
          "An error occurred in",
          R"(^An error occurred in (MPI_\w{1,40})[\s\S]{0,600}?\*\*\* (MPI_ERR_\w{1,40}: [ -~]{0,100}))"))
    return {Outcome::crashed,
            "MPI error in " + m[1].str() + ": " + m[2].str() + " (the job was aborted)"};
  if (found(
          "process rank",
          R"(^process rank (\d{1,6}) with PID \d+ on node \S+ exited on signal (\d{1,3}) \(([A-Za-z -]{1,40})\))"))
    return {Outcome::crashed,
            "rank " + m[1].str() + " was killed by signal " + m[2].str() + " (" + m[3].str() + ")"};
  if (found("process rank",
            R"(^process rank (\d{1,6}) with PID \d+ on node \S+ exiting\s+improperly)") ||
      found("rank", R"(^rank (\d{1,6}) with PID \d+ on node \S+ exited[^\n]{0,200}non-zero)"))
    return {Outcome::crashed,
            "rank " + m[1].str() + " exited in the middle of the run (exit without MPI_Finalize)"};
  if (!incomplete.empty()) return {Outcome::crashed, incomplete.substr(0, 200)};
  if (run.stop == RunResult::Stop::orphaned)
    return {Outcome::crashed, "the ranks exited before the end of the run, and a process the "
                              "submission started kept mpirun waiting for its output"};
  if (run.signal != 0) {
    std::snprintf(text, sizeof text, "mpirun was killed by signal %d", run.signal);
    return {Outcome::crashed, text};
  }
  std::snprintf(text, sizeof text, "the run failed (exit status %d)", run.exit_code);
  return {Outcome::crashed, text};
}

} // namespace collscope::grade
