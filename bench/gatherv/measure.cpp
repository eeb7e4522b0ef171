#include "measure.hpp"

#include <algorithm>

namespace collscope::bench {

std::vector<Timing> measure(const std::vector<Variant>& variants, int warmup, int repetitions,
                            MPI_Comm comm) {
  const std::size_t n = variants.size();
  std::vector<std::vector<double>> times(n);
  std::vector<Timing> result(n);
  for (int rep = 0; rep < warmup + repetitions; ++rep)
    for (std::size_t i = 0; i < n; ++i) {
      MPI_Barrier(comm);
      const double start = MPI_Wtime();
      const int rc = variants[i].call();
      const double mine = MPI_Wtime() - start;
      double local[2] = {mine, rc == MPI_SUCCESS ? 0.0 : 1.0}, slowest[2] = {0, 0};
      MPI_Allreduce(local, slowest, 2, MPI_DOUBLE, MPI_MAX, comm);
      if (slowest[1] > 0) result[i].ok = false;
      if (rep >= warmup) times[i].push_back(slowest[0]);
    }
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double>& t = times[i];
    std::sort(t.begin(), t.end());
    result[i].min = t.front();
    result[i].median = t.size() % 2 ? t[t.size() / 2] : (t[t.size() / 2 - 1] + t[t.size() / 2]) / 2;
  }
  return result;
}

} // namespace collscope::bench
