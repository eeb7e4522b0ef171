// The benchmark's output: one CSV row per (collective, problem, b, variant), and a readable
// table per instance with ratios against native MPI_Gatherv/MPI_Scatterv measured in the same
// run, the α-β model time of collscope's algorithms, and every guideline violation:
//
//   GL1  MPI_Gather(m) ≤ MPI_Gatherv(m)              checked on the "same" problem, where the
//                                                    padded MPI_Gather is the regular one
//   GL2  MPI_Gatherv(m) ≤ MPI_Allreduce(1) + MPI_Gather(p·max m_i)
//
// (and the same for scatter), by minimum times. A guideline counts as violated only when the
// two minima differ by more than the two rows' spreads (median − minimum) together: on an
// oversubscribed machine that is rarely the case, and the two spreads stand in for the
// run-to-run spread a single run cannot see.
#pragma once

#include "measure.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace collscope::bench {

struct Row {
  std::string collective; ///< "gatherv" or "scatterv"
  std::string problem;
  int b;
  std::string variant;
  Role role;
  Timing timing;
  double model = -1; ///< α-β model time (s), −1 when there is none
};

/// Prints one instance's table on stdout (rows of one collective, problem and b).
void print_instance(const std::vector<Row>& rows);
/// Appends the rows to a CSV file (header when `header`).
void write_csv(std::FILE* out, const std::vector<Row>& rows, int p, int root, bool header);
/// The closing matrix: per collective, problem (rows) and b (columns), min(traff) ÷
/// min(native) measured, and traff ÷ linear in the α-β model (Open MPI's v-collectives are
/// linear).
void print_summary(const std::vector<Row>& all);

/// Guideline violations found in `rows`, one line each, for the closing summary.
std::vector<std::string> violations(const std::vector<Row>& rows);

} // namespace collscope::bench
