#include "timing.hpp"

#include "buffers.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace collscope::grade {

namespace {

constexpr int warmup = 2;

/// The q-quantile (0 ≤ q ≤ 1) of `v`, interpolated between neighbours.
double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double at = q * static_cast<double>(v.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(at);
  const std::size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (at - static_cast<double>(lo));
}

/// Seconds on CLOCK_MONOTONIC, which all processes of one machine share.
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

} // namespace

Timing time_case(Kind kind, const Case& c, MPI_Comm comm, const Datatypes& types) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  Buffers b = make_buffers(kind, c, rank);
  std::vector<double> yours, native;
  for (int rep = 0; rep < warmup + c.repetitions; ++rep) {
    for (int turn = 0; turn < 2; ++turn) {
      const bool submission = (turn ^ (rep % 2)) != 0;
      PMPI_Barrier(comm);
      const double start = now();
      if (submission)
        call_submission(kind, c, b, types, comm);
      else
        call_native(kind, c, b, types, comm);
      const double end = now();
      // From the first rank's start to the last rank's end: one machine, one clock. (Each
      // rank's own duration would miss the time a message spends before its receiver starts
      // timing, which flatters a root that sends eagerly and returns.)
      double first = 0, last = 0;
      PMPI_Reduce(&start, &first, 1, MPI_DOUBLE, MPI_MIN, 0, comm);
      PMPI_Reduce(&end, &last, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
      const double span = last - first;
      if (rep >= warmup) (submission ? yours : native).push_back(span);
    }
  }
  return {quantile(yours, 0.5),  quantile(native, 0.5),  quantile(yours, 0.25),
          quantile(yours, 0.75), quantile(native, 0.25), quantile(native, 0.75),
          quantile(yours, 0),    quantile(native, 0)};
}

std::string log_line(const Case& c, const Timing& t) {
  char text[300];
  std::snprintf(text, sizeof text, "time\t%d\t%.9e\t%.9e\t%.9e\t%.9e\t%.9e\t%.9e\t%.9e\t%.9e", c.id,
                t.median_yours, t.median_native, t.q1_yours, t.q3_yours, t.q1_native, t.q3_native,
                t.min_yours, t.min_native);
  return text;
}

} // namespace collscope::grade
