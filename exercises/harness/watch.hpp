// What the harness watches while the submission's function runs: heap memory the
// submission's own code allocates (heap.cpp) and calls of MPI functions the tracer does not
// record but the exercise forbids (intercept.cpp: nonblocking and neighbourhood
// collectives, one-sided and persistent communication).
#pragma once

#include <cstdint>
#include <string>

namespace collscope::grade::watch {

struct Stats {
  long long heap_peak = 0;    ///< most bytes the submission held at once during the call
  long long heap_live = 0;    ///< bytes still allocated when it returned (a leak)
  std::uint64_t banned = 0;   ///< bit i: banned_name(i) was called
  bool heap_overflow = false; ///< too many live allocations to follow: peak is a lower bound
};

/// Starts watching (forgetting earlier allocations) until end().
void begin();
Stats end();
bool watching();

/// Called by the interceptors.
void note_banned(int bit);
const char* banned_name(int bit);
/// "MPI_Ibcast, MPI_Win_fence" or "-".
std::string banned_list(std::uint64_t mask);

/// Tells the sync-send shim, if preloaded, whether a blocked rank is in the submission
/// (1) or in the harness (2), for the grader's deadlock diagnosis.
void set_phase(int phase);

} // namespace collscope::grade::watch
