// What rank 0 prints: the registry as a table or JSON, and a run in ReproMPI's style —
// "#@key=value" lines, one row per repetition, then a summary.
#pragma once

#include "collscope/algorithms/tuning.hpp"
#include "options.hpp"

#include <optional>
#include <vector>

namespace collscope::run {

/// --list: every algorithm, or those of one collective: in 100 columns, one line each (wide)
/// or as JSON with every registry field.
void print_list(std::optional<Collective> only, bool json, bool wide = false);

struct RunFacts {
  int p;
  int type_size; ///< MPI_Type_size: data bytes of one element, gaps excluded
  int blocks;    ///< pipeline_blocks_for, for algorithms that use blocks; M for pieces
  PipelineTuning tuning;
  int piece = 0; ///< allgatherv ring-pipelined: elements per piece
};

/// Returns the α-β prediction it printed for this run (none for native algorithms).
std::optional<double> print_header(const Options& options, const RunFacts& facts);
/// With --platform, the prediction and the ratio time / prediction follow each time.
void print_time(const Options& options, int repetition, double seconds,
                std::optional<double> model);
void print_summary(const Options& options, std::vector<double> seconds,
                   std::optional<double> model);

} // namespace collscope::run
