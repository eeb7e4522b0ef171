#include "measure.hpp"

#include <algorithm>

#if defined(COLLSCOPE_SMPI)
#include <cstdint>
#include <simgrid/barrier.h>
#endif

namespace collscope::bench {

namespace {

#if defined(COLLSCOPE_SMPI)
/// One SimGrid barrier for all ranks of `comm`. Under SMPI every rank is an actor of one
/// process, so rank 0's barrier object serves all; its address goes round once by broadcast
/// (each rank's copy of this static is private under SMPI's privatization).
sg_bar_t simulated_barrier(MPI_Comm comm) {
  static sg_bar_t barrier = nullptr;
  static int size = 0;
  int p = 0, rank = 0;
  MPI_Comm_size(comm, &p);
  MPI_Comm_rank(comm, &rank);
  if (barrier && size == p) return barrier;
  std::uint64_t address = 0;
  if (rank == 0)
    address = reinterpret_cast<std::uintptr_t>(sg_barrier_init(static_cast<unsigned>(p)));
  MPI_Bcast(&address, 1, MPI_UINT64_T, 0, comm);
  barrier = reinterpret_cast<sg_bar_t>(static_cast<std::uintptr_t>(address));
  size = p;
  return barrier;
}
#endif

/// Every rank starts a call at the same moment, as the α-β model assumes. On real MPI a
/// barrier is the best there is (ranks leave it up to a message latency apart). Under SimGrid
/// SMPI a SimGrid barrier (an actor synchronisation outside the simulated network) lets all
/// ranks go at the simulated moment the last one arrives: no message, no barrier skew, and no
/// MPI_Barrier and agreement Allreduces per call, whose thousands of simulated messages at
/// p = 1024 cost more wall time than most variants being measured.
void start_together(MPI_Comm comm) {
#if defined(COLLSCOPE_SMPI)
  sg_barrier_wait(simulated_barrier(comm));
#else
  MPI_Barrier(comm);
#endif
}

} // namespace

std::vector<Timing> measure(const std::vector<Variant>& variants, int warmup, int repetitions,
                            MPI_Comm comm) {
  const std::size_t n = variants.size();
  const auto calls = static_cast<std::size_t>(warmup) + static_cast<std::size_t>(repetitions);
  // Per call: this rank's time, and 1 if the call failed here. Reduced once at the end (the
  // maximum: the slowest rank, any failure), so no collective runs between timed calls.
  std::vector<double> local(2 * n * calls, 0.0), slowest(local.size(), 0.0);
  for (std::size_t rep = 0; rep < calls; ++rep)
    for (std::size_t i = 0; i < n; ++i) {
      start_together(comm);
      const double start = MPI_Wtime();
      const int rc = variants[i].call();
      const double mine = MPI_Wtime() - start;
      local[2 * (rep * n + i)] = mine;
      local[2 * (rep * n + i) + 1] = rc == MPI_SUCCESS ? 0.0 : 1.0;
    }
  MPI_Allreduce(local.data(), slowest.data(), static_cast<int>(local.size()), MPI_DOUBLE, MPI_MAX,
                comm);
  std::vector<Timing> result(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> t;
    for (std::size_t rep = 0; rep < calls; ++rep) {
      if (slowest[2 * (rep * n + i) + 1] > 0) result[i].ok = false;
      if (rep >= static_cast<std::size_t>(warmup)) t.push_back(slowest[2 * (rep * n + i)]);
    }
    std::sort(t.begin(), t.end());
    result[i].min = t.front();
    result[i].median = t.size() % 2 ? t[t.size() / 2] : (t[t.size() / 2 - 1] + t[t.size() / 2]) / 2;
  }
  return result;
}

} // namespace collscope::bench
