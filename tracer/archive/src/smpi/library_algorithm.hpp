// Which of its algorithms SimGrid 3.32's SMPI runs for a native collective, reproduced from
// its selector (src/smpi/colls/smpi_<selector>_selector.cpp in SimGrid 3.32) as a pure
// function of what the trace holds: the collective, the communicator's size and hosts, the
// bytes and the reduction. SMPI neither logs nor exposes its choice. Only the decisions
// listed in README.md ("Simulated libraries") are reproduced; anything else is not
// named (an empty string), never guessed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace collscope::rec::smpi {

struct NativeCall {
  std::uint8_t collective = 0;      // OTF2_CollectiveOp
  std::uint32_t comm_size = 0;
  std::uint32_t hosts = 0;          // distinct hosts of the communicator's ranks; 0: unknown
  std::uint64_t bytes = 0;          // what each rank contributes (CollEnd's bytes sent)
  std::uint8_t reduction = 0;       // reduction_ops.hpp code; 15: user-defined
};

/// "mpich: mvapich2_two_level (rdb between 64 hosts)", or "" where not reproduced.
std::string library_algorithm(std::string_view selector, const NativeCall& call);

} // namespace collscope::rec::smpi
