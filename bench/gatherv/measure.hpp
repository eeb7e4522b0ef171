// Timing as in seeds/000 §5 (and ReproMPI): a native MPI_Barrier before every call (under
// SimGrid SMPI a SimGrid barrier: one common simulated start moment, no messages), the time
// of a call is that of the slowest rank (reduced once after all calls), warm-up calls are not
// timed; minimum and median of the timed repetitions. Variants of one instance are measured
// interleaved, repetition by repetition, so that a noisy stretch of an oversubscribed machine hits
// them all alike.
#pragma once

#include "variants.hpp"

#include <vector>

namespace collscope::bench {

struct Timing {
  double min = 0.0;    ///< seconds
  double median = 0.0; ///< seconds
  bool ok = true;      ///< every call returned MPI_SUCCESS on every rank
};

std::vector<Timing> measure(const std::vector<Variant>& variants, int warmup, int repetitions,
                            MPI_Comm comm);

} // namespace collscope::bench
