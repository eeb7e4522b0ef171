// One-ported round counts of Open MPI 4.1.4's algorithms (one_ported_oracle.hpp's rule), in closed
// form where the algorithm's definition gives one. p ranks, M segments (ompi_programs.hpp's
// segments()). Where none is given the count comes from simulating the algorithm's message order
// (expected_rounds.hpp); test_round_formulas.cpp checks each formula against that simulation.
#pragma once

#include "ompi_programs.hpp"

#include <algorithm>
#include <optional>

namespace collscope::ompi_rounds {

constexpr int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}
constexpr int floor_log2(int p) {
  return ceil_log2(p + 1) - 1;
}
constexpr bool power_of_two(int p) {
  return (p & (p - 1)) == 0;
}

inline std::optional<int> round_formula(const Case& c) {
  const int p = c.p, M = segments(c.segsize, c.count);
  const std::string& k = c.collective;
  const std::string& a = c.algorithm;
  if (p < 2) return 0;
  if (k == "bcast") {
    // ompi_coll_base_bcast_intra_basic_linear: the root sends p − 1 messages, one a round.
    if (a == "basic_linear") return p - 1;
    // ompi_coll_base_bcast_intra_pipeline (generic over build_chain(1)): the last segment
    // leaves the root in round M − 1 and takes p − 1 hops.
    if (a == "pipeline") return p - 1 + M - 1;
    // ompi_coll_base_bcast_intra_chain (generic over build_chain(f)), f' = min(f, p − 1)
    // chains of length L = ⌈(p − 1)/f'⌉ (the first (p − 1) mod f' of them; the rest L − 1):
    // the root sends segment s to chain j in round s·f' + j, and each hop adds one round.
    // (Chains of unequal length with M > 1: the rule's tie by the receiver's program order puts
    // the root's sends to a one-hop chain, whose receives are every event, ahead: simulated.)
    if (a == "chain") {
      const int f = std::min(c.fanout < 1 ? 1 : c.fanout, p - 1);
      const int L = (p - 1 + f - 1) / f;
      if (M > 1 && (p - 1) % f != 0) return std::nullopt;
      return (M - 1) * f + f - 1 + L - ((p - 1) % f != 0 ? 1 : 0);
    }
    // ompi_coll_base_bcast_intra_binomial, unsegmented: the root serves its largest subtree
    // first (build_bmtree's tree_next[0]), which halves in every round.
    if (a == "binomial" && M == 1) return ceil_log2(p);
    return std::nullopt;
  }
  if (k == "reduce") {
    // ompi_coll_base_reduce_intra_basic_linear: the root receives p − 1 messages, one a round.
    if (a == "linear") return p - 1;
    // ompi_coll_base_reduce_intra_pipeline: the chain of p − 1 hops, M segments behind each
    // other.
    if (a == "pipeline") return p - 1 + M - 1;
    return std::nullopt;
  }
  if (k == "allreduce") {
    // ompi_coll_base_allreduce_intra_basic_linear: linear reduce to 0, then linear bcast.
    if (a == "basic_linear") return 2 * (p - 1);
    // ompi_coll_base_allreduce_intra_recursivedoubling: log₂ of the power of two below p, plus
    // the fold in and out of the extra ranks.
    if (a == "recursive_doubling") return floor_log2(p) + (power_of_two(p) ? 0 : 2);
    // ompi_coll_base_allreduce_intra_ring (count ≥ p): p − 1 reduce-scatter steps, p − 1
    // allgather steps.
    if (a == "ring" && c.count >= p) return 2 * (p - 1);
    return std::nullopt;
  }
  if (k == "scan") {
    // ompi_coll_base_scan_intra_linear: the chain 0 → 1 → … → p − 1.
    if (a == "linear") return p - 1;
    // ompi_coll_base_scan_intra_recursivedoubling, p a power of two: one exchange per bit. (Off
    // powers of two the rule's greedy order makes a rank without a partner at some bit wait
    // behind one with one: simulated.)
    if (a == "recursive_doubling" && power_of_two(p)) return ceil_log2(p);
    return std::nullopt;
  }
  if (k == "allgather") {
    // ompi_coll_base_allgather_intra_basic_linear (gather, bcast both basic_linear): the root
    // receives p − 1, then sends p − 1.
    if (a == "linear") return 2 * (p - 1);
    // ompi_coll_base_allgather_intra_bruck; recursivedoubling (Bruck's off powers of two).
    if (a == "bruck" || a == "recursive_doubling") return ceil_log2(p);
    // ompi_coll_base_allgather_intra_ring.
    if (a == "ring") return p - 1;
    // ompi_coll_base_allgather_intra_neighborexchange: p/2 steps, the ring for odd p.
    if (a == "neighbor") return p % 2 == 0 ? p / 2 : p - 1;
    return std::nullopt;
  }
  if (k == "gather") {
    // ompi_coll_base_gather_intra_basic_linear: the root receives p − 1, one a round.
    if (a == "basic_linear") return p - 1;
    // ompi_coll_base_gather_intra_binomial: the subtree of 2^j sends in round j.
    if (a == "binomial") return ceil_log2(p);
    return std::nullopt;
  }
  if (k == "scatter") {
    // ompi_coll_base_scatter_intra_basic_linear, _linear_nb: the root sends p − 1.
    if (a == "basic_linear" || a == "linear_nb") return p - 1;
    // ompi_coll_base_scatter_intra_binomial: the largest subtree first.
    if (a == "binomial") return ceil_log2(p);
    return std::nullopt;
  }
  if (k == "barrier") {
    // ompi_coll_base_barrier_intra_basic_linear: p − 1 in to 0, p − 1 out.
    if (a == "linear") return 2 * (p - 1);
    // ompi_coll_base_barrier_intra_doublering: twice around the ring, p hops each.
    if (a == "double_ring") return 2 * p;
    // ompi_coll_base_barrier_intra_recursivedoubling: as the allreduce (the extra ranks' zero-
    // byte messages fold in and out).
    if (a == "recursive_doubling") return floor_log2(p) + (power_of_two(p) ? 0 : 2);
    // ompi_coll_base_barrier_intra_bruck (dissemination).
    if (a == "bruck") return ceil_log2(p);
    return std::nullopt;
  }
  if (k == "alltoall") {
    // ompi_coll_base_alltoall_intra_basic_linear, _linear_sync (max_requests 0), _pairwise:
    // every rank sends p − 1 messages, one a round; each round a permutation.
    if (a == "linear" || a == "linear_sync" || a == "pairwise") return p - 1;
    // ompi_coll_base_alltoall_intra_bruck.
    if (a == "modified_bruck") return ceil_log2(p);
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace collscope::ompi_rounds
