// The messages Open MPI's own collectives send inside, recorded as messages of that call
// (tracer/README.md, "Inside the library"). The recorder asks here around each native
// collective; whatever depends on Open MPI's internals stays in pml_hook.c.
#pragma once

#include "collscope/archive/mpi_regions.hpp"
#include "comm_table.hpp"

#include <string>

namespace collscope::rec {

/// At MPI_Init, once recording is on: checks the running library (pml_hook.c) and says on
/// rank 0's stderr, once, when the inside of native collectives is not recorded.
void native_inside_start();

/// Around a blocking native collective: true when the hook is installed for it, so the call's
/// Enter and CollBegin must be appended before it runs (its messages come in between).
bool native_inside_begin(const CommInfo& comm, MpiRegion region);
void native_inside_end();

/// A native collective whose inside is not recorded (a nonblocking or neighbourhood one):
/// noted once in the trace's metadata.
void native_inside_skip(MpiRegion region);

/// The one line the trace's metadata holds (raw DefRecord::inside, OTF2 property
/// COLLSCOPE::NATIVE_INSIDE): "recorded (…)", "not recorded: …" or both.
const std::string& native_inside_note();

} // namespace collscope::rec
