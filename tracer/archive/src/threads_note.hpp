// The trace's one line on threads (OTF2 property COLLSCOPE::THREADS, the model's
// Trace::threads): under MPI_THREAD_MULTIPLE only the thread that called MPI_Init_thread is
// recorded (recorder.hpp), and the line says how many MPI calls each rank's other threads
// made, which are not. Pure, so it is tested without MPI.
#pragma once

#include "collscope/archive/rank_input.hpp"

#include <string>
#include <vector>

namespace collscope::rec {

inline constexpr const char* threads_property = "COLLSCOPE::THREADS";

/// Empty when no rank ran under MPI_THREAD_MULTIPLE (every call of every thread is recorded),
/// else e.g. "MPI_THREAD_MULTIPLE: only the thread that called MPI_Init_thread is recorded;
/// rank 1 made 12 MPI calls from other threads, which are not (their messages are missing, or
/// unmatched where the other side was recorded)".
std::string threads_note(const std::vector<RankSummary>& ranks);

} // namespace collscope::rec
