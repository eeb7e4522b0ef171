// Butterfly allreduce by recursive doubling (seeds/001, "The power of the hypercube/butterfly";
// non-powers of two as in Rabenseifner, Träff 2004, cited there): with q = 2^⌊log₂p⌋, the
// first 2(p − q) ranks pair up and the even one folds its vector into the odd one; the q
// remaining ranks exchange whole vectors with the partner across bit 0, 1, … of their core
// rank; the odd ranks then hand the result back to their even partners.
//
//   p = 6 (q = 4):  round 0: 0→1 2→3 (fold)   core ranks 1,3,4,5 = v 0,1,2,3
//                   round 1: v0↔v1 v2↔v3      round 2: v0↔v2 v1↔v3   round 3: 1→0 3→2
//
// Rounds: ⌈log₂p⌉ for p a power of two, else ⌊log₂p⌋ + 2.  Cost: rounds·(α + βm).  Every
// combination puts the lower ranks' sum on the left, so it is correct for non-commutative ops.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

/// Real ranks whose inputs core ranks [lo, hi) hold (folded pairs count twice).
std::pair<int, int> origins(int lo, int hi, int p) {
  const int extra = p - schedule::butterfly_core(p);
  const int first = lo < extra ? 2 * lo : lo + extra;
  return {first, schedule::butterfly_rank(hi - 1, p) - first + 1};
}

int unchecked_allreduce_butterfly(const void* sendbuf, void* recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allreduce", "butterfly", -1, count, datatype, comm);
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(typed_copy(sendbuf, count, datatype, recvbuf, count, datatype));
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const int q = schedule::butterfly_core(p);
  const bool folded = q != p;
  const int v = schedule::butterfly_vrank(rank, p);
  TempBuffer incoming(count, datatype);
  if (folded && rank < 2 * (p - q)) {
    const trace::Round round(0);
    if (v < 0) {
      trace::blocks(rank, 1, 0, count);
      COLLSCOPE_TRY(MPI_Send(recvbuf, count, datatype, rank + 1, allreduce_tag, comm));
    } else {
      COLLSCOPE_TRY(MPI_Recv(incoming.data(), count, datatype, rank - 1, allreduce_tag, comm,
                             MPI_STATUS_IGNORE));
      COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), recvbuf, count, datatype, op));
    }
  }
  if (v >= 0) {
    int k = folded ? 1 : 0;
    for (int d = 1; d < q; d *= 2, ++k) {
      const int partner = schedule::butterfly_rank(v ^ d, p);
      const trace::Round round(k);
      const auto [first, covered] = origins(v & ~(d - 1), (v & ~(d - 1)) + d, p);
      trace::blocks(first, covered, 0, count);
      COLLSCOPE_TRY(MPI_Sendrecv(recvbuf, count, datatype, partner, allreduce_tag, incoming.data(),
                                 count, datatype, partner, allreduce_tag, comm, MPI_STATUS_IGNORE));
      if ((v ^ d) < v) {
        COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), recvbuf, count, datatype, op));
      } else { // mine ⊕ partner's: computed in the incoming buffer, then moved back
        COLLSCOPE_TRY(MPI_Reduce_local(recvbuf, incoming.data(), count, datatype, op));
        COLLSCOPE_TRY(typed_copy(incoming.data(), count, datatype, recvbuf, count, datatype));
      }
    }
  }
  if (folded && rank < 2 * (p - q)) {
    const trace::Round round(schedule::butterfly_rounds(p) - 1);
    if (v < 0)
      return MPI_Recv(recvbuf, count, datatype, rank + 1, allreduce_tag, comm, MPI_STATUS_IGNORE);
    trace::blocks(0, p, 0, count);
    return MPI_Send(recvbuf, count, datatype, rank - 1, allreduce_tag, comm);
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_butterfly, unchecked_allreduce_butterfly)

} // namespace collscope
