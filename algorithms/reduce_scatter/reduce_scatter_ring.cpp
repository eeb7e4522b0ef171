// Ring reduce-scatter (seeds/001, "Linear-ring reduce-scatter"): in step s = 0 … p−2 rank i
// sends its partial sum of block i − s − 1 to i + 1 and adds the partial sum of block i − s − 2
// from i − 1 to its own (the lecture's loop with si = rank − i, ri = rank − i − 1). After p − 1
// steps rank i holds block i complete. Blocks may differ in size (MPI_Reduce_scatter).
//
//   p = 3, rank 0:   step 0: send B2 = x0          recv B1 = x2          → B1 = x2⊕x0
//                    step 1: send B1 = x2⊕x0       recv B0 = x1⊕x2       → B0 = x1⊕x2⊕x0
//
// Rounds: p − 1.  Cost: (p − 1)α + (p − 1)/p·βm for p blocks of m/p (optimal in β), plus
// (p − 1)/p·γm for the local reductions.  A block's sum starts after its owner and wraps past
// p − 1, so the operation must be commutative: a non-commutative op is refused before
// anything is sent.
#include "collscope/algorithms/reduce_scatter.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "reduce_scatter/reduce_scatter_parts.hpp"

#include <algorithm>

namespace collscope {

namespace {

int unchecked_ring(const char* collective, const void* sendbuf, void* recvbuf,
                   const std::vector<int>& counts, MPI_Datatype datatype, MPI_Op op,
                   MPI_Comm comm) {
  using namespace detail;
  COLLSCOPE_TRY(check_commutative(op, datatype));
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region(collective, "ring", -1, counts[rank], datatype, comm);
  const auto displs = reduce_scatter_displs(counts);
  const int total = static_cast<int>(displs.back());
  if (carries_no_data(total, datatype)) return MPI_SUCCESS;
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  const MPI_Aint extent = extent_of(datatype);
  TempBuffer work(total, datatype),
      incoming(*std::max_element(counts.begin(), counts.end()), datatype);
  COLLSCOPE_TRY(typed_copy(input, total, datatype, work.data(), total, datatype));
  const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
  const auto block = [&](int b) { return ((b % p) + p) % p; };
  for (int s = 0; s + 1 < p; ++s) {
    const trace::Round round(s);
    const int out = block(rank - s - 1), in = block(rank - s - 2);
    trace::blocks(block(out + 1), s + 1, displs[out], counts[out]);
    COLLSCOPE_TRY(MPI_Sendrecv(at(work.data(), displs[out], extent), counts[out], datatype, right,
                               reduce_scatter_tag, incoming.data(), counts[in], datatype, left,
                               reduce_scatter_tag, comm, MPI_STATUS_IGNORE));
    COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), at(work.data(), displs[in], extent), counts[in],
                                   datatype, op));
  }
  return typed_copy(at(work.data(), displs[rank], extent), counts[rank], datatype, recvbuf,
                    counts[rank], datatype);
}

} // namespace

COLLSCOPE_ENTRY(reduce_scatter_block, reduce_scatter_block_ring,
                detail::BlockReduceScatter{unchecked_ring})

COLLSCOPE_ENTRY(reduce_scatter, reduce_scatter_ring, detail::ReduceScatter{unchecked_ring})

} // namespace collscope
