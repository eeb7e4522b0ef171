// Which algorithm Open MPI ran for a blocking native collective (tuned/tuned.hpp), recorded
// on the call's MpiCollectiveBegin as collscope::ompi_algorithm (tracer/README.md, "Open
// MPI's algorithms"). The settings that decide it are read once, at MPI_Init, through MPI_T.
#pragma once

#include "collscope/archive/event.hpp"
#include "collscope/archive/mpi_regions.hpp"
#include "comm_table.hpp"

#include <cstdint>

namespace collscope::rec {

/// At MPI_Init, once recording is on: reads coll tuned's settings (tuned/mpit.hpp).
void ompi_settings_read();

/// What a call tells about its message: the rank's own bytes (collective.hpp's Volume), from
/// which Open MPI's message size is found, the element count (bcast, reduce, allreduce; else
/// 0) and whether a reduction's op commutes.
struct CallSize {
  std::uint64_t sent = 0, received = 0, elements = 0;
  bool commutative = true;
};

/// Fills `begin` (a CollBegin) with the packed choice (peer), its segment size (bytes) and
/// fanout (request) for a blocking collective of `region` on `comm`.
void ompi_choice(Event& begin, MpiRegion region, const CommInfo& comm, const CallSize& size);

/// The same for a nonblocking collective, recorded at its completion: libnbc runs its own
/// schedules, so the algorithm is "unknown: nonblocking: coll libnbc" (on Open MPI 4.1; on
/// another library its reason).
void ompi_choice_nonblocking(Event& begin);

} // namespace collscope::rec
