// Process-wide knobs of the data-aware irregular algorithms, whose MPI signatures leave no
// room for a parameter (like PipelineTuning). Every rank must set the same values.
#pragma once

#include "collscope/schedule/network_model.hpp"

#include <cstdint>
#include <memory>
#include <mpi.h>

namespace collscope {

struct IrregularTuning {
  /// traff-degrade: a subtree holding at least this many bytes, whose tree parent is not the
  /// root, sends straight to the root (gather) or gets its blocks straight from it (scatter).
  std::int64_t threshold = 32768;
  /// The model-based trees (seeds/002): the network the root predicts times with; only the
  /// root reads it. Null, or made for another number of ranks: every link α = 1 µs,
  /// β = 0.2 ns/byte.
  std::shared_ptr<const schedule::NetworkModel> network;
};

void set_irregular_tuning(const IrregularTuning& tuning);
IrregularTuning irregular_tuning();

/// Measures t(i, j, m) of every ordered pair of comm by ping-pong (empty and 64 KiB messages,
/// the best of `repetitions` round trips): the built-in alternative to a network description.
/// Collective; every rank gets the whole model. Takes O(p²) round trips.
int calibrate_network(MPI_Comm comm, int repetitions, schedule::NetworkModel& model);

} // namespace collscope
