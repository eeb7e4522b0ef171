// Broken on purpose (breaks: correct, for root ≠ 0): the chain starts at the wrong rank, the
// place in the chain computed as (rank + root) mod p instead of (rank − root) mod p. Right
// for root 0 (and root 1 of 2); otherwise some rank that is not the root broadcasts its
// buffer. Rounds, bytes and memory are the reference's.
#include <algorithm>
#include <cmath>
#include <mpi.h>

namespace {

constexpr int tag = 4713;
constexpr double alpha = 1e-6; // s per message
constexpr double beta = 2e-10; // s per byte

/// The pipelining lemma's M*, rounded, at least 1 and at most one element per block. With
/// p = 2 there is nothing to overlap: one block.
int best_blocks(int p, int count, double bytes) {
  if (p <= 2) return 1;
  const double m = std::sqrt((p - 2) * beta * bytes / alpha);
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
  const int position = (rank + root) % p; // the bug: should be (rank − root + p) % p
  const int prev = (rank - 1 + p) % p, next = (rank + 1) % p;

  if (position == 0) {
    for (int b = 0; b < blocks; ++b) MPI_Send(at(b), length(b), datatype, next, tag, comm);
  } else if (position == p - 1) {
    for (int b = 0; b < blocks; ++b)
      MPI_Recv(at(b), length(b), datatype, prev, tag, comm, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(at(0), length(0), datatype, prev, tag, comm, MPI_STATUS_IGNORE);
    for (int b = 1; b < blocks; ++b)
      MPI_Sendrecv(at(b - 1), length(b - 1), datatype, next, tag, at(b), length(b), datatype, prev,
                   tag, comm, MPI_STATUS_IGNORE);
    MPI_Send(at(blocks - 1), length(blocks - 1), datatype, next, tag, comm);
  }
  return MPI_SUCCESS;
}
