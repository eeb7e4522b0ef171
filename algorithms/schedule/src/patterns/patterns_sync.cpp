// Patterns of the barriers: empty messages (size 0), so that a call of empty messages is told
// from a data collective of the same shape (tracer/model/README.md, "Resemblance").
//
// The registry's barriers replay their schedule/sync.hpp steps, one blocking step each (a
// Sendrecv when a step sends and receives: algorithms/sync/sync_steps.cpp). Open MPI 4.1's
// barriers (ompi/mca/coll/base/coll_base_barrier.c, read for their message order only):
// - bruck: to rank + 2^k, from rank − 2^k, one sendrecv per k — the dissemination barrier;
// - two_proc: one sendrecv with the other rank — dissemination at p = 2;
// - tree: up by rank XOR 2^k with the low bits clear, then down the same edges, largest
//   distance first — the registry's tree barrier, message for message;
// - linear, double_ring, recursive_doubling: not in the registry, so written out below and
//   named "ompi-linear", "ompi-double-ring", "ompi-recursive-doubling" (at powers of two the
//   last is the butterfly barrier's messages; the registry's order names it butterfly).
#include "collscope/schedule/patterns.hpp"
#include "collscope/schedule/sync.hpp"

#include <array>

namespace collscope::schedule {

namespace {

template <typename Steps> Pattern from_sync_steps(int p, Steps steps) {
  PatternBuilder b(p);
  for (int rank = 0; rank < p; ++rank)
    for (const SyncStep& s : steps(rank, p)) b.step(rank, {{s.send_to, 0.0}}, {{s.recv_from, 0.0}});
  return b.finish();
}

Pattern barrier_dissemination(const PatternProblem& q) {
  return from_sync_steps(q.p, dissemination_steps);
}

Pattern barrier_tree(const PatternProblem& q) {
  return from_sync_steps(q.p, tree_barrier_steps);
}

Pattern barrier_butterfly(const PatternProblem& q) {
  return from_sync_steps(q.p, butterfly_steps);
}

// Everyone sends to 0 and waits for 0's answer; 0 posts every receive, one Waitall, then
// answers rank by rank.
Pattern barrier_ompi_linear(const PatternProblem& q) {
  PatternBuilder b(q.p);
  std::vector<std::pair<int, double>> all;
  for (int r = 1; r < q.p; ++r) {
    b.send(r, 0, 0.0);
    b.recv(r, 0, 0.0);
    all.emplace_back(r, 0.0);
  }
  b.step_many(0, {}, all);
  for (int r = 1; r < q.p; ++r) b.send(0, r, 0.0);
  return b.finish();
}

// A token twice around the ring 0 → 1 → … → p − 1 → 0.
Pattern barrier_ompi_double_ring(const PatternProblem& q) {
  PatternBuilder b(q.p);
  if (q.p == 1) return b.finish();
  for (int r = 0; r < q.p; ++r) {
    const int left = (r + q.p - 1) % q.p, right = (r + 1) % q.p;
    for (int lap = 0; lap < 2; ++lap) {
      if (r > 0) b.recv(r, left, 0.0);
      b.send(r, right, 0.0);
      if (r == 0) b.recv(r, left, 0.0);
    }
  }
  return b.finish();
}

// Ranks ≥ q (q the largest power of two ≤ p) send to rank − q and wait for its answer (Open
// MPI's zero-byte sendrecv: the empty send completes at once, then the receive), which
// receives first and answers last; the first q ranks exchange with rank XOR 2^k.
Pattern barrier_ompi_recursive_doubling(const PatternProblem& q) {
  PatternBuilder b(q.p);
  int core = 1;
  while (2 * core <= q.p) core *= 2;
  for (int r = 0; r < q.p; ++r) {
    if (r >= core) {
      b.send(r, r - core, 0.0);
      b.recv(r, r - core, 0.0);
      continue;
    }
    const bool extra = r < q.p - core;
    if (extra) b.recv(r, r + core, 0.0);
    for (int mask = 1; mask < core; mask <<= 1) b.sendrecv(r, r ^ mask, 0.0, r ^ mask, 0.0);
    if (extra) b.send(r, r + core, 0.0);
  }
  return b.finish();
}

const std::array entries{
    PatternAlgorithm{"barrier", "dissemination", false, false, false,
                     "a dissemination barrier (empty messages to rank + 2^k in round k; Open "
                     "MPI's bruck and two_proc)",
                     "dissemination", barrier_dissemination},
    PatternAlgorithm{"barrier", "tree", false, false, false,
                     "a tree barrier (empty messages up a binomial tree to 0 and back; Open "
                     "MPI's tree)",
                     "the tree barrier", barrier_tree},
    PatternAlgorithm{"barrier", "butterfly", false, false, false,
                     "a butterfly barrier (empty messages exchanged with rank XOR 2^k)",
                     "the butterfly barrier", barrier_butterfly},
    PatternAlgorithm{"barrier", "ompi-linear", false, false, false,
                     "Open MPI's linear barrier (empty messages to rank 0 and back)",
                     "the linear barrier", barrier_ompi_linear, false, false},
    PatternAlgorithm{"barrier", "ompi-double-ring", false, false, false,
                     "Open MPI's double-ring barrier (an empty message twice around the ring)",
                     "the double ring", barrier_ompi_double_ring, false, false},
    PatternAlgorithm{"barrier", "ompi-recursive-doubling", false, false, false,
                     "Open MPI's recursive-doubling barrier (exchanges with rank XOR 2^k, ranks "
                     "above the largest power of two through rank − 2^⌊log₂p⌋)",
                     "recursive doubling", barrier_ompi_recursive_doubling, false, false},
};

} // namespace

namespace detail {

std::span<const PatternAlgorithm> sync_patterns() {
  return entries;
}

} // namespace detail

} // namespace collscope::schedule
