// Ping-pong calibration of the heterogeneous model t(i, j, m) = α_ij + β_ij·m (seeds/002 uses
// Hockney's model, fitted from such measurements): each pair in turn bounces an empty and a
// 64 KiB message; α is half the empty round trip, β the extra half round trip per byte. The
// other ranks wait at a barrier, so one pair is measured at a time.
#include "collscope/algorithms/irregular_tuning.hpp"
#include "common/buffers.hpp"

#include <algorithm>
#include <vector>

namespace collscope {

namespace {

constexpr int calibration_tag = 7198;
constexpr int large = 1 << 16;

/// Best round-trip time of `bytes` between `rank` and `peer`; `first` starts each trip.
double round_trip(int peer, bool first, int bytes, int repetitions, std::vector<char>& buffer,
                  MPI_Comm comm) {
  double best = 1e30;
  for (int r = 0; r < repetitions; ++r) {
    const double start = MPI_Wtime();
    if (first) {
      MPI_Send(buffer.data(), bytes, MPI_BYTE, peer, calibration_tag, comm);
      MPI_Recv(buffer.data(), bytes, MPI_BYTE, peer, calibration_tag, comm, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(buffer.data(), bytes, MPI_BYTE, peer, calibration_tag, comm, MPI_STATUS_IGNORE);
      MPI_Send(buffer.data(), bytes, MPI_BYTE, peer, calibration_tag, comm);
    }
    best = std::min(best, MPI_Wtime() - start);
  }
  return best;
}

} // namespace

int calibrate_network(MPI_Comm comm, int repetitions, schedule::NetworkModel& model) {
  const auto [rank, p] = detail::shape(comm);
  std::vector<char> buffer(large);
  // Row i of the matrix: what rank i measured with each j > i (α, β pairs).
  std::vector<double> mine(2 * static_cast<std::size_t>(p), 0.0);
  for (int i = 0; i < p; ++i)
    for (int j = i + 1; j < p; ++j) {
      COLLSCOPE_TRY(MPI_Barrier(comm));
      if (rank != i && rank != j) continue;
      const int peer = rank == i ? j : i;
      const double empty = round_trip(peer, rank == i, 0, repetitions, buffer, comm);
      const double full = round_trip(peer, rank == i, large, repetitions, buffer, comm);
      if (rank == i) {
        mine[2 * j] = empty / 2;
        mine[2 * j + 1] = std::max(0.0, (full - empty) / 2 / large);
      }
    }
  std::vector<double> all(2 * static_cast<std::size_t>(p) * p);
  COLLSCOPE_TRY(MPI_Allgather(mine.data(), 2 * p, MPI_DOUBLE, all.data(), 2 * p, MPI_DOUBLE, comm));
  model = schedule::NetworkModel(p, {});
  for (int i = 0; i < p; ++i)
    for (int j = i + 1; j < p; ++j) {
      const std::size_t at = (static_cast<std::size_t>(i) * p + j) * 2;
      model.set_pair(i, j, {all[at], all[at + 1]});
    }
  return MPI_SUCCESS;
}

} // namespace collscope
