// Divide-and-conquer gather (seeds/001, "Binomial gather/scatter with root≠0": the mirror of
// the divide-and-conquer scatter). The ranks [0, p) are halved recursively; the root of each
// range receives the other half's blocks, already gathered by that half's subroot, as one
// contiguous message. Ranges are real-rank ranges, so blocks land in rank order at any root
// with no reordering and no copy at the root. See schedule/divide_conquer.hpp for the tree.
//
//   p = 7, root 3:   round 0: 2→3 1→0 5→4    round 1: 0→3 [0,2) 6→4    round 2: 4→3 [4,7)
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉α + (p − 1)/p·βm.
#include "collscope/algorithms/gather.hpp"
#include "collscope/schedule/divide_conquer.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"
#include "gather_scatter/root_blocks.hpp"

#include <optional>
#include <ranges>

namespace collscope {

namespace {

int unchecked_gather_dnc(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const bool is_root = rank == root;
  const AlgorithmRegion region("gather", "dnc", root, is_root ? recvcount : sendcount,
                               is_root ? recvtype : sendtype, comm);
  if (is_root ? carries_no_data(recvcount, recvtype) : carries_no_data(sendcount, sendtype))
    return MPI_SUCCESS;

  // Where this rank collects: the root into recvbuf, a subroot of more than one rank into a
  // temporary buffer for its range, a leaf nowhere (it sends straight from sendbuf).
  const schedule::RankRange range = schedule::dnc_collected_range(rank, root, p);
  std::optional<TempBuffer> staging;
  void* collected = nullptr;
  int block = sendcount;
  MPI_Datatype type = sendtype;
  if (is_root) {
    collected = recvbuf;
    block = recvcount;
    type = recvtype;
    COLLSCOPE_TRY(
        place_root_block(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root));
  } else if (range.end - range.begin > 1) {
    staging.emplace(std::int64_t{range.end - range.begin} * sendcount, sendtype);
    collected = staging->data();
    COLLSCOPE_TRY(typed_copy(sendbuf, sendcount, sendtype,
                             staging->block(std::int64_t{rank - range.begin} * sendcount),
                             sendcount, sendtype));
  }
  const MPI_Aint extent = extent_of(type);

  for (const schedule::DncLevel& level :
       schedule::dnc_levels(rank, root, p) | std::views::reverse) {
    const int blocks = level.sub_end() - level.sub_begin();
    if (level.root != rank && level.subroot != rank) continue;
    const trace::Round round(level.gather_round());
    if (level.root == rank) {
      char* slot = at(collected, std::int64_t{level.sub_begin() - range.begin} * block, extent);
      COLLSCOPE_TRY(
          MPI_Recv(slot, blocks * block, type, level.subroot, gather_tag, comm, MPI_STATUS_IGNORE));
    } else if (level.subroot == rank) {
      const void* data = collected != nullptr ? collected : sendbuf;
      trace::blocks(level.sub_begin(), blocks, 0, sendcount);
      return MPI_Send(data, blocks * block, type, level.root, gather_tag, comm);
    }
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(gather, gather_dnc, unchecked_gather_dnc)

} // namespace collscope
