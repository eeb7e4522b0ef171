// GL9 (seeds/004 §3.1, Appendix A): MPI_Bcast(n) ≤ MPI_Allgatherv(n). The library's
// MPI_Allgatherv in place where the root contributes its n elements and every other rank
// none, so all of them end up with the root's. Extra memory: counts and displacements, 2p ints.
//
//   p = 4, root 2:  counts [0 0 n 0], displs [0 0 0 0], MPI_IN_PLACE on every rank
//
// Rounds and cost: the library's allgatherv of one block (the registry has no formula).
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

#include <vector>

namespace collscope {

namespace {

int unchecked_bcast_gl9(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "gl9-allgatherv", root, count, datatype, comm);
  std::vector<int> counts(static_cast<std::size_t>(p), 0);
  const std::vector<int> displs(static_cast<std::size_t>(p), 0);
  counts[std::size_t(root)] = count;
  return MPI_Allgatherv(MPI_IN_PLACE, 0, datatype, buffer, counts.data(), displs.data(), datatype,
                        comm);
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_gl9_allgatherv, unchecked_bcast_gl9)

} // namespace collscope
