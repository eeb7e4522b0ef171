// The trace's line on threads (COLLSCOPE::THREADS), from the ranks' summaries.
#include "threads_note.hpp"

#include <catch2/catch.hpp>

using collscope::rec::RankSummary;
using collscope::rec::threads_note;

namespace {

RankSummary rank(std::uint32_t r, bool multiple, std::uint64_t calls = 0) {
  RankSummary s;
  s.rank = r;
  if (multiple) s.thread_level = 3;
  s.other_thread_calls = calls;
  return s;
}

const std::string head =
    "MPI_THREAD_MULTIPLE: only the thread that called MPI_Init_thread is recorded; ";
const std::string tail = " from other threads, which are not (their messages are missing, or "
                         "unmatched where the other side was recorded)";

} // namespace

TEST_CASE("threads note: nothing to say unless a rank ran under MPI_THREAD_MULTIPLE") {
  CHECK(threads_note({}).empty());
  CHECK(threads_note({rank(0, false), rank(1, false)}).empty());
}

TEST_CASE("threads note: MPI_THREAD_MULTIPLE with no call from another thread") {
  CHECK(threads_note({rank(0, true), rank(1, true)}) ==
        head + "no other thread made an MPI call the tracer records");
}

TEST_CASE("threads note: each rank's calls, singular and plural") {
  CHECK(threads_note({rank(0, true), rank(1, true, 12)}) ==
        head + "rank 1 made 12 MPI calls" + tail);
  CHECK(threads_note({rank(0, true, 2), rank(1, true, 1)}) ==
        head + "rank 0 made 2 MPI calls, rank 1 made 1 MPI call" + tail);
}

TEST_CASE("threads note: past eight ranks the rest are summed") {
  std::vector<RankSummary> ranks;
  for (std::uint32_t r = 0; r < 64; ++r) ranks.push_back(rank(r, true, r < 10 ? 1 : 2));
  const std::string note = threads_note(ranks);
  CHECK(note.starts_with(head + "rank 0 made 1 MPI call, rank 1 made 1 MPI call,"));
  CHECK(note.find("rank 7 made 1 MPI call, 56 more ranks made 110 MPI calls" + tail) !=
        std::string::npos);
  CHECK(note.find("rank 8 ") == std::string::npos);
}
