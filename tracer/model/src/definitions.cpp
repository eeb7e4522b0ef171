#include "definitions.hpp"

#include "otf2_errors.hpp"

#include <algorithm>
#include <memory>

namespace collscope::model::detail {

const std::string& Definitions::str(OTF2_StringRef ref) const {
  static const std::string none;
  const auto it = strings.find(ref);
  return it == strings.end() ? none : it->second;
}

namespace {

Definitions& defs_of(void* data) {
  return *static_cast<Definitions*>(data);
}

OTF2_CallbackCode on_clock(void* data, uint64_t resolution, uint64_t offset, uint64_t length,
                           uint64_t) {
  defs_of(data).resolution = resolution;
  defs_of(data).offset = offset;
  defs_of(data).length = length;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_string(void* data, OTF2_StringRef self, const char* text) {
  defs_of(data).strings[self] = text != nullptr ? text : "";
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_attribute(void* data, OTF2_AttributeRef self, OTF2_StringRef name,
                               OTF2_StringRef, OTF2_Type type) {
  defs_of(data).attributes[self] = {name, type};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_region(void* data, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef,
                            OTF2_StringRef, OTF2_RegionRole role, OTF2_Paradigm paradigm,
                            OTF2_RegionFlag, OTF2_StringRef, uint32_t, uint32_t) {
  defs_of(data).regions[self] = {name, role, paradigm};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location_group(void* data, OTF2_LocationGroupRef self, OTF2_StringRef name,
                                    OTF2_LocationGroupType type, OTF2_SystemTreeNodeRef node,
                                    OTF2_LocationGroupRef) {
  defs_of(data).location_groups[self] = {name, type, node};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_system_tree_node(void* data, OTF2_SystemTreeNodeRef self,
                                      OTF2_StringRef name, OTF2_StringRef,
                                      OTF2_SystemTreeNodeRef parent) {
  defs_of(data).system_tree[self] = {name, parent};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location(void* data, OTF2_LocationRef self, OTF2_StringRef name,
                              OTF2_LocationType type, uint64_t events,
                              OTF2_LocationGroupRef group) {
  defs_of(data).locations[self] = {name, type, events, group};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_group(void* data, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type,
                           OTF2_Paradigm paradigm, OTF2_GroupFlag, uint32_t count,
                           const uint64_t* members) {
  defs_of(data).groups[self] = {type, paradigm,
                                std::vector<std::uint64_t>(members, members + count)};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_comm(void* data, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group,
                          OTF2_CommRef, OTF2_CommFlag) {
  defs_of(data).comms[self] = {name, group};
  return OTF2_CALLBACK_SUCCESS;
}

struct CallbacksDeleter {
  void operator()(OTF2_GlobalDefReaderCallbacks* c) const {
    OTF2_GlobalDefReaderCallbacks_Delete(c);
  }
};

} // namespace

Definitions read_definitions(OTF2_Reader* reader) {
  Definitions defs;
  OTF2_GlobalDefReader* def_reader = OTF2_Reader_GetGlobalDefReader(reader);
  if (def_reader == nullptr) throw CorruptTrace("cannot open the global definitions");
  std::unique_ptr<OTF2_GlobalDefReaderCallbacks, CallbacksDeleter> cb(
      OTF2_GlobalDefReaderCallbacks_New());
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cb.get(), on_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(cb.get(), on_string);
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(cb.get(), on_attribute);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cb.get(), on_region);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(cb.get(), on_location_group);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(cb.get(), on_system_tree_node);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cb.get(), on_location);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cb.get(), on_group);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(cb.get(), on_comm);
  check(OTF2_Reader_RegisterGlobalDefCallbacks(reader, def_reader, cb.get(), &defs),
        "cannot read the global definitions");
  uint64_t read = 0;
  check(OTF2_Reader_ReadAllGlobalDefinitions(reader, def_reader, &read),
        "cannot read the global definitions");
  // A definitions file cut at a chunk's end reads without an error but stops early: the anchor
  // says how many there are (0: it does not say).
  std::uint64_t announced = 0;
  if (OTF2_Reader_GetNumberOfGlobalDefinitions(reader, &announced) == OTF2_SUCCESS &&
      announced > 0 && read < announced)
    throw CorruptTrace("the global definitions stop after " + std::to_string(read) + " of " +
                       std::to_string(announced));
  return defs;
}

RankLayout layout_ranks(const Definitions& defs) {
  RankLayout layout;
  for (const auto& [ref, group] : defs.groups) {
    if (group.type != OTF2_GROUP_TYPE_COMM_LOCATIONS || group.paradigm != OTF2_PARADIGM_MPI)
      continue;
    for (const std::uint64_t location : group.members) layout.locations.push_back(location);
    break;
  }
  if (layout.locations.empty()) {
    // The first CPU thread of each location group (all locations if there are no CPU threads).
    const bool any_thread =
        std::any_of(defs.locations.begin(), defs.locations.end(),
                    [](const auto& l) { return l.second.type == OTF2_LOCATION_TYPE_CPU_THREAD; });
    std::map<OTF2_LocationGroupRef, OTF2_LocationRef> first_of_group;
    for (const auto& [ref, location] : defs.locations) {
      if (any_thread && location.type != OTF2_LOCATION_TYPE_CPU_THREAD) continue;
      first_of_group.try_emplace(location.group, ref); // map order: lowest location id first
    }
    for (const auto& [group, location] : first_of_group) layout.locations.push_back(location);
    std::sort(layout.locations.begin(), layout.locations.end());
  }
  for (std::size_t r = 0; r < layout.locations.size(); ++r)
    layout.rank_of.emplace(layout.locations[r], static_cast<int>(r));
  return layout;
}

std::map<std::uint32_t, CommLayout> layout_comms(const Definitions& defs, const RankLayout& ranks) {
  std::map<std::uint32_t, CommLayout> comms;
  for (const auto& [ref, def] : defs.comms) {
    CommLayout& out = comms[ref];
    out.comm.name = defs.str(def.name);
    const auto group = defs.groups.find(def.group);
    if (group == defs.groups.end()) continue; // no members: its peers cannot be mapped
    if (group->second.type == OTF2_GROUP_TYPE_COMM_SELF) {
      out.self = true;
      continue;
    }
    const bool locations = group->second.type == OTF2_GROUP_TYPE_COMM_LOCATIONS;
    for (const std::uint64_t member : group->second.members) {
      if (!locations) {
        out.comm.members.push_back(static_cast<int>(member));
        continue;
      }
      const auto rank = ranks.rank_of.find(member);
      out.comm.members.push_back(rank == ranks.rank_of.end() ? no_index : rank->second);
    }
  }
  return comms;
}

} // namespace collscope::model::detail
