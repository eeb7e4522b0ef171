// Linear-array pipeline (seeds/001, "Pipelined broadcast" and "Pipelining lemma"): the
// message of `count` elements is cut into M blocks that travel down the chain of virtual
// ranks 0 → 1 → … → p−1, one hop per round.
//
//   round:   0    1    2    3    4          p = 4, M = 3: vrank i receives block b in round
//   0→1     b0   b1   b2                    i − 1 + b and forwards it in round i + b, so the
//   1→2          b0   b1   b2               last rank is done after p − 1 + M − 1 rounds.
//   2→3               b0   b1   b2
#pragma once

#include <cstdint>

namespace collscope::schedule {

struct ElementRange {
  std::int64_t begin;
  std::int64_t count;
};

/// Block b of `count` (< 2^31) elements cut into M near-equal blocks (sizes differ by ≤ 1).
ElementRange pipeline_block(std::int64_t count, int blocks, int b);

/// The pipelining lemma's best block count for latency k = p − 1 and one block per round
/// (s = 1): M* = √((p − 2)·β·m / α), rounded to the better neighbouring integer and clamped
/// to [1, min(count, 2^20)] — past a million blocks the per-block bookkeeping, not the model,
/// dominates; 0 when count = 0. `bytes` is m, the message size.
int pipeline_best_blocks(int p, std::int64_t count, double bytes, double alpha, double beta);

/// Rounds of the linear pipeline: p − 1 + M − 1 (0 when p = 1 or M = 0).
int pipeline_rounds(int p, int blocks);

} // namespace collscope::schedule
