// Writing the archive at MPI_Finalize: every rank writes its own event file from its spill
// files, with OTF2's MPI collectives (through PMPI); only definitions travel between ranks.
#pragma once

#include <string>

namespace collscope::rec {

struct ArchiveResult {
  std::string problem; // why there is no archive (on every rank), empty if it was written
  std::string lost;    // why recording stopped early on some rank (the archive is incomplete)
};

/// Collective over MPI_COMM_WORLD. Removes this rank's spill files once its part is written.
ArchiveResult write_archive_in_parallel(const std::string& partial, int rank, int size);

} // namespace collscope::rec
