// Linear alltoall, Open MPI's basic linear algorithm (seeds/001, "Direct alltoall,
// fully-connected network", with every request posted at once): p − 1 MPI_Irecv, then p − 1
// MPI_Isend, then one MPI_Waitall. Rank r receives from r − 1, r − 2, … and sends to r + 1,
// r + 2, … in that order, the direct algorithm's rounds, so on a 1-ported network no two
// messages meet at one receiver at the same time.
//
//   p = 4, rank 1:   Irecv ← 0, ← 3, ← 2    Isend → 2, → 3, → 0    Waitall
//
// Rounds (1-ported, as annotated): p − 1; the trace's dependency depth is 1 (one Waitall).
// Cost: (p − 1)(α + βm/p), m the data a rank sends; with k ports the p − 1 messages overlap
// (the k-ported model), which is what the library's choice of it counts on.
#include "alltoall/alltoall_posted.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <climits>

namespace collscope {

COLLSCOPE_ENTRY(alltoall, alltoall_linear, [](auto... mpi_args) {
  return detail::posted_alltoall("linear", INT_MAX, mpi_args...);
})

} // namespace collscope
