// Several runs in one job (one start-up of MPI instead of one each), in order, one report each,
// into one trace when --trace is given:
//   --algorithm A,B,…   the command line once per algorithm named;
//   --runs FILE         one run per line of FILE (COLLECTIVE and its options, words split at
//                       spaces; empty lines and lines from # on left out), each with the
//                       command line's other options added (--trace, --repetitions, …).
// Every command line is checked before any runs.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace collscope::run {

struct AlgorithmRuns {
  /// The command line (without the program name) once per run; the command line as given
  /// when it names neither a list nor --runs.
  std::vector<std::vector<std::string>> runs;
  /// Where each run comes from, for its errors: "--runs FILE line N: " or "" (the command line).
  std::vector<std::string> origins;
  std::string error; ///< runs that cannot be made: an empty name, ompi:NAME in a list, …
};

AlgorithmRuns split_algorithms(std::span<char* const> args);

/// argv-style pointers into `words` (which must outlive them).
std::vector<char*> pointers(std::vector<std::string>& words);

} // namespace collscope::run
