// Patterns of the rootless collectives (allgather, allreduce, scan, alltoall): each rank's
// steps in the program order of its algorithms/<folder>/<collective>_<name>.cpp.
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/circulant.hpp"
#include "collscope/schedule/patterns.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/reduce_scatter.hpp"
#include "collscope/schedule/scan.hpp"

#include <algorithm>
#include <array>

namespace collscope::schedule {

namespace {

Pattern allgather_ring(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int i = 0; i + 1 < q.p; ++i) {
      const CirculantStep s = ring_allgather_step(rank, q.p, i);
      b.sendrecv(rank, s.send_to, 1, s.recv_from, 1);
    }
  return b.finish();
}

Pattern allgather_dissemination(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int k = 0; k < ceil_log2(q.p); ++k) {
      const CirculantStep s = dissemination_round(rank, q.p, k);
      b.sendrecv(rank, s.send_to, s.blocks, s.recv_from, s.blocks);
    }
  return b.finish();
}

Pattern allreduce_reduce_bcast(const PatternProblem& q) {
  PatternBuilder b(q.p);
  detail::reduce_then_bcast(b, q.p);
  return b.finish();
}

Pattern allreduce_tree_pipeline(const PatternProblem& q) {
  PatternBuilder b(q.p);
  detail::two_trees(b, q.p, std::max(1, q.blocks));
  return b.finish();
}

// p − 1 reduce-scatter steps and p − 1 allgather steps, one p-th of the vector each.
Pattern allreduce_ring(const PatternProblem& q) {
  PatternBuilder b(q.p);
  const double size = 1.0 / q.p;
  for (int rank = 0; rank < q.p; ++rank)
    for (int s = 0; s < 2 * (q.p - 1); ++s)
      b.sendrecv(rank, (rank + 1) % q.p, size, (rank + q.p - 1) % q.p, size);
  return b.finish();
}

// The first 2(p − q) ranks fold in pairs (even into odd), the core of q = 2^⌊log₂p⌋ does the
// butterfly, the odd rank of each pair hands the result back.
Pattern allreduce_butterfly(const PatternProblem& q) {
  PatternBuilder b(q.p);
  const int core = butterfly_core(q.p);
  for (int rank = 0; rank < q.p; ++rank) {
    const int v = butterfly_vrank(rank, q.p);
    const bool paired = core != q.p && rank < 2 * (q.p - core);
    if (paired) {
      if (v < 0)
        b.send(rank, rank + 1, 1);
      else
        b.recv(rank, rank - 1, 1);
    }
    if (v >= 0)
      for (int d = 1; d < core; d *= 2) {
        const int partner = butterfly_rank(v ^ d, q.p);
        b.sendrecv(rank, partner, 1, partner, 1);
      }
    if (paired) {
      if (v < 0)
        b.recv(rank, rank + 1, 1);
      else
        b.send(rank, rank - 1, 1);
    }
  }
  return b.finish();
}

// Recursive halving (algorithms/common/halving.cpp, reduce_scatter/reduce_scatter_parts.cpp): the
// first 2(p − q) ranks fold in pairs, the core of q halves (and, for Rabenseifner, doubles back),
// the odd rank of each pair hands the even one its part. Sizes: the vector is `vector` units (a
// reduce-scatter's p blocks, an allreduce's 1), the part handed back `part`.
Pattern halving(int p, HalvingOrder order, bool allgather_back, double vector, double part) {
  PatternBuilder b(p);
  const int core = butterfly_core(p);
  const auto share = [&](int first, int last) { return vector * (last - first) / core; };
  for (int rank = 0; rank < p; ++rank) {
    const int v = butterfly_vrank(rank, p);
    const bool paired = core != p && rank < 2 * (p - core);
    if (paired) {
      if (v < 0)
        b.send(rank, rank + 1, vector);
      else
        b.recv(rank, rank - 1, vector);
    }
    if (v >= 0) {
      const auto steps = halving_steps(v, core, order);
      for (const HalvingStep& s : steps) {
        const int partner = butterfly_rank(s.partner, p);
        b.sendrecv(rank, partner, share(s.send_first, s.send_last), partner,
                   share(s.keep_first, s.keep_last));
      }
      if (allgather_back)
        for (auto s = steps.rbegin(); s != steps.rend(); ++s) {
          const int partner = butterfly_rank(s->partner, p);
          b.sendrecv(rank, partner, share(s->keep_first, s->keep_last), partner,
                     share(s->send_first, s->send_last));
        }
    }
    if (paired) {
      if (v < 0)
        b.recv(rank, rank + 1, part);
      else
        b.send(rank, rank - 1, part);
    }
  }
  return b.finish();
}

