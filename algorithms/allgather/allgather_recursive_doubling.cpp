// Recursive-doubling allgather (seeds/001, "The power of the hypercube/butterfly: Allgather"):
// in round k every rank exchanges everything it has gathered so far with rank XOR 2^k, so the
// blocks it holds double each round and always form one aligned run in rank order, received
// straight into place. The lecture's drawback, "Butterfly (hypercube) algorithms do not extend
// nicely to the case where p is not a power of 2", is met with the fold it cites (Rabenseifner,
// Träff 2004), as allreduce rabenseifner does: the even rank of each of the first p − q pairs
// (q = 2^⌊log₂p⌋) hands its block to the odd one, the q core ranks double, and each odd rank
// returns the other p − 1 blocks at the end (MPICH and Open MPI instead let "haves" send to
// "have-nots" after each step, which costs up to ⌈log₂p⌉ extra rounds per step).
//
//   p = 4:  0↔1 2↔3 (1 block)   0↔2 1↔3 (2 blocks)
//   p = 6:  round 0: 0→1 2→3   rounds 1–2: core 1,3,4,5   round 3: 1→0 3→2 (5 blocks)
//
// Rounds: ⌈log₂p⌉ for p a power of two, else ⌊log₂p⌋ + 2.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm for
// p a power of two (optimal in both terms); otherwise at most α + 2βm more.
#include "collscope/algorithms/allgather.hpp"
#include "common/annotate.hpp"
#include "common/block_exchange.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int unchecked_allgather_recursive_doubling(const void* sendbuf, int sendcount,
                                           MPI_Datatype sendtype, void* recvbuf, int recvcount,
                                           MPI_Datatype recvtype, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("allgather", "recursive-doubling", -1, recvcount, recvtype, comm);
  if (carries_no_data(recvcount, recvtype)) return MPI_SUCCESS;
  if (sendbuf != MPI_IN_PLACE) {
    COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype,
                             at(recvbuf, std::int64_t{rank} * recvcount, extent_of(recvtype)),
                             recvcount, recvtype));
  }
  return run_block_exchanges(recvbuf, equal_blocks(recvcount, p), recvtype,
                             schedule::doubling_allgather_exchanges(rank, p, 0), own_blocks,
                             allgather_tag, comm);
}

} // namespace

COLLSCOPE_ENTRY(allgather, allgather_recursive_doubling, unchecked_allgather_recursive_doubling)

} // namespace collscope
