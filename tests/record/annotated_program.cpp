// A binomial-tree gather annotated with <collscope/annotate.hpp>, the way collscope's algorithms
// annotate themselves: an algorithm region with metadata, one region per round, and the
// blocks every send carries. A paused warm-up exchange (tag 999) must not reach the trace.
// Rank 0 prints the gathered data, so traced and untraced runs can be compared. With the
// argument "repeat" the gather runs four times, its last metadata pair ("call") being
// "same", "same", "other", "same", signed with trace::meta_repeat: repeated pairs are
// recorded compactly (annotate.cpp) and every Enter must still carry all five.
#include <algorithm>
#include <collscope/annotate.hpp>
#include <cstdio>
#include <cstring>
#include <mpi.h>
#include <vector>

namespace trace = collscope::trace;

namespace {

constexpr int count = 3; // elements per rank

void warm_up(int rank, int size) {
  trace::pause();
  int token = rank;
  if (size > 1 && rank < 2)
    MPI_Sendrecv_replace(&token, 1, MPI_INT, 1 - rank, 999, 1 - rank, 999, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
  trace::resume();
}

// Gathers count ints of every rank at rank 0 (ranks relative to root 0).
std::vector<int> gather_binomial(const std::vector<int>& mine, MPI_Comm comm,
                                 const char* call = nullptr) {
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  trace::Region algorithm{"algorithm gather/binomial"};
  // Signed (trace::meta_repeat) when a call is named: its five pairs differ only in "call".
  if (call == nullptr || !trace::meta_repeat(std::strlen(call), 5)) {
    trace::meta("collective", "gather");
    trace::meta("algorithm", "binomial");
    trace::meta("root", 0);
    trace::meta("count", count);
    if (call != nullptr) trace::meta("call", call);
  }

  std::vector<int> held(mine); // blocks of origins rank, rank+1, ... in order
  for (int k = 0, mask = 1; mask < size; ++k, mask <<= 1) {
    trace::Round round{k};
    if ((rank & mask) != 0) {
      const int origins = static_cast<int>(held.size()) / count;
      trace::blocks(rank, origins, 0, count);
      MPI_Send(held.data(), static_cast<int>(held.size()), MPI_INT, rank - mask, 7, comm);
      break;
    }
    if (rank + mask < size) {
      const int origins = std::min(mask, size - rank - mask);
      std::vector<int> incoming(static_cast<std::size_t>(origins * count));
      MPI_Recv(incoming.data(), origins * count, MPI_INT, rank + mask, 7, comm, MPI_STATUS_IGNORE);
      held.insert(held.end(), incoming.begin(), incoming.end());
    }
  }
  return held;
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  warm_up(rank, size);
  std::vector<int> mine(count);
  for (int i = 0; i < count; ++i) mine[static_cast<std::size_t>(i)] = 100 * rank + i;
  if (argc > 1 && std::strcmp(argv[1], "repeat") == 0)
    for (const char* call : {"same", "same", "other"}) gather_binomial(mine, MPI_COMM_WORLD, call);
  const std::vector<int> gathered =
      gather_binomial(mine, MPI_COMM_WORLD, argc > 1 ? "same" : nullptr);

  if (rank == 0) {
    std::printf("tracer %s\n", trace::active() ? "recording" : "not recording");
    std::printf("gathered:");
    for (int v : gathered) std::printf(" %d", v);
    std::printf("\n");
  }
  MPI_Finalize();
  return 0;
}
