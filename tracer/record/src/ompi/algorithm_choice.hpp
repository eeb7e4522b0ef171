// Which algorithm Open MPI ran for a blocking native collective (tuned/tuned.hpp), recorded
// on the call's MpiCollectiveBegin as collscope::ompi_algorithm (tracer/README.md, "Open
// MPI's algorithms"). The settings that decide it are read once, at MPI_Init, through MPI_T.
#pragma once

#include "comm_table.hpp"
#include "event.hpp"
#include "mpi_regions.hpp"

#include <cstdint>

namespace collscope::rec {

/// At MPI_Init, once recording is on: reads coll tuned's settings (tuned/mpit.hpp).
void ompi_settings_read();

/// Fills `begin` (a CollBegin) with the packed choice (peer), its segment size (bytes) and
/// fanout (request) for a blocking collective of `region` on `comm`; `sent` and `received`
/// are the rank's own bytes (collective.hpp's Volume), from which Open MPI's message size is
/// found; `commutative` says whether a reduction's op commutes.
void ompi_choice(Event& begin, MpiRegion region, const CommInfo& comm, std::uint64_t sent,
                 std::uint64_t received, bool commutative);

} // namespace collscope::rec
