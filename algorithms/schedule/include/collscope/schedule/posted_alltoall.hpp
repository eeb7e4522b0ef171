// All-to-all with nonblocking requests (Open MPI's basic linear, MPICH's scatter-dest): the
// direct algorithm's pairs (alltoall.hpp: round r sends to rank + r + 1, receives from
// rank − r − 1), posted in batches of at most b rounds, each batch's receives, then its sends,
// then one MPI_Waitall. b ≥ p − 1 posts everything at once (linear); MPICH throttles to b = 32.
// In the 1-ported α-β model the rounds still serialize: p − 1 rounds, (p − 1)(α + βm/p); the
// dependency depth a trace shows is one step per batch.
#pragma once

namespace collscope::schedule {

/// MPICH's default throttle (MPIR_CVAR_ALLTOALL_THROTTLE).
inline constexpr int scatter_dest_default_batch = 32;

/// Rounds [first, end) of one batch.
struct RoundRange {
  int first = 0;
  int end = 0;
};
/// Batches of at most `batch` (≥ 1) of the p − 1 rounds: ⌈(p − 1)/batch⌉, 0 for p = 1.
int posted_batches(int p, int batch);
RoundRange posted_batch(int p, int batch, int i);

} // namespace collscope::schedule
