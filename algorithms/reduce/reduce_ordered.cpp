// Rank-ordered reduction for non-commutative operations: the divide-and-conquer tree of
// gather_dnc (schedule/divide_conquer.hpp), where every range is a contiguous run of real
// ranks. The root of a range holds the partial result of its half and receives the other
// half's; it puts the lower half on the left, so the root ends with x₀ ⊕ x₁ ⊕ … ⊕ x_{p−1}
// exactly as MPI requires for non-commutative ops (seeds/001, "Binomial tree reduction" and
// the remark that the shift to root 0 is only valid for commutative operations), at any
// root, with no extra round.
//
//   p = 7, root 3:   round 0: 2→3 1→0 5→4    round 1: 0→3 6→4    round 2: 4→3
//
// Rounds: ⌈log₂p⌉.  Cost: ⌈log₂p⌉(α + βm) plus ⌈log₂p⌉ local reductions.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/schedule/divide_conquer.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <optional>
#include <ranges>
#include <utility>

namespace collscope {

namespace {

int unchecked_reduce_ordered(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                             MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  COLLSCOPE_TRY(check_reducible(op, datatype));
  const AlgorithmRegion region("reduce", "ordered", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const auto levels = schedule::dnc_levels(rank, root, p);
  const schedule::RankRange range = schedule::dnc_collected_range(rank, root, p);
  // A subroot sends the combined vector of its range once, to the root of its level.
  const auto send_up = [&](const schedule::DncLevel& level, const void* data) {
    const trace::Round round(level.gather_round());
    trace::blocks(level.sub_begin(), level.sub_end() - level.sub_begin(), 0, count);
    return MPI_Send(data, count, datatype, level.root, reduce_tag, comm);
  };
  if (rank != root && range.end - range.begin == 1) {
    for (const schedule::DncLevel& level : levels)
      if (level.subroot == rank) return send_up(level, sendbuf);
  }

  // Two buffers that swap roles: `partial` holds the result so far, `incoming` the other
  // half's. Combining "partial ⊕ incoming" lands in `incoming`, so the two are swapped.
  TempBuffer first(count, datatype), second(count, datatype);
  void* partial = first.data();
  void* incoming = second.data();
  const void* own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  COLLSCOPE_TRY(typed_copy(own, count, datatype, partial, count, datatype));

  for (const schedule::DncLevel& level : levels | std::views::reverse) {
    if (level.root == rank) {
      {
        const trace::Round round(level.gather_round());
        COLLSCOPE_TRY(MPI_Recv(incoming, count, datatype, level.subroot, reduce_tag, comm,
                               MPI_STATUS_IGNORE));
      }
      // MPI_Reduce_local(in, inout) computes inout = in ⊕ inout.
      if (level.subroot < rank) {
        COLLSCOPE_TRY(MPI_Reduce_local(incoming, partial, count, datatype, op));
      } else {
        COLLSCOPE_TRY(MPI_Reduce_local(partial, incoming, count, datatype, op));
        std::swap(partial, incoming);
      }
    } else if (level.subroot == rank) {
      return send_up(level, partial);
    }
  }
  return typed_copy(partial, count, datatype, recvbuf, count, datatype);
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_ordered, unchecked_reduce_ordered)

} // namespace collscope
