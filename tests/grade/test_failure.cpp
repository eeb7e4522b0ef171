// Naming what ended a run, from mpirun's output and the ranks' blocked-call states.
#include "collscope/grade/blocked_state.h"
#include "failure.hpp"
#include "report_text.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

using namespace collscope::grade;
namespace fs = std::filesystem;

namespace {

Failure named(const std::string& output, int exit_code = 1) {
  RunResult run;
  run.output = output;
  run.exit_code = exit_code;
  return classify(run, "", "", 5, 60, 512, 512);
}

void write_state(const fs::path& dir, int rank, collscope_grade_state s) {
  std::ofstream(dir / ("blocked." + std::to_string(rank)), std::ios::binary)
      .write(reinterpret_cast<const char*>(&s), sizeof s);
}

} // namespace

TEST_CASE("crashes, aborts, MPI errors and lack of memory are named from mpirun's output",
          "[failure]") {
  CHECK(named("mpirun noticed that process rank 3 with PID 123 on node vm exited on signal 11 "
              "(Segmentation fault).")
            .what == "rank 3 was killed by signal 11 (Segmentation fault)");
  CHECK(named("MPI_ABORT was invoked on rank 2 in communicator MPI COMMUNICATOR 3\nwith errorcode "
              "7.\n")
            .what == "rank 2 called MPI_Abort (error code 7)");
  CHECK(named("*** An error occurred in MPI_Recv\n*** reported by process [1,0]\n*** on "
              "communicator MPI_COMM_WORLD\n*** MPI_ERR_TRUNCATE: message truncated\n")
            .what ==
        "MPI error in MPI_Recv: MPI_ERR_TRUNCATE: message truncated (the job was aborted)");
  const Failure oom = named("terminate called after throwing an instance of 'std::bad_alloc'");
  CHECK(oom.outcome == Outcome::memory);
  CHECK(oom.what == "memory limit exceeded (512 MB per process)");
  RunResult quiet;
  quiet.exit_code = 3;
  CHECK(classify(quiet, "", "rank 0 called MPI_Abort with error code 3", 5, 60, 512, 512).what ==
        "rank 0 called MPI_Abort with error code 3");
  CHECK(named("", 9).what == "the run failed (exit status 9)");
}

TEST_CASE("stopped runs: hang, time limit, flood", "[failure]") {
  RunResult run;
  run.stop = RunResult::Stop::stall;
  const Failure hang =
      classify(run, "deadlock: rank 0 waits in MPI_Recv from rank 1", "", 4, 60, 512, 512);
  CHECK(hang.outcome == Outcome::hung);
  CHECK(hang.what == "hang: no progress for 4 s — deadlock: rank 0 waits in MPI_Recv from rank 1");
  // A rank that died by a signal while the others waited (a heap overflow caught by glibc's
  // abort) is a crash with its signal, not "an endless loop?".
  const Failure abort =
      classify(run, "rank 1 runs your code without calling MPI (an endless loop?)",
               "rank 1 was killed by SIGABRT (abort) before MPI_Finalize", 4, 60, 512, 512);
  CHECK(abort.outcome == Outcome::crashed);
  CHECK_THAT(abort.what, Catch::StartsWith("rank 1 was killed by SIGABRT"));
  CHECK_THAT(abort.what, !Catch::Contains("endless loop"));
  // A rank out of memory ends in abort() too (std::bad_alloc uncaught): the memory limit is
  // named whether mpirun ended the job or the other ranks were left waiting until the stall.
  RunResult oom = run;
  oom.output = "collscope-grade: out of memory: an allocation of 67108864 bytes failed (memory "
               "limit)\nterminate called after throwing an instance of 'std::bad_alloc'\n";
  const Failure memory = classify(
      oom, "", "rank 0 was killed by SIGABRT (abort) before MPI_Finalize", 4, 60, 512, 512);
  CHECK(memory.outcome == Outcome::memory);
  CHECK(memory.what == "memory limit exceeded (512 MB per process)");
  // The grader's own stop is SIGTERM: still a hang.
  CHECK(classify(run, "", "rank 0 was killed by SIGTERM (terminated) before MPI_Finalize", 4, 60,
                 512, 512)
            .outcome == Outcome::hung);
  run.stop = RunResult::Stop::wall;
  CHECK(classify(run, "", "", 4, 60, 512, 512).what == "the run exceeded its time limit of 60 s");
  run.stop = RunResult::Stop::flood;
  CHECK(classify(run, "", "", 4, 60, 512, 512).outcome == Outcome::flood);
}

TEST_CASE("blocked-call states describe a deadlock and an endless loop", "[failure]") {
  const fs::path dir = fs::temp_directory_path() / "collscope-grade-states";
  fs::remove_all(dir);
  fs::create_directories(dir);
  write_state(dir, 0,
              {collscope_grade_phase_submission, collscope_grade_call_send_sync, 1, -1, 5, 3, 400,
               0, 1, -2});
  write_state(dir, 1,
              {collscope_grade_phase_submission, collscope_grade_call_send_sync, 0, -1, 5, 3, 400,
               0, 0, -2});
  write_state(
      dir, 2,
      {collscope_grade_phase_harness, collscope_grade_call_none, -1, -1, 0, 0, 0, 0, -2, -2});
  const std::string deadlock = describe_blocked(dir, true);
  CHECK_THAT(deadlock,
             Catch::StartsWith("deadlock: rank 0 waits in MPI_Send to rank 1 (400 bytes, "
                               "tag 5), made synchronous, rank 1 waits in MPI_Send to rank 0"));
  CHECK_THAT(deadlock, Catch::Contains("relies on MPI buffering"));
  write_state(
      dir, 1,
      {collscope_grade_phase_submission, collscope_grade_call_none, -1, -1, 0, 9, 0, 0, -2, -2});
  const std::string loop = describe_blocked(dir, false);
  CHECK_THAT(loop, Catch::Contains("rank 1 runs your code without calling MPI (an endless loop?)"));
  CHECK_THAT(loop, !Catch::StartsWith("deadlock"));
  CHECK(finalized_inside(dir, "MY_Gather").empty());
  write_state(
      dir, 1,
      {collscope_grade_phase_submission, collscope_grade_call_none, -1, -1, 0, 9, 0, 1, -2, -2});
  CHECK(finalized_inside(dir, "MY_Gather") ==
        "rank 1 called MPI_Finalize inside MY_Gather: the harness cannot go on after it (MPI is "
        "finalized once, by the program's main, not by a collective)");
  fs::remove_all(dir);
}

