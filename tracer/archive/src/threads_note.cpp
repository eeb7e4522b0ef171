#include "threads_note.hpp"

namespace collscope::rec {

namespace {

// Past this many ranks with calls, the rest are summed: a 1024-rank run stays one line.
constexpr std::size_t ranks_named = 8;

std::string calls(std::uint64_t n) {
  return std::to_string(n) + (n == 1 ? " MPI call" : " MPI calls");
}

} // namespace

std::string threads_note(const std::vector<RankSummary>& ranks) {
  bool multiple = false;
  std::vector<const RankSummary*> with_calls;
  for (const RankSummary& r : ranks) {
    if (r.thread_level == no_thread_record) continue;
    multiple = true;
    if (r.other_thread_calls != 0) with_calls.push_back(&r);
  }
  if (!multiple) return {};
  std::string note =
      "MPI_THREAD_MULTIPLE: only the thread that called MPI_Init_thread is recorded; ";
  if (with_calls.empty()) return note + "no other thread made an MPI call the tracer records";
  std::string who;
  std::uint64_t rest = 0;
  std::size_t rest_ranks = 0;
  for (std::size_t i = 0; i < with_calls.size(); ++i) {
    const RankSummary& r = *with_calls[i];
    if (i < ranks_named) {
      who += (i == 0 ? "rank " : ", rank ") + std::to_string(r.rank) + " made " +
             calls(r.other_thread_calls);
    } else {
      rest += r.other_thread_calls;
      ++rest_ranks;
    }
  }
  if (rest_ranks != 0) who += ", " + std::to_string(rest_ranks) + " more ranks made " + calls(rest);
  return note + who +
         " from other threads, which are not (their messages are missing, or unmatched where the "
         "other side was recorded)";
}

} // namespace collscope::rec
