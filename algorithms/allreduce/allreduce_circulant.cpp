// Circulant allreduce (seeds/001, "Beyond the butterfly: Allreduce in fully-connected
// networks"; Bar-Noy, Kipnis, Schieber 1993; Bruck, Ho 1993): every rank i keeps two partial
// sums, S1 = B(i−n) ⊕ … ⊕ B(i) and S0 = B(i−n) ⊕ … ⊕ B(i−1) (mod p). Round j reads bit b_j of
// p − 1, most significant first: b_j = 1 sends S1 to i + n + 1, b_j = 0 sends S0 to i + n;
// the received sum is added to both, and n = 2n + b_j. After the last round n = p − 1 and S1
// is the whole reduction.
//
//   p = 6, p − 1 = 101₂:   round 0  b=1  d=1  S1 covers 2 inputs
//                          round 1  b=0  d=1  S1 covers 3
//                          round 2  b=1  d=3  S1 covers 6 = p
//
// Rounds: ⌈log₂p⌉ for every p.  Cost: ⌈log₂p⌉(α + βm): optimal in α.  The sums wrap past
// rank p − 1, so the operation must be commutative.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_circulant(const void* sendbuf, void* recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  int commutative = 0;
  COLLSCOPE_TRY(MPI_Op_commutative(op, &commutative));
  if (!commutative) return MPI_ERR_OP;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allreduce", "circulant", -1, count, datatype, comm);
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(typed_copy(sendbuf, count, datatype, recvbuf, count, datatype));
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  void* s1 = recvbuf;
  TempBuffer s0(count, datatype), incoming(count, datatype);
  bool s0_empty = true; // b_0 = 1: S0 is first sent in round 1, after the first update
  const auto rounds = schedule::circulant_allreduce_rounds(p);
  for (std::size_t j = 0; j < rounds.size(); ++j) {
    const auto [bit, n, distance] = rounds[j];
    const trace::Round round(static_cast<int>(j));
    trace::blocks(((rank - n) % p + p) % p, bit ? n + 1 : n, 0, count);
    COLLSCOPE_TRY(MPI_Sendrecv(bit ? s1 : s0.data(), count, datatype, (rank + distance) % p,
                               allreduce_tag, incoming.data(), count, datatype,
                               (rank - distance + p) % p, allreduce_tag, comm, MPI_STATUS_IGNORE));
    if (s0_empty)
      COLLSCOPE_TRY(typed_copy(incoming.data(), count, datatype, s0.data(), count, datatype));
    else
      COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), s0.data(), count, datatype, op));
    s0_empty = false;
    COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), s1, count, datatype, op));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_circulant, unchecked_allreduce_circulant)

} // namespace collscope