Pattern reduce_scatter_halving(const PatternProblem& q) {
  return halving(q.p, HalvingOrder::largest_first, false, q.p, 1);
}

Pattern reduce_scatter_ordered_halving(const PatternProblem& q) {
  return halving(q.p, HalvingOrder::smallest_first, false, q.p, 1);
}

Pattern allreduce_rabenseifner(const PatternProblem& q) {
  return halving(q.p, HalvingOrder::smallest_first, true, 1, 1);
}

Pattern scan_hillis_steele(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int k = 0; k < hillis_steele_rounds(q.p); ++k) {
      const ScanStep s = hillis_steele_step(rank, q.p, k);
      b.step(rank, {{s.to, 1}}, {{s.from, 1}});
    }
  return b.finish();
}

// Up and down sweeps: one exchange per round, like Hillis–Steele with other partners.
Pattern scan_updown(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int r = 0; r < updown_rounds(q.p); ++r) {
      const ScanStep s = updown_step(rank, q.p, r);
      b.step(rank, {{s.to, 1}}, {{s.from, 1}});
    }
  return b.finish();
}

// Circulant: in round j every rank sends to rank + n_{j−1} + b_j, the whole vector.
Pattern allreduce_circulant(const PatternProblem& q) {
  PatternBuilder b(q.p);
  const auto rounds = circulant_allreduce_rounds(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (const CirculantReduceRound& j : rounds)
      b.sendrecv(rank, (rank + j.distance) % q.p, 1, (rank - j.distance % q.p + q.p) % q.p, 1);
  return b.finish();
}

Pattern scan_pipeline(const PatternProblem& q) {
  PatternBuilder b(q.p);
  const int m = std::max(1, q.blocks);
  const double size = 1.0 / m;
  if (q.p == 1) return b.finish();
  const int rounds = pipeline_rounds(q.p, m);
  for (int rank = 0; rank < q.p; ++rank)
    for (int r = std::max(0, rank - 1); r < std::min(rounds, rank + m); ++r) {
      const PipelineScanStep s = pipeline_scan_step(rank, q.p, m, r);
      b.step(rank, {{s.sent_block >= 0 ? s.step.to : -1, size}},
             {{s.received_block >= 0 ? s.step.from : -1, size}});
    }
  return b.finish();
}

Pattern alltoall_direct(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int r = 0; r + 1 < q.p; ++r) {
      const PairStep s = direct_alltoall_step(rank, q.p, r);
      b.sendrecv(rank, s.send_to, 1, s.recv_from, 1);
    }
  return b.finish();
}

Pattern alltoall_one_factor(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int r = 0; r < one_factor_rounds(q.p); ++r) {
      const int partner = one_factor_partner(rank, q.p, r);
      if (partner >= 0) b.sendrecv(rank, partner, 1, partner, 1);
    }
  return b.finish();
}

// The slot algorithms: in round k the slots with a bit set travel as one message.
Pattern alltoall_hypercube(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int k = 0; k < ceil_log2(q.p); ++k) {
      const int bit = hypercube_alltoall_bit(q.p, k);
      const double size = static_cast<double>(slots_with_bit(q.p, bit).size());
      b.sendrecv(rank, rank ^ (1 << bit), size, rank ^ (1 << bit), size);
    }
  return b.finish();
}

Pattern alltoall_bruck(const PatternProblem& q) {
  PatternBuilder b(q.p);
  for (int rank = 0; rank < q.p; ++rank)
    for (int k = 0; k < ceil_log2(q.p); ++k) {
      const PairStep s = bruck_alltoall_step(rank, q.p, k);
      const double size = static_cast<double>(slots_with_bit(q.p, k).size());
      b.sendrecv(rank, s.send_to, size, s.recv_from, size);
    }
  return b.finish();
}

