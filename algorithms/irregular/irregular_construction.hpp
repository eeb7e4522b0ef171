// The distributed construction of Träff's gather tree (seeds/000 §2, Lemma 3 and Fig. 2;
// seeds/001, "Question: How does r′ know r″"), shared by gatherv_traff and scatterv_traff.
//
// Every level-d cube has a fixed root f (its last rank, computable by anyone) and a gather
// root g. Invariant: f knows g and the cube's (S, m_g); g knows its own (S, m_g). At level d:
//
//   round 2d     f′ ⇄ f″   the two fixed roots exchange (g, S, m_g) of their cubes
//   round 2d+1   f′ → g′   if g′ ≠ f′: the other cube's (g″, S″, m_g″)   (f″ → g″ likewise)
//
// after which f′, f″, g′ and g″ all evaluate schedule::merge_cubes on the same two records:
// the loser learns its parent and stops, the winner records a child, f″ (the upper fixed
// root) stays fixed root of the merged cube. Rounds: at most 2⌈log₂p⌉, each with messages of
// four 64-bit integers (the fourth is the sender's dependency step, which lets tests check
// the round count); no rank learns anything about blocks other than these sums.
//
//   p = 4, level 1, cubes [0,2) and [2,4), gather roots 0 and 2:
//     round 2:  1 ⇄ 3      round 3:  1 → 0, 3 → 2      then 0 and 2 both know who receives
#pragma once

#include "collscope/schedule/irregular_tree.hpp"

#include <cstdint>
#include <mpi.h>

namespace collscope::detail {

/// What one rank knows once the construction is over: its node of the tree (parent, level,
/// bytes it sends, children in receive order). The root's direct children (graceful
/// degradation) are not in it: only the root's own block counts tell it about them.
struct IrregularView {
  schedule::IrregularNode node;
  int steps = 0; ///< dependency depth of this rank's last construction message (≤ 2⌈log₂p⌉)
};

/// Runs the construction for this rank's `bytes` and the given root (every rank passes the
/// same root and options). Annotated as rounds 0 … 2⌈log₂p⌉ − 1.
int build_irregular_tree(std::int64_t bytes, int root, const schedule::IrregularOptions& options,
                         MPI_Comm comm, IrregularView& view);

} // namespace collscope::detail
