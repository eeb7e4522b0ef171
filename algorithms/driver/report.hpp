// What rank 0 prints: the registry as a table or JSON, and a run in ReproMPI's style —
// "#@key=value" lines, one row per repetition, then a summary.
#pragma once

#include "collscope/algorithms/tuning.hpp"
#include "options.hpp"

#include <optional>
#include <vector>

namespace collscope::run {

/// --list: every algorithm, or those of one collective.
void print_list(std::optional<Collective> only, bool json);

struct RunFacts {
  int p;
  int type_size; ///< MPI_Type_size: data bytes of one element, gaps excluded
  int blocks;    ///< pipeline_blocks_for, for algorithms that use blocks; M for pieces
  PipelineTuning tuning;
  int piece = 0; ///< allgatherv ring-pipelined: elements per piece
};

void print_header(const Options& options, const RunFacts& facts);
void print_time(const Options& options, int repetition, double seconds);
void print_summary(std::vector<double> seconds);

} // namespace collscope::run
