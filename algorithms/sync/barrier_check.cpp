#include "collscope/algorithms/barrier_check.hpp"

#include <algorithm>
#include <ctime>

namespace collscope {

namespace {

double now() {
#if defined(COLLSCOPE_SMPI)
  return MPI_Wtime(); // one simulated clock for every rank
#else
  // Not MPI_Wtime: Open MPI counts it from each process's own start.
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#endif
}

void sleep_for(double seconds) {
  const auto ns = static_cast<long long>(seconds * 1e9);
  timespec d{static_cast<time_t>(ns / 1000000000), static_cast<long>(ns % 1000000000)};
  while (nanosleep(&d, &d) != 0) {
  }
}

bool one_machine(MPI_Comm comm) {
#if defined(COLLSCOPE_SMPI)
  (void)comm;
  return true;
#else
  MPI_Comm node = MPI_COMM_NULL;
  PMPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int here = 0, p = 0, smallest = 0;
  PMPI_Comm_size(node, &here);
  PMPI_Comm_size(comm, &p);
  PMPI_Comm_free(&node);
  PMPI_Allreduce(&here, &smallest, 1, MPI_INT, MPI_MIN, comm);
  return smallest == p;
#endif
}

} // namespace

BarrierCheck check_barrier_order(const std::function<int(MPI_Comm)>& barrier, MPI_Comm comm,
                                 double delay) {
  BarrierCheck result;
  int rank = 0, p = 1;
  PMPI_Comm_rank(comm, &rank);
  PMPI_Comm_size(comm, &p);
  result.shared_clock = one_machine(comm);
  if (!result.shared_clock) return result;
  const int passes = std::min(p, 64);
  for (int pass = 0; pass < passes; ++pass) {
    const int late = static_cast<int>(static_cast<long long>(pass) * p / passes);
    PMPI_Barrier(comm);
    if (rank == late) sleep_for(delay);
    const double entered = now();
    const int code = barrier(comm);
    const double left = now();
    int first_error = code == MPI_SUCCESS ? p : rank, lowest = p;
    PMPI_Allreduce(&first_error, &lowest, 1, MPI_INT, MPI_MIN, comm);
    if (lowest < p) {
      if (rank == lowest) result.code = code;
      PMPI_Bcast(&result.code, 1, MPI_INT, lowest, comm);
      return result;
    }
    ++result.passes;
    struct {
      double time;
      int rank;
    } last_in{entered, rank}, first_out{left, rank}, in{}, out{};
    PMPI_Allreduce(&last_in, &in, 1, MPI_DOUBLE_INT, MPI_MAXLOC, comm);
    PMPI_Allreduce(&first_out, &out, 1, MPI_DOUBLE_INT, MPI_MINLOC, comm);
    if (out.time < in.time) {
      result.violation = BarrierViolation{out.rank, in.rank, in.time - out.time};
      return result;
    }
  }
  return result;
}

} // namespace collscope
