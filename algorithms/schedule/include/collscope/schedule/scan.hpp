// Prefix-sum (MPI_Scan, MPI_Exscan) schedules of seeds/001 ("Scan/Exscan": the Hillis–Steele
// dissemination scan, the two-phase up/down sweep on a binomial tree, the pipelined linear
// array). Each says, for rank i of p in round k, whom it sends to and receives from (−1: no
// one) and which inputs the partial sum it sends covers; every combination puts the sender's
// (lower) inputs on the left, so all three are correct for non-commutative operations.
#pragma once

namespace collscope::schedule {

/// Inputs B(first) ⊕ … ⊕ B(first + count − 1) of a partial sum.
struct OriginRange {
  int first = 0;
  int count = 0;
  friend bool operator==(const OriginRange&, const OriginRange&) = default;
};

/// One rank's traffic in one round: at most one send and one receive.
struct ScanStep {
  int to = -1;        ///< receiver of this rank's partial sum, −1 if none
  int from = -1;      ///< sender of the partial sum this rank adds on its left, −1 if none
  OriginRange sent{}; ///< the inputs the sent partial sum covers (when to ≥ 0)
};

/// Hillis–Steele round k (distance 2^k): rank i sends B(max(0, i − 2^k + 1)) … B(i) to
/// i + 2^k and receives from i − 2^k; ⌈log₂p⌉ rounds.
ScanStep hillis_steele_step(int rank, int p, int k);
int hillis_steele_rounds(int p); ///< ⌈log₂p⌉

/// Binomial up/down sweep. Up rounds k = 0 … ⌊log₂p⌋ − 1 (distance 2^k): rank i with
/// (i + 1) mod 2^(k+1) = 2^k sends its subtree sum B(i − 2^k + 1) … B(i) to i + 2^k. Down
/// rounds for k = ⌊log₂⌊p/3⌋⌋ … 0: rank i with (i + 1) mod 2^(k+1) = 0, which by then holds
/// its whole prefix B(0) … B(i), sends it to i + 2^k. Every rank sends at most once going
/// up and receives at most once going down: 2(p − 1) messages and ⊕ or fewer, work-efficient.
ScanStep updown_step(int rank, int p, int round);
int updown_up_rounds(int p);   ///< ⌊log₂p⌋ (0 for p = 1)
int updown_down_rounds(int p); ///< the k with 3·2^k ≤ p: ⌊log₂⌊p/3⌋⌋ + 1 (0 for p < 3)
int updown_rounds(int p); ///< ⌊log₂p⌋ + ⌊log₂(2p/3)⌋ for p ≥ 2 (≤ 2⌊log₂p⌋), 0 for p = 1

/// Linear-array pipeline with M blocks: rank i receives block b of the prefix of ranks
/// 0 … i − 1 from i − 1 in round i − 1 + b, adds its own block and sends block b of
/// B(0) … B(i) to i + 1 in round i + b; p − 1 + M − 1 rounds (schedule::pipeline_rounds).
/// Rank i's step in `round`, with the blocks it sends and receives (−1: none).
struct PipelineScanStep {
  ScanStep step;
  int sent_block = -1;
  int received_block = -1;
};
PipelineScanStep pipeline_scan_step(int rank, int p, int blocks, int round);

/// α-β costs, m = bytes of the vector (the γm of each combination is not modelled).
double hillis_steele_cost(int p, double m, double alpha, double beta); ///< ⌈log₂p⌉(α + βm)
double updown_cost(int p, double m, double alpha, double beta);        ///< rounds·(α + βm)

} // namespace collscope::schedule
