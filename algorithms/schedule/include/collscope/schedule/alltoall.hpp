// All-to-all schedules (seeds/001, "Alltoall communication" to "The power of the circulant
// graph"): who talks to whom in which round, and which of a rank's p blocks travel.
//
// Direct, p = 4, rank 1:  round 0: → 2, ← 0   round 1: → 3, ← 3   round 2: → 0, ← 2
// One-factor, p = 6 (the lecture's "rotate along circle"; rank 5 = p − 1 is the centre):
//   round 0: 0–5 1–4 2–3   round 1: 1–5 2–0 3–4   …   round 4: 4–5 0–3 1–2
// For odd p the factorization of p + 1 is used and the rank paired with the virtual rank p
// idles: p rounds, one idle rank in each.
//
// Hypercube and Bruck keep a rank's p blocks in slots j = 0 … p − 1 that mean
//   Bruck:      slot j holds the block from origin o to destination o + j (mod p),
//   hypercube:  slot j holds the block from origin o to destination o XOR j,
// and in each round send exactly the slots with one bit set, to the neighbour across that
// bit, which keeps them in the same slots. Bruck, p = 5, round k moves the slots with bit k:
//   round 0 (d = 1): slots 1 3      round 1 (d = 2): slots 2 3      round 2 (d = 4): slot 4
// so ⌊p/2⌋ blocks at most per round (p/2 exactly for p a power of two).
#pragma once

#include "collscope/schedule/exchange_replay.hpp"

#include <vector>

namespace collscope::schedule {

/// Direct: round r ∈ [0, p − 1) sends to rank + r + 1 and receives from rank − r − 1 (mod p).
struct PairStep {
  int send_to;
  int recv_from;
};
PairStep direct_alltoall_step(int rank, int p, int r);

/// One-factor: p − 1 rounds for even p, p for odd p > 1, 0 for p = 1.
int one_factor_rounds(int p);
/// The partner of `rank` in round r of the 1-factorization, or −1 when it idles (odd p).
int one_factor_partner(int rank, int p, int r);

/// Hypercube (p a power of two): ⌈log₂p⌉ rounds; round k crosses bit d − 1 − k (highest
/// first, as the lecture's "flip bit d−1−k"); the partner is rank XOR 2^(d−1−k).
int hypercube_alltoall_bit(int p, int k);

/// Bruck: ⌈log₂p⌉ rounds; round k sends the slots with bit k set to rank + 2^k and receives
/// the same slots from rank − 2^k.
PairStep bruck_alltoall_step(int rank, int p, int k);

/// Round k of the hypercube and of Bruck as an exchange step (exchange_replay.hpp), m the bytes
/// a rank sends in all (p blocks of m/p): the slots the round moves, combined in one message.
ExchangeStep hypercube_alltoall_exchange(int rank, int p, double m, int k);
ExchangeStep bruck_alltoall_exchange(int rank, int p, double m, int k);
/// The same for a whole call (Algorithm::exchange; the last argument is unused).
ExchangeRounds hypercube_alltoall_rounds(int p, double m, int);
ExchangeRounds bruck_alltoall_rounds(int p, double m, int);

/// The slots j ∈ [0, p) with bit `bit` set, ascending: what a round moves.
std::vector<int> slots_with_bit(int p, int bit);

/// Whose block sits in a slot.
struct SlotBlock {
  int origin;
  int destination;
  friend bool operator==(const SlotBlock&, const SlotBlock&) = default;
};
/// Bruck: slot j of `rank` after the first `rounds_done` rounds (0: after the local rotation,
/// ⌈log₂p⌉: done, slot j holds the block from rank − j to rank).
SlotBlock bruck_slot(int rank, int p, int j, int rounds_done);
/// Hypercube: slot j of `rank` after the first `rounds_done` rounds.
SlotBlock hypercube_slot(int rank, int p, int j, int rounds_done);

/// α-β cost of Bruck for m bytes per rank (p blocks): ⌈log₂p⌉(α + βm/2), an upper bound
/// (⌊p/2⌋ of p blocks per round at most), exact for p a power of two.
double bruck_alltoall_bound(int p, double m, double alpha, double beta);
/// The exact α-β time of Bruck's blocks: Σ_k (α + β·|slots with bit k|·m/p).
double bruck_alltoall_time(int p, double m, double alpha, double beta);

} // namespace collscope::schedule
