// Starting and ending a traced run: what MPI_Init, MPI_Finalize and MPI_Abort add.
#pragma once

namespace collscope::rec {

/// Collective over MPI_COMM_WORLD, right after the real MPI_Init: tracing starts if every
/// rank has COLLSCOPE_TRACE set and rank 0 could prepare DIR.partial.
void start_session(int thread_level);

/// Collective over MPI_COMM_WORLD, right before the real MPI_Finalize: rank 0 gathers every
/// rank's record, writes DIR.partial and renames it to DIR (or explains in INCOMPLETE).
void end_session();

/// MPI_Abort on a traced rank: leaves INCOMPLETE before the job is torn down.
void note_abort(int errorcode);

} // namespace collscope::rec
