// The speed plot of the reports: runtime relative to native MPI against message size, as
// in the students' project reports (seeds/003), as a self-contained SVG.
#pragma once

#include "runner.hpp"

#include <string>
#include <vector>

namespace collscope::grade {

/// Empty without timings. `native_name` labels the reference ("MPI_Gather").
std::string speed_plot_svg(const std::vector<TimingRecord>& timings, double tolerance,
                           const std::string& native_name, int p);

} // namespace collscope::grade