TEST_CASE("output that imitates Open MPI's errors is quoted only in checked pieces", "[failure]") {
  RunResult run;
  run.exit_code = 1;
  // A submission prints a file's lines in the shape of an MPI error report.
  std::string forged = "An error occurred in MPI_Secret\n*** MPI_ERR_OTHER: ";
  for (int i = 0; i < 40; ++i) forged += "line " + std::to_string(i) + " of reference.cpp; ";
  run.output = forged + "\n";
  const Failure f = classify(run, "", "", 4, 60, 512, 512);
  CHECK(f.what.size() < 200);
  CHECK(f.what.find("line 39") == std::string::npos);
  // A long output with no anchor at all is searched without trouble.
  run.output = std::string(1 << 20, 'x');
  CHECK(classify(run, "", "", 4, 60, 512, 512).what == "the run failed (exit status 1)");
}

TEST_CASE("a report's cell is shortened between characters, never inside one") {
  using collscope::grade::shortened;
  CHECK(shortened("short", 160) == "short");
  // "₀" is three bytes (5 … 7 of the text): cuts inside it keep "x = B", cuts after it keep it.
  const std::string text = "x = B₀ + 1";
  CHECK(shortened(text, 7) == "x = ...");
  CHECK(shortened(text, 9) == "x = B...");
  CHECK(shortened(text, 10) == "x = B...");
  CHECK(shortened(text, 11) == "x = B₀...");
  for (std::size_t n = 3; n < text.size(); ++n) {
    const std::string cut = shortened(text, n);
    CHECK(cut.size() <= n);
    // Valid UTF-8 ends with a whole character: no lead byte without its continuation bytes.
    const std::string kept = cut.substr(0, cut.size() - 3);
    CHECK(text.compare(0, kept.size(), kept) == 0);
    if (!kept.empty()) CHECK((static_cast<unsigned char>(text[kept.size()]) & 0xC0) != 0x80);
  }
}

TEST_CASE("a deadlock no call can leave is seen from the states, a transfer under way is not",
          "[failure]") {
  const fs::path dir = fs::temp_directory_path() / "collscope-grade-deadlock-watch";
  fs::remove_all(dir);
  fs::create_directories(dir);
  using S = collscope_grade_state;
  const auto recv = [](int from, int calls) {
    return S{collscope_grade_phase_submission,
             collscope_grade_call_recv,
             from,
             -1,
             0,
             calls,
             4,
             0,
             from,
             -2};
  };
  const auto send = [](int to, int calls) {
    return S{collscope_grade_phase_submission,
             collscope_grade_call_send,
             to,
             -1,
             0,
             calls,
             4,
             0,
             to,
             -2};
  };
  const S harness{
      collscope_grade_phase_harness, collscope_grade_call_none, -1, -1, 0, 0, 0, 0, -2, -2};
  const auto watched = [&](int world) {
    DeadlockWatch watch(dir, world, 0.3);
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(600)) {
      if (watch.deadlocked()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  };
  // Ranks 0 and 1 each receive from the other; rank 2 is back in the harness.
  write_state(dir, 0, recv(1, 3));
  write_state(dir, 1, recv(0, 3));
  write_state(dir, 2, harness);
  CHECK(watched(3));
  // A rank whose state is missing (not started, or the world is larger): not known.
  CHECK(!watched(4));
  // Rank 1 sends to rank 0, which receives from it: a transfer under way.
  write_state(dir, 1, send(0, 3));
  CHECK(!watched(3));
  // ... also when rank 0 receives from any rank.
  write_state(dir, 0, recv(-1, 3));
  CHECK(!watched(3));
  // Rank 1 sends to rank 0, which waits for rank 2 (in the harness): stuck.
  write_state(dir, 0, recv(2, 3));
  CHECK(watched(3));
  // A rank computing, or waiting on requests: left to the stall limit.
  write_state(
      dir, 1,
      S{collscope_grade_phase_submission, collscope_grade_call_none, -1, -1, 0, 3, 0, 0, -2, -2});
  CHECK(!watched(3));
  write_state(dir, 1,
              S{collscope_grade_phase_submission, collscope_grade_call_waitall, -1, -1, 0, 3, 2, 0,
                -3, -3});
  CHECK(!watched(3));
  // A peer in a communicator the shim could not translate: not known.
  S unknown = recv(0, 3);
  unknown.world_peer = -3;
  write_state(dir, 1, unknown);
  CHECK(!watched(3));
  // Every rank in the harness: nothing of the submission is stuck.
  for (int r = 0; r < 3; ++r) write_state(dir, r, harness);
  CHECK(!watched(3));
  fs::remove_all(dir);
}
