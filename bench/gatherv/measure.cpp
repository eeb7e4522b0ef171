#include "measure.hpp"

#include <algorithm>
#include <ctime>

namespace collscope::bench {

namespace {

/// Every rank starts a call at the same moment, as the α-β model assumes. On real MPI a
/// barrier is the best there is (ranks leave it up to a message latency apart). Under SimGrid
/// SMPI all ranks read one simulated clock, so after the barrier they agree on a moment safely
/// in the future and sleep until it (as collscope-run's driver does): the times then hold no
/// barrier skew, whichever barrier algorithm SMPI's collective selector picked.
void start_together(MPI_Comm comm) {
  MPI_Barrier(comm);
#if defined(COLLSCOPE_SMPI)
  const double before = MPI_Wtime();
  const double mine[2] = {before, 0.0};
  double latest[2] = {0, 0};
  MPI_Allreduce(mine, latest, 2, MPI_DOUBLE, MPI_MAX, comm);
  const double agree = MPI_Wtime() - before; // how long one agreement takes, at most
  double slowest = 0;
  MPI_Allreduce(&agree, &slowest, 1, MPI_DOUBLE, MPI_MAX, comm);
  const double wait = latest[0] + 3 * slowest - MPI_Wtime();
  if (wait > 0) {
    const auto ns = static_cast<long long>(wait * 1e9);
    const timespec duration{static_cast<time_t>(ns / 1000000000),
                            static_cast<long>(ns % 1000000000)};
    nanosleep(&duration, nullptr);
  }
#endif
}

} // namespace

std::vector<Timing> measure(const std::vector<Variant>& variants, int warmup, int repetitions,
                            MPI_Comm comm) {
  const std::size_t n = variants.size();
  std::vector<std::vector<double>> times(n);
  std::vector<Timing> result(n);
  for (int rep = 0; rep < warmup + repetitions; ++rep)
    for (std::size_t i = 0; i < n; ++i) {
      start_together(comm);
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
