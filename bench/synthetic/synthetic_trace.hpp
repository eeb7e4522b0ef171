// A big synthetic trace written with OTF2's serial writer, streamed rank by rank, following
// tracer/README.md: each step every rank does one MPI_Sendrecv (to r + d, from r − d, d = 2^(step
// mod 8)) inside `round k` regions of `algorithm allgather/dissemination` calls of 8 rounds.
#pragma once

#include <cstdint>
#include <filesystem>

namespace collscope::bench {

struct SyntheticShape {
  int ranks = 256;
  std::uint64_t messages = 1'000'000;
  std::uint64_t bytes = 1024; ///< per message
};

/// Writes the archive into `dir` (which must not exist); returns the number of messages.
std::uint64_t writeSyntheticTrace(const std::filesystem::path& dir, const SyntheticShape& shape);

} // namespace collscope::bench
