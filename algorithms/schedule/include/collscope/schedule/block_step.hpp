// What one process does in one round of a block-pipelined broadcast: receive at most one block
// and send at most one block (the 1-ported, bidirectional model of seeds/001). Shared by the
// pipelined trees, the two-tree and Jia's hypercube schedule, so one simulator tests them all.
#pragma once

namespace collscope::schedule {

/// One direction of a round: the peer (a vrank, −1 for none) and the block index.
struct Transfer {
  int peer = -1;
  int block = -1;
  [[nodiscard]] bool active() const { return peer >= 0; }
};

struct BlockStep {
  Transfer send;
  Transfer recv;
};

/// The pipelining lemma for a schedule of k + s·M rounds of α + βm/M each: the M ≥ 1 that
/// minimises (k + sM)(α + βm/M), near √(kβm/(sα)), clamped to [1, min(count, 2^20)]; 0 when
/// count = 0. `rounds(M)` is the schedule's exact round count, used to pick the better of
/// the two integers around the continuous optimum.
int lemma_blocks(double k, double s, long long count, double bytes, double alpha, double beta,
                 int (*rounds)(int p, int blocks), int p);

} // namespace collscope::schedule
