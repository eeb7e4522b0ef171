// Allreduce as reduce-scatter by recursive halving, then allgather by recursive doubling
// (seeds/001, "The power of the hypercube/butterfly: Allreduce, ReduceScatter", "Building on
// the allreduce = reducescatter+allgather observation"; known as Rabenseifner's algorithm,
// van de Geijn 1994): on q = 2^⌊log₂p⌋ ranks the vector is cut into q near-equal parts; in
// the halving steps (distance 1, 2, …, q/2) each rank keeps half of its range of parts and
// adds the partner's partial sums of it; the doubling steps run the same exchanges backwards
// with the finished parts. p not a power of two: the first 2(p − q) ranks fold pairwise
// before and unfold after (Rabenseifner, Träff 2004, cited in seeds/001; as butterfly).
//
//   p = 4:  halving  0↔1 2↔3 (half)   0↔2 1↔3 (quarter)
//           doubling 0↔2 1↔3 (quarter) 0↔1 2↔3 (half)
//   p = 6:  round 0: 0→1 2→3 (fold)   rounds 1–4 on core ranks 1,3,4,5   round 5: 1→0 3→2
//
// Rounds: 2⌈log₂p⌉ for every p.  Cost: 2⌈log₂p⌉α + 2(p − 1)/p·βm + (p − 1)/p·γm for p a power
// of two (optimal in β and γ, twice the optimal latency); otherwise fold and unfold add
// 2(α + βm) and γm to 2⌊log₂p⌋α + 2(q − 1)/q·βm, bounded by 2⌈log₂p⌉α + 2(p − 1)/p·βm + 2βm.
// Smallest distance first keeps every partial sum over a run of consecutive ranks, the lower
// run on the left: correct for non-commutative operations.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/halving.hpp"

namespace collscope {

namespace {

int unchecked_allreduce_rabenseifner(const void* sendbuf, void* recvbuf, int count,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  using schedule::HalvingOrder;
  COLLSCOPE_TRY(check_reducible(op, datatype));
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allreduce", "rabenseifner", -1, count, datatype, comm);
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(typed_copy(sendbuf, count, datatype, recvbuf, count, datatype));
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const int q = schedule::butterfly_core(p), steps = schedule::floor_log2(q);
  HalvingLayout layout{std::vector<std::int64_t>(static_cast<std::size_t>(q) + 1, 0)};
  for (int s = 0; s < q; ++s) layout.offset[s] = schedule::ring_block(count, q, s).begin;
  layout.offset[q] = count;
  const HalvingWork work{recvbuf, layout, datatype, op};
  const bool folded = q != p;
  const int first = folded ? 1 : 0;
  if (folded) COLLSCOPE_TRY(halving_fold(work, 0, allreduce_tag, comm));
  COLLSCOPE_TRY(halving_reduce(work, HalvingOrder::smallest_first, first, allreduce_tag, comm));
  COLLSCOPE_TRY(
      halving_allgather(work, HalvingOrder::smallest_first, first + steps, allreduce_tag, comm));
  if (!folded || rank >= 2 * (p - q)) return MPI_SUCCESS;
  const trace::Round round(schedule::rabenseifner_rounds(p) - 1);
  if (rank % 2 == 0)
    return MPI_Recv(recvbuf, count, datatype, rank + 1, allreduce_tag, comm, MPI_STATUS_IGNORE);
  trace::blocks(0, p, 0, count);
  return MPI_Send(recvbuf, count, datatype, rank - 1, allreduce_tag, comm);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, allreduce_rabenseifner, unchecked_allreduce_rabenseifner)

} // namespace collscope
