// A communicator as the archive defines it (no MPI here: the archive writer shares it).
#pragma once

#include <cstdint>
#include <vector>

namespace collscope::rec {

struct CommDef {
  std::uint32_t id;
  std::uint32_t parent;               // OTF2_UNDEFINED_COMM if none
  std::uint32_t creator;              // MpiRegion of the creating call, or creator_* below
  std::vector<std::uint32_t> members; // world ranks in comm-rank order (union for intercomms)
};
inline constexpr std::uint32_t creator_self = 0xfffe;
inline constexpr std::uint32_t creator_unknown = 0xffff;
inline constexpr std::uint32_t undefined_comm = 0xffffffffu;

} // namespace collscope::rec
