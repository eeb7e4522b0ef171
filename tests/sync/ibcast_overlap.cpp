// The overlap demo: MPI_Ibcast (collscope's binomial schedule) started, then computation in
// slices with an MPI_Test after each, then MPI_Wait — the lecture's "Potential for overlap"
// (seeds/001, "Non-blocking collectives (from MPI 3.0)"). Recorded with
//   collscope-trace record -o DIR -- mpirun -np 5 build/bin/collscope-ibcast-overlap
// the trace shows the broadcast's messages completing between the "compute" regions.
// Prints per rank the slice after which MPI_Test first reported completion; exits 1 if any
// rank's buffer differs from the root's.
#include "collscope/algorithms/nonblocking.hpp"

#include <chrono>
#include <collscope/annotate.hpp>
#include <cstdio>
#include <cstdlib>
#include <mpi.h>
#include <vector>

namespace {

/// About `ms` milliseconds of arithmetic the compiler cannot drop.
double compute(double ms, double seed) {
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(ms);
  double x = seed;
  while (std::chrono::steady_clock::now() < until)
    for (int i = 0; i < 1000; ++i) x = x * 0.999999 + 1e-9;
  return x;
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const int count = argc > 1 ? std::atoi(argv[1]) : 16384; // 64 KiB: past the eager limit
  const int slices = argc > 2 ? std::atoi(argv[2]) : 20;
  std::vector<int> buffer(static_cast<std::size_t>(count), -1);
  if (rank == 0)
    for (int i = 0; i < count; ++i) buffer[i] = i * 7 + 1;

  MPI_Request request = MPI_REQUEST_NULL;
  collscope::ibcast_binomial(buffer.data(), count, MPI_INT, 0, MPI_COMM_WORLD, &request);
  int done = 0, completed_after = -1;
  double sink = 0;
  for (int s = 0; s < slices; ++s) {
    {
      const collscope::trace::Region region("compute");
      sink += compute(2.0, s);
    }
    if (!done) {
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
      if (done) completed_after = s;
    }
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE);

  int wrong = 0;
  for (int i = 0; i < count; ++i) wrong |= buffer[i] != i * 7 + 1;
  int any_wrong = 0;
  MPI_Allreduce(&wrong, &any_wrong, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  std::printf("rank %d: MPI_Test saw the broadcast complete after compute slice %d of %d%s\n", rank,
              completed_after, slices, sink < 0 ? "" : "");
  MPI_Finalize();
  return any_wrong ? 1 : 0;
}