const std::array entries{
    PatternAlgorithm{"allgather", "ring", false, false, false, "a ring (p − 1 steps to the right)",
                     "the ring", allgather_ring},
    PatternAlgorithm{"allgather", "dissemination", false, false, false,
                     "dissemination (rank i sends to i + 2^k in round k)", "dissemination",
                     allgather_dissemination},
    PatternAlgorithm{"allreduce", "reduce-bcast", false, false, false,
                     "a reduction to rank 0 followed by a binomial broadcast",
                     "reduce then broadcast", allreduce_reduce_bcast},
    PatternAlgorithm{"allreduce", "butterfly", false, false, false,
                     "a butterfly (exchange with rank XOR 2^k)", "the butterfly",
                     allreduce_butterfly},
    PatternAlgorithm{"allreduce", "circulant", false, false, false,
                     "a circulant graph (rank i sends to i + n + b_j in round j)",
                     "the circulant graph", allreduce_circulant},
    PatternAlgorithm{"allreduce", "rabenseifner", false, false, false,
                     "Rabenseifner: recursive halving, then doubling back",
                     "Rabenseifner's algorithm", allreduce_rabenseifner},
    PatternAlgorithm{"allreduce", "tree-pipeline", false, true, false,
                     "a two-tree reduction to 0, then a two-tree broadcast",
                     "the two-tree pipeline", allreduce_tree_pipeline},
    PatternAlgorithm{"allreduce", "ring", false, false, false,
                     "a ring reduce-scatter then a ring allgather (2(p − 1) steps)", "the ring",
                     allreduce_ring},
    PatternAlgorithm{"scan", "hillis-steele", false, false, false,
                     "Hillis–Steele (rank i sends to i + 2^k in round k)", "Hillis–Steele",
                     scan_hillis_steele},
    PatternAlgorithm{"scan", "binomial-updown", false, false, false,
                     "a binomial up and down sweep (prefix sums)", "the up/down sweep",
                     scan_updown},
    PatternAlgorithm{"scan", "pipeline", false, true, false, "a linear pipeline in rank order",
                     "the pipeline", scan_pipeline},
    // Same messages as a pattern above, another collective (sizes aside).
    PatternAlgorithm{"allgatherv", "ring", false, false, false, "a ring (p − 1 steps to the right)",
                     "the ring", allgather_ring},
    PatternAlgorithm{"reduce_scatter_block", "ring", false, false, false,
                     "a ring reduce-scatter (p − 1 steps to the right)", "the ring",
                     allgather_ring},
    PatternAlgorithm{"reduce_scatter_block", "halving", false, false, false,
                     "recursive halving (largest blocks first)", "recursive halving",
                     reduce_scatter_halving},
    PatternAlgorithm{"reduce_scatter_block", "ordered-halving", false, false, false,
                     "recursive halving in rank order", "ordered halving",
                     reduce_scatter_ordered_halving},
    PatternAlgorithm{"reduce_scatter", "ring", false, false, false,
                     "a ring reduce-scatter (p − 1 steps to the right)", "the ring",
                     allgather_ring},
    PatternAlgorithm{"reduce_scatter", "halving", false, false, false,
                     "recursive halving (largest blocks first)", "recursive halving",
                     reduce_scatter_halving},
    PatternAlgorithm{"reduce_scatter", "ordered-halving", false, false, false,
                     "recursive halving in rank order", "ordered halving",
                     reduce_scatter_ordered_halving},
    PatternAlgorithm{"exscan", "hillis-steele", false, false, false,
                     "Hillis–Steele (rank i sends to i + 2^k in round k)", "Hillis–Steele",
                     scan_hillis_steele},
    PatternAlgorithm{"exscan", "binomial-updown", false, false, false,
                     "a binomial up and down sweep (prefix sums)", "the up/down sweep",
                     scan_updown},
    PatternAlgorithm{"exscan", "pipeline", false, true, false, "a linear pipeline in rank order",
                     "the pipeline", scan_pipeline},
    PatternAlgorithm{"alltoall", "direct", false, false, false,
                     "direct exchange (rank i sends to i + r in step r)", "direct exchange",
                     alltoall_direct},
    PatternAlgorithm{"alltoall", "one-factor", false, false, false,
                     "a 1-factorization (pairwise exchanges)", "the 1-factorization",
                     alltoall_one_factor},
    PatternAlgorithm{"alltoall", "hypercube", false, false, true,
                     "a hypercube exchange (half the blocks across one bit per round)",
                     "the hypercube", alltoall_hypercube},
    PatternAlgorithm{"alltoall", "bruck", false, false, false,
                     "Bruck's exchange (the slots with bit k to i + 2^k)", "Bruck's exchange",
                     alltoall_bruck},
};

} // namespace

namespace detail {

std::span<const PatternAlgorithm> rootless_patterns() {
  return entries;
}

} // namespace detail

} // namespace collscope::schedule
