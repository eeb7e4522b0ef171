// collscope-guidelines' command line.
#pragma once

#include "datatype.hpp"
#include "detect.hpp"
#include "nrep.hpp"
#include "runs.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace collscope::guidelines {

struct Options {
  std::vector<Collective> collectives;
  std::vector<std::int64_t> sizes; ///< bytes, ascending, multiples of the datatype's size
  /// registry names; NAME* a prefix; NAME:KEY=VALUE… with options (candidate.hpp)
  std::vector<std::string> candidates = {"gl*"};
  const DatatypeInfo* datatype = &default_datatype(); ///< --datatype
  std::vector<std::string> selectors; ///< simulated: one library per entry ("" SMPI's default)
  Launcher launcher;
  NrepRule rule;
  Judgement judgement;
  int mpiruns = 5;
  bool judge_wall_clock = false; ///< --judge: wall-clock times judged and profiles written
  bool figures = true;
  std::string out = "guidelines-out";
};

/// Parses the command line into `o` (CLI11, collscope/cli/command.hpp). std::nullopt: go on;
/// else the exit status to return now: 0 after --help or --version, 2 after a usage error
/// (reported on stderr). `cores`: this machine's.
std::optional<int> parse_options(int argc, char** argv, unsigned cores, Options& o);

/// The collectives whose left-hand side is regular (seeds/004 §3.1), all that are checked.
const std::vector<Collective>& checkable();

} // namespace collscope::guidelines
