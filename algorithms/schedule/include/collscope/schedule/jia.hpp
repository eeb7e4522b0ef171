// Bin Jia's M − 1 + ⌈log₂p⌉ round broadcast (seeds/001, "The power of the hypercube: Optimal
// Broadcast", "The M−1+log p round hypercube algorithm", "Beyond hypercube"). Root 0; in
// round j every process exchanges one block with its hypercube neighbour across bit j mod q:
// it sends block s(i, j) and receives block t(i, j), where
//
//   s(i, j) = j − q + (1 − bit(i, j))·NEXTBIT(i)[j mod q]
//   t(i, j) = j − q +      bit(i, j) ·NEXTBIT(i)[j mod q]
//
// and NEXTBIT(i)[j] is the distance from bit j of i to the next more significant 1-bit of i,
// cyclically (q for i = 0). Blocks below 0 are not sent; blocks ≥ M are sent as M − 1.
//
//   p = 8, M = 5, q = 3: partner = i XOR 2^(j mod 3); 7 = M − 1 + q rounds
//   round j:   0      1      2      3      4      5      6
//   bit:       0      1      2      0      1      2      0
//   0 →      1:b0   2:b1   4:b2   1:b3   2:b4   4:b4   1:b4
//
// When p is not a power of two, q = ⌊log₂p⌋ and each excess process 2^q + k pairs with
// process k + 1 (co); a pair plays one hypercube node: its "in" process receives t, its "out"
// process sends s, in hands out block j − q − 1 each round, and the roles swap whenever the
// representative's bit j is 1. One extra round swaps blocks M − 1 and M − 2 inside each pair:
// M + q = M − 1 + ⌈log₂p⌉ rounds. Optimal: T = (⌈log₂p⌉ − 1)α + 2√((⌈log₂p⌉ − 1)αβm) + βm.
#pragma once

#include "collscope/schedule/block_step.hpp"

#include <vector>

namespace collscope::schedule {

/// NEXTBIT(i)[j] for a q-bit i (q for i = 0).
int jia_nextbit(int i, int j, int q);
/// s(i, j) and t(i, j) before the clamping to M − 1 (may be negative or ≥ M).
int jia_s(int i, int j, int q);
int jia_t(int i, int j, int q);
/// The cooperating process of i (i itself for singletons and for the root) and the unit's
/// representative (the member below 2^q).
int jia_co(int i, int p);
int jia_rep(int i, int p);
/// The out (sending) and in (receiving) member of the unit represented by r in round j.
int jia_out(int r, int j, int p);
int jia_in(int r, int j, int p);

/// M − 1 + ⌈log₂p⌉ (0 when p = 1 or M = 0).
int jia_rounds(int p, int blocks);

/// What vrank i sends and receives in round j of the broadcast of M blocks from vrank 0.
BlockStep jia_step(int p, int blocks, int i, int j);

} // namespace collscope::schedule
