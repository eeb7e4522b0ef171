// Broken on purpose (breaks: rounds, bandwidth): the blocks of the two-tree's lemma sent down
// one pipelined binary tree in heap order (the bcast_tree exercise's schedule). Correct, but
// an interior node forwards every block to two children: it needs two rounds per block
// (2⌊log₂p⌋ + 2(M − 1) rounds, not M − 1 + 2⌈log₂p⌉) and sends 2m bytes, not m.
#include <algorithm>
#include <cmath>
#include <mpi.h>

namespace {

constexpr int tag = 4715;
constexpr double alpha = 1e-6; // s per message
constexpr double beta = 2e-10; // s per byte

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

/// The two-tree's M* (as the reference): the blocks are right, the tree is not.
int best_blocks(int p, int count, double bytes) {
  const double a = 2.0 * ceil_log2(p) - 1;
  const double m = std::sqrt(a * beta * bytes / alpha);
  return static_cast<int>(std::clamp(std::round(m), 1.0, static_cast<double>(count)));
}

/// A(v): the round in which vrank v receives block 0 (−1 for the root).
int first_arrival(int v) {
  int a = -1;
  for (; v > 0; v = (v - 1) / 2) a += v % 2 == 1 ? 1 : 2; // odd: a left child
  return a;
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
  const auto real = [&](int v) { return (v + root) % p; };

  const int v = (rank - root + p) % p;
  const int children[2] = {2 * v + 1 < p ? 2 * v + 1 : -1, 2 * v + 2 < p ? 2 * v + 2 : -1};
  const int mine = first_arrival(v);
  // Block k arrives at a node with first arrival a in round a + 2k (if k < M).
  const auto block_in = [&](int a, int round) {
    const int d = round - a;
    return d >= 0 && d % 2 == 0 && d / 2 < blocks ? d / 2 : -1;
  };
  int last = v == 0 ? -1 : mine + 2 * (blocks - 1);
  for (const int c : children)
    if (c >= 0) last = std::max(last, first_arrival(c) + 2 * (blocks - 1));

  for (int round = 0; round <= last; ++round) {
    const int in = v == 0 ? -1 : block_in(mine, round);
    int out = -1, to = -1;
    for (const int c : children)
      if (c >= 0 && block_in(first_arrival(c), round) >= 0) {
        out = block_in(first_arrival(c), round);
        to = real(c);
      }
    const int parent = real((v - 1) / 2);
    if (in >= 0 && out >= 0)
      MPI_Sendrecv(at(out), length(out), datatype, to, tag, at(in), length(in), datatype, parent,
                   tag, comm, MPI_STATUS_IGNORE);
    else if (out >= 0)
      MPI_Send(at(out), length(out), datatype, to, tag, comm);
    else if (in >= 0)
      MPI_Recv(at(in), length(in), datatype, parent, tag, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
