#pragma once
// The measurements of collscope-calibrate (seeds/001, "Linear cost model justified?" and
// "LogP-family of models"): ping-pong and ping-ping between ranks 0 and 1, a k-ring over all
// ranks, and the LogGP overhead o and gap g. Every time is the median of the repetitions.
#include "fit.hpp"

#include <mpi.h>
#include <vector>

namespace collscope::calibrate {

struct Sweep {
  std::vector<int> sizes; ///< 0, 1, 2, 4, … max bytes
  int repetitions = 15;
};

struct Measured {
  std::vector<Point> ping_pong; ///< half the round trip, rank 0's clock
  std::vector<Point> ping_ping; ///< both send at once: the slower rank's time per exchange
  std::vector<Point> ring;      ///< every rank sends to rank+1, receives from rank−1 (k = p)
  double overhead_s = 0;        ///< o: time for MPI_Isend of 1 byte to return
  double gap_s = 0;             ///< g: extra time per back-to-back 1-byte message
};

/// Runs every measurement on `comm` (at least 2 ranks; ranks ≥ 2 join only the ring). The
/// result is complete on rank 0.
Measured measure(const Sweep& sweep, MPI_Comm comm);

} // namespace collscope::calibrate
