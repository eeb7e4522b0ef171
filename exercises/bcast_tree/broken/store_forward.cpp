// Broken on purpose (breaks: rounds): the tree, the blocks of the pipelining lemma, but no
// pipelining: every node receives all M blocks before it forwards any, then sends all of them
// to its left child, then all to its right child. Same blocks, bytes and memory as the
// reference, but about 3⌊log₂p⌋·M rounds instead of 2⌊log₂p⌋ + 2(M − 1).
#include <algorithm>
#include <cmath>
#include <mpi.h>

namespace {

constexpr int tag = 4715;
constexpr double alpha = 1e-6; // s per message
constexpr double beta = 2e-10; // s per byte

int floor_log2(int p) {
  int k = 0;
  while ((2 << k) <= p) ++k;
  return k;
}

int best_blocks(int p, int count, double bytes) {
  const double k = 2.0 * floor_log2(p);
  const double m = std::sqrt((k - 2) * beta * bytes / (2 * alpha));
  return static_cast<int>(std::clamp(std::round(m), 1.0, static_cast<double>(count)));
}

} // namespace

int MY_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank = 0, p = 1, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &size);
  if (p == 1 || count == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(datatype, &lb, &extent);

  const int blocks = best_blocks(p, count, static_cast<double>(count) * size);
  const auto first = [&](int b) { return static_cast<long long>(count) * b / blocks; };
  const auto at = [&](int b) { return static_cast<char*>(buffer) + first(b) * extent; };
  const auto length = [&](int b) { return static_cast<int>(first(b + 1) - first(b)); };
  const int v = (rank - root + p) % p;
  if (v > 0)
    for (int b = 0; b < blocks; ++b)
      MPI_Recv(at(b), length(b), datatype, ((v - 1) / 2 + root) % p, tag, comm, MPI_STATUS_IGNORE);
  for (const int c : {2 * v + 1, 2 * v + 2}) // the bug: store, then forward
    if (c < p)
      for (int b = 0; b < blocks; ++b)
        MPI_Send(at(b), length(b), datatype, (c + root) % p, tag, comm);
  return MPI_SUCCESS;
}
