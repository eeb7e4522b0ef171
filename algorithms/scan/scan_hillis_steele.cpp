// Hillis–Steele (dissemination) scan and exscan (seeds/001, "Scan/Exscan in fully-connected
// networks"; Hillis, Steele 1986): in round k rank i sends its partial sum
// B(max(0, i − 2^k + 1)) ⊕ … ⊕ B(i) to i + 2^k and adds the one from i − 2^k on its left, so
// after round k it covers the 2^(k+1) inputs up to its own.
//
//   p = 7     round 0 (d=1)      round 1 (d=2)      round 2 (d=4)
//   rank 6    B5..B6             B3..B6             B0..B6
//             0→1 1→2 … 5→6      0→2 1→3 … 4→6      0→4 1→5 2→6
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉(α + βm + γm): optimal in α, not in β (every round moves the
// whole vector).  Exscan keeps a second, exclusive sum B(max(0, i − 2^k + 1)) … B(i − 1) that
// takes the same received sums, so it runs in the same rounds with one more ⊕ per round.
// Operands are combined in rank order: correct for non-commutative operations.
#include "collscope/algorithms/scan.hpp"
#include "collscope/schedule/scan.hpp"
#include "common/contract.hpp"
#include "scan/scan_in_steps.hpp"

namespace collscope {

namespace {

constexpr detail::StepSchedule steps{"hillis-steele", schedule::hillis_steele_rounds,
                                     schedule::hillis_steele_step};

} // namespace

COLLSCOPE_ENTRY(allreduce, scan_hillis_steele, detail::ScanInSteps{steps, false})

COLLSCOPE_ENTRY(allreduce, exscan_hillis_steele, detail::ScanInSteps{steps, true})

} // namespace collscope
