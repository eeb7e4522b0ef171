// `--algorithm A,B,…`: several algorithms of one collective, one after the other in one job
// (one mpirun's start-up instead of one each): the command line is run once per name, each
// with its own report, in the given order, into one trace when --trace is given.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace collscope::run {

struct AlgorithmRuns {
  /// The command line (without the program name) once per algorithm named; the command line
  /// as given when --algorithm names one algorithm or none.
  std::vector<std::vector<std::string>> runs;
  std::string error; ///< a list that cannot run: an empty name, or ompi:NAME in a list
};

AlgorithmRuns split_algorithms(std::span<char* const> args);

/// argv-style pointers into `words` (which must outlive them).
std::vector<char*> pointers(std::vector<std::string>& words);

} // namespace collscope::run
