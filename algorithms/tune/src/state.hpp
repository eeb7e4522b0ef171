// The tune library's process-wide state: the configuration read at MPI_Init, the reentrancy
// guard, and the counts of what ran and what fell back (printed at MPI_Finalize on request).
#pragma once

#include "config.hpp"

#include <string_view>

namespace collscope::tune {

struct State {
  Config config;
  bool active = false; ///< a valid, non-empty configuration was read
  bool report = false; ///< COLLSCOPE_TUNE_REPORT=1
  int rank = 0;        ///< in MPI_COMM_WORLD
};
State& state();

/// Reads COLLSCOPE_TUNE (after PMPI_Init): a mistake is named on stderr by rank 0 and the
/// program runs on the library's collectives.
void configure();

/// Marks this thread as running a collscope algorithm: the MPI collectives it calls itself
/// (hierarchical algorithms call MPI_Allgather, MPI_Allreduce, ...) go to the library.
class Inside {
public:
  Inside();
  ~Inside();
  Inside(const Inside&) = delete;
  Inside& operator=(const Inside&) = delete;
  static bool now();
};

void count_run(Collective c, const Algorithm& algorithm);
void count_fallback(Collective c, const Algorithm& algorithm, std::string_view reason);

/// Rank 0 prints the counts, one line each, on stderr (COLLSCOPE_TUNE_REPORT=1).
void print_report();

} // namespace collscope::tune
