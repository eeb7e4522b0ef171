// Writing the OTF2 archive from the ranks' spill files (raw_format.hpp). At MPI_Finalize
// every rank writes its own event file (session_archive.cpp, with MPI collectives); after a
// run that died, `collscope-trace record` writes all of them in one process (complete_archive).
// No MPI here.
#pragma once

#include "collscope/archive/otf2_definitions.hpp"
#include "collscope/archive/otf2_events.hpp"
#include "collscope/archive/rank_input.hpp"

#include <functional>
#include <memory>
#include <otf2/otf2.h>
#include <string>
#include <vector>

namespace collscope::rec {

struct ArchiveCloser {
  void operator()(OTF2_Archive* a) const { OTF2_Archive_Close(a); }
};
using ArchivePtr = std::unique_ptr<OTF2_Archive, ArchiveCloser>;

/// Opens the archive "traces" in directory path for writing, flushing each full event chunk
/// to its file (so the writer's memory is one chunk per location). Throws std::runtime_error.
ArchivePtr open_archive(const std::string& path);

/// Writes rank's event file (its events, then an empty local definitions file is the
/// caller's: OpenDefFiles is collective). Throws std::runtime_error.
EventCounts write_rank_events(OTF2_Archive* archive, const RankInput& rank, Definitions& defs);

/// Writes rank's local definitions: its clock offsets against rank 0 (OTF2 ClockOffset, a
/// local definition of the rank's location, which OTF2's event readers apply), none if it
/// measured none. OpenDefFiles (collective) is the caller's.
void write_local_definitions(OTF2_Archive* archive, const RankInput& rank);

/// Writes the global definitions (the caller has unified defs and set counts and times).
void write_global_definitions(OTF2_Archive* archive, Definitions& defs,
                              const std::vector<RankSummary>& ranks);

/// A message count the readers of `record` need without loading the trace.
inline constexpr const char* messages_property = "COLLSCOPE::MESSAGES_SENT";
/// Whether the messages inside native collectives were recorded, in one line: "recorded (Open
/// MPI 4.1.4, pml ob1)", "not recorded: …", with "except: …" what was not (the model's
/// Trace::native_inside). Ranks that say different things are listed apart.
inline constexpr const char* inside_property = "COLLSCOPE::NATIVE_INSIDE";

struct Completion {
  std::string error;             // empty if the archive was written
  std::uint32_t ranks = 0;       // world size
  std::uint32_t with_events = 0; // ranks that left events
  std::uint64_t messages = 0;    // sends recorded
};

/// After a run that died, or a run whose archive was deferred (COLLSCOPE_TRACE_DEFER): writes
/// the archive in DIR.partial from whatever the ranks spilled, serially, then removes the
/// spill files. `amend`, if given, may add to the ranks' inputs first (smpi/smpi_import.hpp).
/// INCOMPLETE is the caller's business.
Completion complete_archive(const std::string& partial,
                            const std::function<void(std::vector<RankInput>&)>& amend = {});

/// Whether DIR.partial holds spill files to complete.
bool has_spill_files(const std::string& partial);

} // namespace collscope::rec
