// Rabenseifner's reduce = reduce-scatter + gather (seeds/001, "The “Van de Geijn”
// implementations", "The power of the hypercube/butterfly: Allreduce, ReduceScatter";
// Rabenseifner, Träff 2004): the vector is cut into q = 2^⌊log₂p⌋ near-equal parts; recursive
// halving (distance q/2, …, 1, halving.hpp) leaves core rank v with the complete sum of part
// v; a binomial gather of the parts (recursive doubling towards the root: distance 1, 2, …,
// each rank sending the aligned run of parts it holds once its bit differs from the root's)
// assembles the result. p not a power of two: the first 2(p − q) ranks fold pairwise first,
// as allreduce rabenseifner; a root that folded out (an even rank of those pairs) gets the
// result from its odd partner in one more round.
//
//   p = 4, root 0:  halving  0↔2 1↔3 (half)   0↔1 2↔3 (quarter)
//                   gather   1→0 3→2 (quarter)   2→0 (half)
//
// Rounds: 2⌈log₂p⌉ for p a power of two; else 2⌊log₂p⌋ + 1, + 1 when the root folded out.
// Cost: 2⌈log₂p⌉α + 2(p − 1)/p·βm + (p − 1)/p·γm for p a power of two; otherwise at most
// 2βm more (the fold's and the forward's whole vector). Classical recursive halving sums in no
// fixed order: commutative operations only (MPI_ERR_OP before anything is sent).
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/block_exchange.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "common/halving.hpp"

namespace collscope {

namespace {

int unchecked_reduce_scatter_gather(const void* sendbuf, void* recvbuf, int count,
                                    MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  using schedule::HalvingOrder;
  COLLSCOPE_TRY(check_commutative(op, datatype));
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce", "reduce-scatter-gather", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  TempBuffer work(count, datatype);
  COLLSCOPE_TRY(typed_copy(input, count, datatype, work.data(), count, datatype));

  const int q = schedule::butterfly_core(p), steps = schedule::floor_log2(q);
  const HalvingLayout layout{near_equal_blocks(count, q)};
  const HalvingWork w{work.data(), layout, datatype, op};
  const int folded = q != p ? 1 : 0; // the fold's round
  if (folded) COLLSCOPE_TRY(halving_fold(w, 0, reduce_tag, comm));
  COLLSCOPE_TRY(halving_reduce(w, HalvingOrder::largest_first, folded, reduce_tag, comm));

  // The parts meet at the root, or at its odd partner when the root folded out.
  const int target = schedule::butterfly_vrank(root, p) >= 0 ? root : root + 1;
  const int v = schedule::butterfly_vrank(rank, p);
  if (v >= 0) {
    auto exchanges = schedule::doubling_gather_exchanges(v, schedule::butterfly_vrank(target, p), q,
                                                         folded + steps);
    for (schedule::BlockExchange& e : exchanges) { // core ranks → real ranks
      if (e.send_to >= 0) e.send_to = schedule::butterfly_rank(e.send_to, p);
      if (e.recv_from >= 0) e.recv_from = schedule::butterfly_rank(e.recv_from, p);
    }
    COLLSCOPE_TRY(run_block_exchanges(work.data(), layout.offset, datatype, exchanges, sums,
                                      reduce_tag, comm));
  }
  if (target == root) {
    if (rank != root) return MPI_SUCCESS;
    return typed_copy(work.data(), count, datatype, recvbuf, count, datatype);
  }
  const trace::Round forward(folded + 2 * steps);
  if (rank == target) {
    trace::blocks(0, p, 0, count);
    return MPI_Send(work.data(), count, datatype, root, reduce_tag, comm);
  }
  if (rank != root) return MPI_SUCCESS;
  return MPI_Recv(recvbuf, count, datatype, target, reduce_tag, comm, MPI_STATUS_IGNORE);
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_scatter_gather, unchecked_reduce_scatter_gather)

} // namespace collscope
