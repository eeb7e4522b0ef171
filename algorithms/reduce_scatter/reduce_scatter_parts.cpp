#include "reduce_scatter/reduce_scatter_parts.hpp"

#include "collscope/annotate.hpp"
#include "collscope/schedule/allreduce.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/halving.hpp"

#include <optional>

namespace collscope::detail {

std::vector<int> reduce_scatter_counts(const int* recvcounts, int count, MPI_Comm comm) {
  const int p = shape(comm).size;
  if (recvcounts == nullptr) return std::vector<int>(static_cast<std::size_t>(p), count);
  return {recvcounts, recvcounts + p};
}

std::vector<std::int64_t> reduce_scatter_displs(const std::vector<int>& counts) {
  std::vector<std::int64_t> displs(counts.size() + 1, 0);
  for (std::size_t i = 0; i < counts.size(); ++i) displs[i + 1] = displs[i] + counts[i];
  return displs;
}

int reduce_scatter_by_halving(const void* sendbuf, void* recvbuf, const std::vector<int>& counts,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              schedule::HalvingOrder order) {
  const auto [rank, p] = shape(comm);
  const auto displs = reduce_scatter_displs(counts);
  const int total = static_cast<int>(displs.back());
  if (carries_no_data(total, datatype)) return MPI_SUCCESS;
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  const int q = schedule::butterfly_core(p);
  const MPI_Aint extent = extent_of(datatype);
  const auto group_begin = [&](int g) { return displs[schedule::halving_group_first_block(g, p)]; };

  // The input in the order's positions (the bit-reversal is the lecture's FFT permutation).
  HalvingLayout layout{std::vector<std::int64_t>(static_cast<std::size_t>(q) + 1, 0)};
  TempBuffer work(total, datatype);
  int own_position = 0;
  const int v = schedule::butterfly_vrank(rank, p);
  for (int s = 0; s < q; ++s) {
    const int g = schedule::halving_group(s, q, order);
    const auto n = group_begin(g + 1) - group_begin(g);
    layout.offset[s + 1] = layout.offset[s] + n;
    if (g == v) own_position = s;
    COLLSCOPE_TRY(typed_copy(at(input, group_begin(g), extent), static_cast<int>(n), datatype,
                             at(work.data(), layout.offset[s], extent), static_cast<int>(n),
                             datatype));
  }
  const HalvingWork w{work.data(), layout, datatype, op};
  const bool folded = q != p;
  if (folded) COLLSCOPE_TRY(halving_fold(w, 0, reduce_scatter_tag, comm));
  COLLSCOPE_TRY(halving_reduce(w, order, folded ? 1 : 0, reduce_scatter_tag, comm));

  std::optional<trace::Round> unfold;
  if (folded) unfold.emplace(schedule::reduce_scatter_halving_rounds(p) - 1);
  if (v < 0) // the even rank of a folded pair: its block comes from its partner
    return MPI_Recv(recvbuf, counts[rank], datatype, rank + 1, reduce_scatter_tag, comm,
                    MPI_STATUS_IGNORE);
  const std::int64_t group = layout.offset[own_position] - group_begin(v);
  if (folded && rank < 2 * (p - q)) {
    trace::blocks(0, p, displs[rank - 1], counts[rank - 1]);
    COLLSCOPE_TRY(MPI_Send(at(work.data(), group + displs[rank - 1], extent), counts[rank - 1],
                           datatype, rank - 1, reduce_scatter_tag, comm));
  }
  return typed_copy(at(work.data(), group + displs[rank], extent), counts[rank], datatype, recvbuf,
                    counts[rank], datatype);
}

int Halving::operator()(const char* collective, const void* sendbuf, void* recvbuf,
                        const std::vector<int>& counts, MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm) const {
  COLLSCOPE_TRY(order == schedule::HalvingOrder::largest_first ? check_commutative(op, datatype)
                                                               : check_reducible(op, datatype));
  const AlgorithmRegion region(collective, name, -1, counts[shape(comm).rank], datatype, comm);
  return reduce_scatter_by_halving(sendbuf, recvbuf, counts, datatype, op, comm, order);
}

} // namespace collscope::detail
