// Speed against the native collective in the same run, ReproMPI-style (seeds/004,
// Algorithm 1): a barrier before every call; a call lasts from the first rank's start to the
// last rank's end, on the clock all processes of the machine share (ReproMPI's global clock,
// without the synchronisation a cluster needs); median of the repetitions. The submission
// and the native call alternate, so both see the same noise.
#pragma once

#include "calls.hpp"
#include "collscope/grade/case.hpp"

#include <mpi.h>
#include <string>

namespace collscope::grade {

/// Medians, quartiles and minima of the repetitions, in seconds: the quartiles show the
/// noise, the minima what each achieves when the machine lets it (noise only adds time).
struct Timing {
  double median_yours = 0, median_native = 0;
  double q1_yours = 0, q3_yours = 0, q1_native = 0, q3_native = 0;
  double min_yours = 0, min_native = 0;
};

/// Collective over `comm` (every rank of it takes part); complete on rank 0 of `comm`.
Timing time_case(Kind kind, const Case& c, MPI_Comm comm, const Datatypes& types);

std::string log_line(const Case& c, const Timing& t);

} // namespace collscope::grade
