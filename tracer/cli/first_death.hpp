// Which rank of a run that died went first. Each rank's crash handler writes its own reason
// (DIR.partial/raw/rank-R.died) beside the first one (INCOMPLETE); a rank killed by SIGKILL
// cannot, and mpirun then stops the others with SIGTERM, whose handlers speak first. So
// INCOMPLETE would blame the clean-up, not the rank that died.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace collscope::trace_cli {

/// Ranks that left spill files but no reason of their own: they died without a word.
std::vector<unsigned> silent_ranks(const std::filesystem::path& partial);

/// Rewrites DIR.partial/INCOMPLETE when it blames SIGTERM (the launcher's clean-up) or is
/// missing while some rank died without a word: the silent ranks are named first.
void name_first_death(const std::filesystem::path& partial, int exit_status);

} // namespace collscope::trace_cli
