// The tune library's process-wide state: the configuration read at MPI_Init, the reentrancy
// guard, and the counts of what ran and what fell back (printed at MPI_Finalize on request).
#pragma once

#include "collscope/tune/config.hpp"
#include "tally.hpp"

#include <string_view>

namespace collscope::tune {

struct State {
  Config config;
  bool active = false; ///< a valid, non-empty configuration was read
  bool report = false; ///< COLLSCOPE_TUNE_REPORT=1
  int rank = 0;        ///< in MPI_COMM_WORLD
};
State& state();

/// Reads COLLSCOPE_TUNE (after PMPI_Init): each entry that cannot be read is named on stderr by
/// rank 0 and left out; the others apply (config.hpp, parse_settings).
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

/// Counts one call of this kind on this rank.
void count(const TallyKey& key);
/// This rank's counts so far.
Tally tally();

/// With COLLSCOPE_TUNE_REPORT=1: every rank's counts gathered to world rank 0 (collective over
/// MPI_COMM_WORLD, before PMPI_Finalize), which prints its own lines and then the all-ranks
/// lines, one each, on stderr (report.cpp).
void print_report();

} // namespace collscope::tune
