// Two-phase (up/down) scan and exscan on a binomial tree in rank order (seeds/001, "Scan/Exscan:
// Two phases, up and down"; Sanders, Träff 2006, cited there). Up: in round k, rank i with
// (i + 1) mod 2^(k+1) = 2^k sends its subtree's sum B(i − 2^k + 1) … B(i) to i + 2^k, which
// adds it on its left; rank 2^j − 1 then holds its whole prefix. Down: from the largest
// distance 2^k with 3·2^k ≤ p to 1, rank i with (i + 1) mod 2^(k+1) = 0 sends its (complete)
// prefix to i + 2^k, which adds it on the left of its subtree sum and is complete.
//
//   p = 8    up   round 0: 0→1 2→3 4→5 6→7   round 1: 1→3 5→7   round 2: 3→7
//            down round 3: 3→5                round 4: 1→2 3→4 5→6
//
// Rounds: ⌊log₂p⌋ + ⌊log₂(2p/3)⌋ for p ≥ 2 (≤ 2⌊log₂p⌋; schedule/scan.hpp proves it for
// p ≤ 64).  Cost: rounds·(α + βm + γm).  Work-efficient: at most 2(p − 1) messages and ⊕ in
// all (Hillis–Steele: up to p⌈log₂p⌉).  Exscan adds every received sum also to an exclusive
// sum, in the same rounds.  Operands stay in rank order: correct for non-commutative ops.
#include "collscope/algorithms/scan.hpp"
#include "collscope/schedule/scan.hpp"
#include "common/contract.hpp"
#include "scan/scan_in_steps.hpp"

namespace collscope {

namespace {

constexpr detail::StepSchedule steps{"binomial-updown", schedule::updown_rounds,
                                     schedule::updown_step};

} // namespace

COLLSCOPE_ENTRY(allreduce, scan_binomial_updown, detail::ScanInSteps{steps, false})

COLLSCOPE_ENTRY(allreduce, exscan_binomial_updown, detail::ScanInSteps{steps, true})

} // namespace collscope
