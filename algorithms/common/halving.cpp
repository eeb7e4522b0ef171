#include "common/halving.hpp"

#include "collscope/annotate.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "common/buffers.hpp"

#include <algorithm>

namespace collscope::detail {

namespace {

using schedule::HalvingOrder;

int span_count(const HalvingLayout& layout, int first, int last) {
  return static_cast<int>(layout.offset[last] - layout.offset[first]);
}

/// This rank in the butterfly core of `comm`: its rank, p, the core's size q = 2^⌊log₂p⌋ and its
/// core rank v (−1 when the fold left it out).
struct CorePlace {
  int rank, p, q, v;
};

CorePlace core_place(MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  return {rank, p, schedule::butterfly_core(p), schedule::butterfly_vrank(rank, p)};
}

} // namespace

std::pair<int, int> core_origins(int first, int last, int p) {
  const int begin = schedule::halving_group_first_block(first, p);
  return {begin, schedule::halving_group_first_block(last, p) - begin};
}

int halving_fold(HalvingWork work, int round, int tag, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const int q = schedule::butterfly_core(p);
  if (rank >= 2 * (p - q)) return MPI_SUCCESS;
  const trace::Round traced(round);
  const int n = static_cast<int>(work.layout.elements());
  if (rank % 2 == 0) {
    trace::blocks(rank, 1, 0, 0);
    return MPI_Send(work.data, n, work.datatype, rank + 1, tag, comm);
  }
  TempBuffer incoming(n, work.datatype);
  COLLSCOPE_TRY(
      MPI_Recv(incoming.data(), n, work.datatype, rank - 1, tag, comm, MPI_STATUS_IGNORE));
  return MPI_Reduce_local(incoming.data(), work.data, n, work.datatype, work.op);
}

int halving_reduce(HalvingWork work, HalvingOrder order, int first_round, int tag, MPI_Comm comm) {
  const auto [rank, p, q, v] = core_place(comm);
  if (v < 0) return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(work.datatype);
  const auto& offset = work.layout.offset;
  int largest = 0;
  for (int s = 0; s < q; ++s) largest = std::max(largest, span_count(work.layout, s, s + 1));
  TempBuffer incoming(std::int64_t{largest} * std::max(1, q / 2), work.datatype);
  int round = first_round;
  for (const schedule::HalvingStep& step : schedule::halving_steps(v, q, order)) {
    const trace::Round traced(round++);
    const int partner = schedule::butterfly_rank(step.partner, p);
    const int out = span_count(work.layout, step.send_first, step.send_last);
    const int in = span_count(work.layout, step.keep_first, step.keep_last);
    void* kept = at(work.data, offset[step.keep_first], extent);
    if (order == HalvingOrder::smallest_first) { // my sum covers an aligned run of core ranks
      const int first = v & ~(step.distance - 1);
      const auto [origin, covered] = core_origins(first, first + step.distance, p);
      trace::blocks(origin, covered, 0, 0);
    }
    COLLSCOPE_TRY(MPI_Sendrecv(at(work.data, offset[step.send_first], extent), out, work.datatype,
                               partner, tag, incoming.data(), in, work.datatype, partner, tag, comm,
                               MPI_STATUS_IGNORE));
    if (step.partner < v) { // the partner's ranks come first
      COLLSCOPE_TRY(MPI_Reduce_local(incoming.data(), kept, in, work.datatype, work.op));
    } else { // mine ⊕ partner's: computed in the incoming buffer, then moved back
      COLLSCOPE_TRY(MPI_Reduce_local(kept, incoming.data(), in, work.datatype, work.op));
      COLLSCOPE_TRY(typed_copy(incoming.data(), in, work.datatype, kept, in, work.datatype));
    }
  }
  return MPI_SUCCESS;
}

int halving_allgather(HalvingWork work, HalvingOrder order, int first_round, int tag,
                      MPI_Comm comm) {
  const auto [rank, p, q, v] = core_place(comm);
  if (v < 0) return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(work.datatype);
  const auto& offset = work.layout.offset;
  auto steps = schedule::halving_steps(v, q, order);
  std::reverse(steps.begin(), steps.end());
  int round = first_round;
  for (const schedule::HalvingStep& step : steps) {
    const trace::Round traced(round++);
    trace::blocks(0, p, 0, 0);
    COLLSCOPE_TRY(MPI_Sendrecv(at(work.data, offset[step.keep_first], extent),
                               span_count(work.layout, step.keep_first, step.keep_last),
                               work.datatype, schedule::butterfly_rank(step.partner, p), tag,
                               at(work.data, offset[step.send_first], extent),
                               span_count(work.layout, step.send_first, step.send_last),
                               work.datatype, schedule::butterfly_rank(step.partner, p), tag, comm,
                               MPI_STATUS_IGNORE));
  }
  return MPI_SUCCESS;
}

} // namespace collscope::detail
