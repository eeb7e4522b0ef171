// The global definitions of an archive, as far as the trace model needs them, and how they map
// locations and communicator ranks to world ranks.
#pragma once

#include "collscope/model/trace.hpp"

#include <cstdint>
#include <map>
#include <otf2/otf2.h>
#include <string>
#include <vector>

namespace collscope::model::detail {

struct Definitions {
  struct Attribute {
    OTF2_StringRef name;
    OTF2_Type type;
  };
  struct RegionDef {
    OTF2_StringRef name;
    OTF2_RegionRole role;
    OTF2_Paradigm paradigm;
  };
  struct LocationDef {
    OTF2_StringRef name;
    OTF2_LocationType type;
    std::uint64_t events;
    OTF2_LocationGroupRef group;
  };
  struct GroupDef {
    OTF2_GroupType type;
    OTF2_Paradigm paradigm;
    std::vector<std::uint64_t> members;
  };
  struct CommDef {
    OTF2_StringRef name;
    OTF2_GroupRef group;
  };

  std::map<OTF2_StringRef, std::string> strings;
  std::map<OTF2_AttributeRef, Attribute> attributes;
  std::map<OTF2_RegionRef, RegionDef> regions;
  std::map<OTF2_LocationRef, LocationDef> locations;
  struct LocationGroupDef {
    OTF2_StringRef name;
    OTF2_LocationGroupType type;
    OTF2_SystemTreeNodeRef node;
  };
  /// System-tree nodes: name and parent (the recorder writes a root `machine` and, for a run
  /// on several hosts, one node per host under it).
  struct SystemTreeNodeDef {
    OTF2_StringRef name;
    OTF2_SystemTreeNodeRef parent;
  };
  std::map<OTF2_SystemTreeNodeRef, SystemTreeNodeDef> system_tree;
  std::map<OTF2_LocationGroupRef, LocationGroupDef> location_groups;
  std::map<OTF2_GroupRef, GroupDef> groups;
  std::map<OTF2_CommRef, CommDef> comms;
  std::uint64_t resolution = 0; ///< ticks per second; 0 if the archive has no ClockProperties
  std::uint64_t offset = 0;
  std::uint64_t length = 0; ///< ticks from offset to the last event; 0 if not given

  const std::string& str(OTF2_StringRef ref) const;
};

/// Reads every global definition; throws CorruptTrace.
Definitions read_definitions(OTF2_Reader* reader);

/// Which location records each world rank.
struct RankLayout {
  std::vector<OTF2_LocationRef> locations; ///< indexed by world rank
  std::map<OTF2_LocationRef, int> rank_of; ///< only the locations above
};

/// World rank i is the i-th member of an MPI COMM_LOCATIONS group if there is one (the OTF2
/// rule, Score-P style). Otherwise one CPU thread per process is taken, the first of each
/// location group, and ranks are given in order of location id (collscope: location id = rank).
RankLayout layout_ranks(const Definitions& defs);

struct CommLayout {
  Communicator comm;
  bool self = false; ///< MPI_COMM_SELF-like: comm rank 0 is the calling rank
};

/// Communicators with members as world ranks: a COMM_GROUP lists indices into COMM_LOCATIONS,
/// i.e. world ranks; a group of type COMM_LOCATIONS (used directly) lists location ids.
std::map<std::uint32_t, CommLayout> layout_comms(const Definitions& defs, const RankLayout& ranks);

} // namespace collscope::model::detail
