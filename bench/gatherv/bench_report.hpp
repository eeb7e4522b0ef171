// The benchmark's output: one CSV row per (collective, problem, b, variant), and a readable
// table per instance with ratios against native MPI_Gatherv/MPI_Scatterv measured in the same
// run, the α-β model time of collscope's algorithms, and every guideline violation:
//
//   GL1  MPI_Gather(m) ≤ MPI_Gatherv(m)              checked on the "same" problem, where the
//                                                    padded MPI_Gather is the regular one
//   GL2  MPI_Gatherv(m) ≤ MPI_Allreduce(1) + MPI_Gather(p·max m_i)
//
// (and the same for scatter), by minimum times. Guidelines are judged only where the times mean
// something (simulated with SimGrid SMPI): a guideline counts as violated when the two minima
// differ by more than a relative margin (Judgement::margin of the faster one) plus the two
// rows' spreads (median − minimum). In a simulation the spread is 0, and the margin keeps
// differences smaller than the platform model's own departure from the α-β model from being
// called findings. Wall-clock times of more processes than cores are scheduling, so there the
// guidelines are not judged at all.
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

/// Whether and how guideline comparisons are judged.
struct Judgement {
  bool judge = false;   ///< false: wall-clock times, nothing is flagged
  double margin = 0.05; ///< a violation must exceed this fraction of the faster time
};

/// Prints one instance's table on stdout (rows of one collective, problem and b).
void print_instance(const std::vector<Row>& rows, const Judgement& judgement);
/// Appends the rows to a CSV file (header when `header`); the guideline columns are empty
/// when nothing is judged.
void write_csv(std::FILE* out, const std::vector<Row>& rows, int p, int root, bool header,
               const Judgement& judgement);
/// The closing matrix: per collective, problem (rows) and b (columns), min(traff) ÷
/// min(native) measured, and traff ÷ linear in the α-β model (Open MPI's v-collectives are
/// linear).
void print_summary(const std::vector<Row>& all);

/// Guideline violations found in `rows`, one line each with both times, the margin and the
/// α-β model's times, for the closing summary; none when nothing is judged.
std::vector<std::string> violations(const std::vector<Row>& rows, const Judgement& judgement);

} // namespace collscope::bench
