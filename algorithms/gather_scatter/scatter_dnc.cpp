// Divide-and-conquer scatter (seeds/001, "Binomial tree-like, divide-and-conquer scatter
// (≠power-of-two)"): the root sends the half of [0, p) it does not belong to, as one
// contiguous run of its send buffer, to that half's subroot; both recurse. Constant
// algorithmic latency: root and subroots start sending at once. See
// schedule/divide_conquer.hpp for the tree.
//
//   p = 7, root 3:   round 0: 3→4 [4,7)    round 1: 3→0 [0,2) 4→6    round 2: 3→2 0→1 4→5
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm, optimal in both terms.
#include "collscope/algorithms/scatter.hpp"
#include "collscope/schedule/divide_conquer.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"

#include <optional>

namespace collscope {

namespace {

int unchecked_scatter_dnc(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool is_root = rank == root;
  const AlgorithmRegion region("scatter", "dnc", root, is_root ? sendcount : recvcount,
                               is_root ? sendtype : recvtype, comm);
  if (is_root ? carries_no_data(sendcount, sendtype) : carries_no_data(recvcount, recvtype))
    return MPI_SUCCESS;

  // What this rank scatters from: the root its sendbuf, a subroot of more than one rank a
  // temporary buffer for its range; a leaf receives its block straight into recvbuf.
  const schedule::RankRange range = schedule::dnc_collected_range(rank, root, p);
  std::optional<TempBuffer> staging;
  const void* source = is_root ? sendbuf : nullptr;
  int block = is_root ? sendcount : recvcount;
  MPI_Datatype type = is_root ? sendtype : recvtype;
  if (!is_root && range.end - range.begin > 1) {
    staging.emplace(std::int64_t{range.end - range.begin} * recvcount, recvtype);
    source = staging->data();
  }
  const MPI_Aint extent = extent_of(type);

  for (const schedule::DncLevel& level : schedule::dnc_levels(rank, root, p)) {
    const int blocks = level.sub_end() - level.sub_begin();
    if (level.root != rank && level.subroot != rank) continue;
    const trace::Round round(level.depth);
    if (level.root == rank) {
      trace::blocks(level.sub_begin(), blocks, 0, block);
      const char* run = at(source, std::int64_t{level.sub_begin() - range.begin} * block, extent);
      COLLSCOPE_TRY(MPI_Send(run, blocks * block, type, level.subroot, scatter_tag, comm));
    } else if (level.subroot == rank) {
      void* into = staging ? staging->data() : recvbuf;
      COLLSCOPE_TRY(
          MPI_Recv(into, blocks * block, type, level.root, scatter_tag, comm, MPI_STATUS_IGNORE));
    }
  }
  if (is_root)
    return keep_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
  if (!staging) return MPI_SUCCESS;
  return typed_copy(staging->block(std::int64_t{rank - range.begin} * recvcount), recvcount,
                    recvtype, recvbuf, recvcount, recvtype);
}

} // namespace

COLLSCOPE_ENTRY(scatter, scatter_dnc, unchecked_scatter_dnc)

} // namespace collscope
