// The arithmetic of the guideline mock-ups (seeds/004, Table 1 and Appendix A): the padding
// that makes a vector a multiple of p for MPI_Reduce_scatter_block and MPI_Scatter, and the
// chunked split of a vector for MPI_Reduce_scatter and MPI_Gatherv / MPI_Allgatherv.
#pragma once

#include <cstdint>
#include <vector>

namespace collscope::schedule {

/// PGMPITuneLib's chunk C (its MIN_SCATTER_CHUNK_SIZE): no rank gets fewer than C elements
/// from the chunked split unless the vector has fewer than C·p.
inline constexpr int mockup_chunk = 4;

/// The c of Table 1: the fewest elements (0 … p − 1) that make count + c a multiple of p.
int padding(std::int64_t count, int p);

/// Counts and displacements of a vector of `count` elements over p ranks in chunks of `chunk`
/// (GL7, GL16): every rank gets ⌊count/(C·p)⌋ chunks, the ⌊count/C⌋ mod p first ranks one more,
/// and the next rank the last count mod C elements; blocks are contiguous and in rank order.
struct Split {
  std::vector<int> counts;
  std::vector<int> displs;
};
Split chunked_split(int count, int p, int chunk = mockup_chunk);

/// Whether one MPI call of `amount` (elements or bytes) exceeds MPI's int counts.
bool exceeds_int(std::int64_t amount);

} // namespace collscope::schedule
