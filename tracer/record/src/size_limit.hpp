// What a rank may write: COLLSCOPE_TRACE_LIMIT bytes of events (1 GiB by default), and never
// the last COLLSCOPE_TRACE_DISK_RESERVE bytes (512 MiB by default) of the trace directory's
// file system. Past either, the rank stops recording for good (recorder.hpp, lose()): the
// archive keeps every event up to there and is published incomplete, saying which limit ended
// it — a spinning program can neither fill the disk nor lose its trace silently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace collscope::rec {

/// The value of the environment variable `name`: bytes, optionally followed by K, M or G;
/// `fallback` when unset. A value that is not one is said once, by rank 0, and the fallback
/// is used: a typo must not pass for a setting.
std::uint64_t env_bytes(const char* name, std::uint64_t fallback, int rank);

/// Reads the limits (at MPI_Init); `dir` is the directory the spill files go to.
void set_size_limits(const std::string& dir, int rank);

/// Null if the rank may append `more` bytes to an events file holding `written`; otherwise
/// why not, a phrase completing "rank R …" (it stays valid for the whole run).
const char* size_refusal(std::uint64_t written, std::uint64_t more);

} // namespace collscope::rec
