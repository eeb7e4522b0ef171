// Registry entries of the lecture's remaining one-port algorithms that post requests or
// overlap phases: alltoall with nonblocking requests (Open MPI's basic linear, MPICH's
// scatter-dest), the doubly pipelined dual-root allreduce and the in-order binary tree reduce.
// registry.cpp puts each before its collective's native entry.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/dual_root.hpp"
#include "collscope/schedule/inorder_tree.hpp"
#include "common/registry_formulas.hpp"
#include "common/registry_parts.hpp"

#include <algorithm>
#include <array>

namespace collscope::detail {

namespace {

using namespace formulas;
using C = Collective;

// Bounds: the exact counts depend on the trees' shapes (schedule/dual_root.hpp,
// schedule/inorder_tree.hpp; tests/unit/test_inorder_dual_root.cpp holds them below these).
constexpr RoundsFormula dual_root_rounds{"≤ 3(M−1) + 4⌊log₂(p+1)⌋", s::dual_root_round_bound};
constexpr CostFormula dual_root{
    "≤ (3(M−1) + 4⌊log₂(p+1)⌋)(α + βm/M)", [](int p, double m, double a, double b, int blocks) {
      return s::dual_root_round_bound(p, blocks) * (a + b * m / std::max(blocks, 1));
    }};
constexpr RoundsFormula inorder_rounds{"≤ 2⌈log₂p⌉",
                                       [](int p, int) { return s::inorder_reduce_round_bound(p); }};
constexpr CostFormula inorder{"≤ 2⌈log₂p⌉(α + βm)", [](int p, double m, double a, double b, int) {
                                return s::inorder_reduce_round_bound(p) * (a + b * m);
                              }};

// The k-ported figures (`ported`, seeds/001 "k-ported"): every request of a batch is posted at
// once, so with p − 1 ports a batch's p − 1 (or B) messages of m/p bytes overlap entirely.
constexpr CostFormula linear_ported{
    "min(p − 1, 1)(α + βm/p)",
    [](int p, double m, double a, double b, int) { return p > 1 ? a + b * m / p : 0.0; }};
constexpr CostFormula scatter_dest_ported{
    "⌈(p − 1)/M⌉(α + βm/p)", [](int p, double m, double a, double b, int blocks) {
      const int batch = std::max(blocks, 1);
      return static_cast<double>((p - 1 + batch - 1) / batch) * (a + b * m / p);
    }};

const std::array entries{
    Algorithm{.collective = C::reduce,
              .name = "inorder-binary",
              .description = "in-order binary tree topped by the root: rank order kept "
                             "(non-commutative ops), any root",
              .source = "seeds/001 “Complete, balanced, binary tree: Naming (in-order)”, "
                        "“Pipelined binary tree”",
              .rounds = inorder_rounds,
              .cost = inorder,
              .reduce = reduce_inorder_binary},
    Algorithm{.collective = C::allreduce,
              .name = "doubly-pipelined",
              .description = "reduce up and broadcast down two in-order trees at once; the roots "
                             "swap partial blocks",
              .source = "seeds/001 “Doubly-rooted, doubly pipelined allreduce” (Träff 2021)",
              .rounds = dual_root_rounds,
              .cost = dual_root,
              .parameter = Parameter::blocks,
              .blocks_for = dual_root_blocks_for,
              .allreduce = allreduce_doubly_pipelined},
    Algorithm{.collective = C::alltoall,
              .name = "linear",
              .description = "every Irecv and Isend posted at once, one Waitall (Open MPI's "
                             "basic linear)",
              .source = "seeds/001 “Direct alltoall, fully-connected network”; Open MPI",
              .rounds = linear_rounds,
              .cost = ring,
              .alltoall = alltoall_linear,
              .ported = linear_ported},
    Algorithm{.collective = C::alltoall,
              .name = "scatter-dest",
              .description = "the linear requests at most --blocks B (default 32) rounds at a "
                             "time (MPICH)",
              .source = "seeds/001 “Direct alltoall, fully-connected network”; MPICH",
              .rounds = linear_rounds,
              .cost = ring,
              .parameter = Parameter::blocks,
              .blocks_for = alltoall_throttle_for,
              .alltoall = alltoall_scatter_dest,
              .ported = scatter_dest_ported},
};

} // namespace

std::span<const Algorithm> posted_and_inorder_algorithms() {
  return entries;
}

} // namespace collscope::detail
