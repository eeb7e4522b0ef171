// Reference solution of the pipelined binary-tree broadcast exercise (seeds/001, "Pipelined
// binary tree", "Problem with balanced binary tree", "Broadcast (reduction) trees:
// Properties", "Pipelining lemma" and its corollary).
//
// The ranks, renumbered v = (rank − root) mod p, form a balanced binary tree in heap order
// (children 2v + 1 and 2v + 2). The message is cut into M blocks. An interior node receives a
// new block from its parent every second round and, in the round after it arrived, sends it
// to its left child, one round later to its right child. With A(v) the round in which v
// receives block 0 (A(root) = −1, a left child one round after its parent, a right child two),
// v receives block k in round A(v) + 2k and child j of v receives it in round A(child) + 2k:
//
//   p = 7, M = 2   round:  0    1    2    3    4    5
//                   0→1   b0        b1
//                   0→2        b0        b1
//                   1→3        b0        b1
//                   1→4             b0        b1
//                   2→5             b0        b1
//                   2→6                  b0        b1
//
// The first leaf of T_i has block 0 after i rounds, the last after 2i (the properties slide):
// at most 2⌊log₂p⌋ rounds for the first block, 2(M − 1) more for the others. The pipelining
// lemma with latency k = 2⌊log₂p⌋ and s = 2 rounds per block gives M* = √((k − 2)βm/(2α)).
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

/// The lemma's M* for k = 2⌊log₂p⌋, s = 2, rounded, at least 1, at most one element a block.
int best_blocks(int p, int count, double bytes) {
  const double k = 2.0 * floor_log2(p);
  const double m = std::sqrt((k - 2) * beta * bytes / (2 * alpha));
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
