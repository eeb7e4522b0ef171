// Leaving DIR.partial/INCOMPLETE behind when a traced run dies before MPI_Finalize: fatal
// signals, MPI_Abort, and exiting without MPI_Finalize.
#pragma once

namespace collscope::rec {

/// Prepares the path and messages (nothing is allocated in a handler) and installs the
/// handlers for SIGSEGV, SIGBUS, SIGABRT and SIGTERM, chaining to the previous ones. Each
/// handler (and the exit check) first calls spill, which must be async-signal-safe, so the
/// events recorded up to there reach the rank's files.
void install_crash_handlers(const char* partial_dir, int world_rank, void (*spill)());

/// Restores the previous handlers and disarms the exit check (MPI_Finalize was reached).
void uninstall_crash_handlers();

/// Async-signal-safe: writes reason into INCOMPLETE unless a first failure did already.
void note_incomplete(const char* reason, unsigned long length);

} // namespace collscope::rec
