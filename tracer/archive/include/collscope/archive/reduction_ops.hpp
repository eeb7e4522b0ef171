// The reduction operation of a native collective, as a small code in the raw event
// (CollBegin's tag) and as a name in the archive (the `collscope::op` attribute). The codes
// come from MPI_Op handles in collective.hpp; this half has no MPI, for the archive writer.
#pragma once

#include <array>
#include <cstdint>

namespace collscope::rec {

/// Index = code; 0 is "no reduction" and never written to the archive.
inline constexpr std::array<const char*, 16> reduction_op_names{
    "",        "MPI_SUM",  "MPI_PROD", "MPI_MAX",    "MPI_MIN",    "MPI_LAND",
    "MPI_BAND", "MPI_LOR", "MPI_BOR",  "MPI_LXOR",   "MPI_BXOR",   "MPI_MINLOC",
    "MPI_MAXLOC", "MPI_REPLACE", "MPI_NO_OP", "user-defined"};

} // namespace collscope::rec
