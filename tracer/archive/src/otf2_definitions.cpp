#include "collscope/archive/otf2_definitions.hpp"

#include "collscope/archive/mpi_regions.hpp"
#include "collscope/archive/otf2_check.hpp"
#include "collscope/archive/reduction_ops.hpp"
#include "collscope/ompi/tuned.hpp"

#include <algorithm>
#include <numeric>

namespace collscope::rec {
namespace {

std::string comm_name(const CommDef& d) {
  const std::string local = std::to_string(d.id >> 20) + "." + std::to_string(d.id & 0xfffff);
  if (d.creator == creator_self)
    return "MPI_COMM_SELF (rank " + std::to_string(d.members.empty() ? 0 : d.members[0]) + ")";
  if (d.creator == creator_unknown) return "comm " + local;
  return std::string{mpi_region_info(d.creator).name} + " " + local;
}

} // namespace

Definitions::Definitions(std::uint32_t world_size)
    : world_size_(world_size), mpi_regions_(mpi_region_count, OTF2_UNDEFINED_REGION),
      event_counts_(world_size, 0) {
  const auto add = [this](const char* name, const char* description, OTF2_Type type) {
    attributes_.push_back({string(name), string(description), type});
  };
  add("collscope::origin_first",
      "first origin (rank in the communicator) of the blocks this send carries", OTF2_TYPE_UINT32);
  add("collscope::origin_count",
      "number of origins: first, first+1, ... modulo the communicator size", OTF2_TYPE_UINT32);
  add("collscope::element_begin", "first element of each origin's block carried", OTF2_TYPE_UINT64);
  add("collscope::element_count", "elements of each origin's block carried", OTF2_TYPE_UINT64);
  add("collscope::op", "reduction operation of a native collective (MPI_SUM, ...)",
      OTF2_TYPE_STRING);
  add("collscope::polls",
      "MPI_Test*/Iprobe calls in a row that found nothing, recorded as this one region",
      OTF2_TYPE_UINT64);
  add("collscope::ompi_algorithm",
      "the algorithm Open MPI's coll tuned ran for this native collective (its own name)",
      OTF2_TYPE_STRING);
  add("collscope::ompi_algorithm_source",
      "how it is known: forced (coll_tuned_<coll>_algorithm), fixed decision, unknown: why",
      OTF2_TYPE_STRING);
  add("collscope::ompi_segment", "its segment size in bytes (0: whole messages)", OTF2_TYPE_UINT64);
  add("collscope::ompi_fanout", "its chain fanout or k-nomial radix", OTF2_TYPE_UINT32);
  add("collscope::library_algorithm",
      "the MPI library's own algorithm of a native collective (\"mpich: rdb\", ...)",
      OTF2_TYPE_STRING);
  for (const char* name : reduction_op_names) string(name);
  // Open MPI's names, defined alike on every rank (the ids of the events' strings must agree).
  string("unknown");
  for (int c = 1; c <= ompi::coll_count; ++c)
    for (const ompi::Named& a : ompi::algorithms(ompi::Coll(c))) string(a.name);
  for (int why = 0; why < ompi::unknown_count; ++why)
    string(ompi_source_text({.source = ompi::Source::unknown, .why = ompi::Unknown(why)}));
  for (const ompi::Source source : {ompi::Source::forced, ompi::Source::fixed}) {
    string(ompi_source_text({.source = source}));
    for (const ompi::Handover& h : ompi::handovers())
      string(
          ompi_source_text({.source = source, .coll = h.coll, .algorithm = h.from, .runs = h.to}));
  }
}

OTF2_StringRef Definitions::reduction_op_name(std::uint8_t code) {
  return string(
      reduction_op_names[code < reduction_op_names.size() ? code : reduction_op_names.size() - 1]);
}

std::string ompi_source_text(const ompi::Choice& choice) {
  if (choice.source != ompi::Source::unknown) {
    const std::string_view note = ompi::switch_note(choice);
    return std::string(ompi::to_string(choice.source)) +
           (note.empty() ? "" : "; " + std::string(note));
  }
  return "unknown: " + std::string(ompi::to_string(choice.why));
}

OTF2_StringRef Definitions::string(std::string_view s) {
  const auto [it, added] =
      string_ids_.try_emplace(std::string{s}, static_cast<OTF2_StringRef>(strings_.size()));
  if (added) strings_.emplace_back(s);
  return it->second;
}

OTF2_RegionRef Definitions::add_region(OTF2_StringRef name, OTF2_RegionRole role,
                                       OTF2_Paradigm paradigm) {
  regions_.push_back({name, role, paradigm});
  return static_cast<OTF2_RegionRef>(regions_.size() - 1);
}

OTF2_RegionRef Definitions::mpi_region(std::uint32_t region) {
  OTF2_RegionRef& id = mpi_regions_.at(region);
  if (id == OTF2_UNDEFINED_REGION) {
    const MpiRegionInfo& info = mpi_region_info(region);
    id = add_region(string(info.name), static_cast<OTF2_RegionRole>(info.role), OTF2_PARADIGM_MPI);
  }
  return id;
}

OTF2_RegionRef Definitions::user_region(std::string_view name) {
  if (const auto it = user_regions_.find(std::string{name}); it != user_regions_.end())
    return it->second;
  const bool loop = name.starts_with("round ");
  const OTF2_RegionRef id = add_region(
      string(name), loop ? OTF2_REGION_ROLE_LOOP : OTF2_REGION_ROLE_CODE, OTF2_PARADIGM_USER);
  user_regions_.emplace(std::string{name}, id);
  return id;
}

OTF2_RegionRef Definitions::round_region(std::uint32_t k) {
  if (const auto it = round_regions_.find(k); it != round_regions_.end()) return it->second;
  const OTF2_RegionRef id = user_region("round " + std::to_string(static_cast<std::int32_t>(k)));
  round_regions_.emplace(k, id);
  return id;
}

OTF2_AttributeRef Definitions::meta_attribute(std::string_view key) {
  if (const auto it = meta_attributes_.find(std::string{key}); it != meta_attributes_.end())
    return it->second;
  const auto id = static_cast<OTF2_AttributeRef>(attributes_.size());
  attributes_.push_back({string("collscope::meta::" + std::string{key}),
                         string("algorithm metadata from collscope_trace_meta()"),
                         OTF2_TYPE_STRING});
  meta_attributes_.emplace(std::string{key}, id);
  return id;
}

void Definitions::add_comms(const std::vector<CommDef>& comms) {
  for (const CommDef& d : comms) comms_.try_emplace(d.id, d);
  comm_refs_.clear();
  comm_order_.clear();
}

OTF2_CommRef Definitions::comm_ref(std::uint32_t id) {
  if (comm_refs_.empty()) {
    // MPI_COMM_WORLD first, then every communicator once its parent has its id (a parent no
    // rank defined counts as none), in increasing recorder id otherwise.
    comm_refs_[0] = 0;
    comm_order_ = {0};
    for (bool added = true; added;) {
      added = false;
      for (const auto& [cid, d] : comms_) {
        if (comm_refs_.contains(cid)) continue;
        if (comms_.contains(d.parent) && d.parent != cid && !comm_refs_.contains(d.parent))
          continue;
        comm_refs_[cid] = static_cast<OTF2_CommRef>(comm_order_.size());
        comm_order_.push_back(cid);
        added = true;
      }
    }
    for (const auto& [cid, d] : comms_) // parents in a cycle (cannot happen): still defined
      if (!comm_refs_.contains(cid)) {
        comm_refs_[cid] = static_cast<OTF2_CommRef>(comm_order_.size());
        comm_order_.push_back(cid);
      }
  }
  const auto it = comm_refs_.find(id);
  return it != comm_refs_.end() ? it->second : OTF2_UNDEFINED_COMM;
}

void Definitions::unify(const std::vector<RankSummary>& ranks) {
  for (const RankSummary& r : ranks) {
    for (const std::uint32_t region : r.mpi_regions)
      if (region < mpi_region_count) mpi_region(region);
    for (const std::string& name : r.user_regions) user_region(name);
    for (const std::uint32_t k : r.rounds) round_region(k);
    for (const std::string& key : r.meta_keys) meta_attribute(key);
    for (const std::string& value : r.meta_values) string(value);
    add_comms(r.comms);
  }
}

void Definitions::set_time_range(std::uint64_t first, std::uint64_t last) {
  first_ = first;
  last_ = last;
}

void Definitions::set_event_count(std::uint32_t rank, std::uint64_t events) {
  if (rank < event_counts_.size()) event_counts_[rank] = events;
}

void Definitions::write(OTF2_GlobalDefWriter* w, const std::vector<std::string>& hosts,
                        std::int64_t realtime_offset) {
  const std::string host = hosts.empty() ? std::string{} : hosts[0];
  // Nodes: one per distinct host, in order of their first rank (node 0: the root, `machine`).
  std::vector<std::string> node_hosts;
  std::vector<OTF2_SystemTreeNodeRef> node_of(world_size_, 0);
  for (std::uint32_t r = 0; r < world_size_ && r < hosts.size(); ++r) {
    auto it = std::find(node_hosts.begin(), node_hosts.end(), hosts[r]);
    if (it == node_hosts.end()) it = node_hosts.insert(node_hosts.end(), hosts[r]);
    node_of[r] = static_cast<OTF2_SystemTreeNodeRef>(it - node_hosts.begin() + 1);
  }
  if (node_hosts.size() < 2) std::fill(node_of.begin(), node_of.end(), 0);
  std::vector<OTF2_StringRef> node_names;
  if (node_hosts.size() >= 2)
    for (const std::string& h : node_hosts) node_names.push_back(string(h));
  const OTF2_StringRef node_class = string("node");
  // Intern every name before the strings are written, so no definition precedes its string.
  CommDef world{0, undefined_comm, creator_unknown, std::vector<std::uint32_t>(world_size_)};
  std::iota(world.members.begin(), world.members.end(), 0u);
  comms_[0] = world;
  comm_refs_.clear();
  comm_order_.clear();
  std::map<std::uint32_t, OTF2_StringRef> comm_names;
  for (const auto& [id, d] : comms_)
    comm_names[id] = string(id == 0 ? "MPI_COMM_WORLD" : comm_name(d));
  // The process (location group) and its one thread (location) need distinct names: ViTE
  // keys its containers by name and refuses a second "rank N".
  std::vector<OTF2_StringRef> rank_names;
  std::vector<OTF2_StringRef> thread_names;
  for (std::uint32_t r = 0; r < world_size_; ++r) {
    rank_names.push_back(string("rank " + std::to_string(r)));
    thread_names.push_back(string("rank " + std::to_string(r) + " thread 0"));
  }
  const OTF2_StringRef machine = string("machine"), host_key = string("host"),
                       host_name = string(host), empty = string(""), mpi = string("MPI"),
                       user = string("User"), all_ranks = string("all ranks");

  const std::uint64_t first = first_ <= last_ ? first_ : 0;
  const std::uint64_t last = first_ <= last_ ? last_ : 0;
  check(OTF2_GlobalDefWriter_WriteClockProperties(w, 1000000000u, first, last - first,
                                                  first +
                                                      static_cast<std::uint64_t>(realtime_offset)),
        "ClockProperties");
  for (std::size_t i = 0; i < strings_.size(); ++i)
    check(OTF2_GlobalDefWriter_WriteString(w, static_cast<OTF2_StringRef>(i), strings_[i].c_str()),
          "String");
  check(OTF2_GlobalDefWriter_WriteParadigm(w, OTF2_PARADIGM_MPI, mpi, OTF2_PARADIGM_CLASS_PROCESS),
        "Paradigm");
  check(
      OTF2_GlobalDefWriter_WriteParadigm(w, OTF2_PARADIGM_USER, user, OTF2_PARADIGM_CLASS_PROCESS),
      "Paradigm");

  check(OTF2_GlobalDefWriter_WriteSystemTreeNode(w, 0, machine, machine,
                                                 OTF2_UNDEFINED_SYSTEM_TREE_NODE),
        "SystemTreeNode");
  OTF2_AttributeValue value{};
  value.stringRef = host_name;
  check(OTF2_GlobalDefWriter_WriteSystemTreeNodeProperty(w, 0, host_key, OTF2_TYPE_STRING, value),
        "SystemTreeNodeProperty");
  for (std::size_t n = 0; n < node_names.size(); ++n) {
    const auto id = static_cast<OTF2_SystemTreeNodeRef>(n + 1);
    check(OTF2_GlobalDefWriter_WriteSystemTreeNode(w, id, node_names[n], node_class, 0),
          "SystemTreeNode");
    value.stringRef = node_names[n];
    check(
        OTF2_GlobalDefWriter_WriteSystemTreeNodeProperty(w, id, host_key, OTF2_TYPE_STRING, value),
        "SystemTreeNodeProperty");
  }
  for (std::uint32_t r = 0; r < world_size_; ++r) {
    check(OTF2_GlobalDefWriter_WriteLocationGroup(w, r, rank_names[r],
                                                  OTF2_LOCATION_GROUP_TYPE_PROCESS, node_of[r],
                                                  OTF2_UNDEFINED_LOCATION_GROUP),
          "LocationGroup");
    check(OTF2_GlobalDefWriter_WriteLocation(w, r, thread_names[r], OTF2_LOCATION_TYPE_CPU_THREAD,
                                             event_counts_[r], r),
          "Location");
  }
  for (std::size_t id = 0; id < regions_.size(); ++id) {
    const Region& region = regions_[id];
    check(OTF2_GlobalDefWriter_WriteRegion(w, static_cast<OTF2_RegionRef>(id), region.name,
                                           region.name, empty, region.role, region.paradigm,
                                           OTF2_REGION_FLAG_NONE, empty, 0, 0),
          "Region");
  }
  for (std::size_t i = 0; i < attributes_.size(); ++i)
    check(OTF2_GlobalDefWriter_WriteAttribute(w, static_cast<OTF2_AttributeRef>(i),
                                              attributes_[i].name, attributes_[i].description,
                                              attributes_[i].type),
          "Attribute");
  write_comms(w, comm_names, all_ranks);
}

void Definitions::write_comms(OTF2_GlobalDefWriter* w,
                              const std::map<std::uint32_t, OTF2_StringRef>& names,
                              OTF2_StringRef all_ranks) {
  // Group 0 lists the locations of all ranks; a Comm's group lists indices into it, which
  // are world ranks because location r is world rank r.
  std::vector<std::uint64_t> all(world_size_);
  std::iota(all.begin(), all.end(), 0u);
  check(OTF2_GlobalDefWriter_WriteGroup(w, 0, all_ranks, OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                        OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, world_size_,
                                        all.data()),
        "Group");
  std::map<std::vector<std::uint32_t>, OTF2_GroupRef> groups;
  comm_ref(0); // the archive's order
  for (const std::uint32_t id : comm_order_) {
    const CommDef& d = comms_.at(id);
    const auto [group, added] =
        groups.try_emplace(d.members, static_cast<OTF2_GroupRef>(groups.size() + 1));
    if (added) {
      const std::vector<std::uint64_t> members(d.members.begin(), d.members.end());
      check(OTF2_GlobalDefWriter_WriteGroup(
                w, group->second, names.at(id), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                OTF2_GROUP_FLAG_NONE, static_cast<std::uint32_t>(members.size()), members.data()),
            "Group");
    }
    const OTF2_CommRef parent =
        comms_.contains(d.parent) && d.parent != id ? comm_ref(d.parent) : OTF2_UNDEFINED_COMM;
    check(OTF2_GlobalDefWriter_WriteComm(w, comm_ref(id), names.at(id), group->second, parent,
                                         OTF2_COMM_FLAG_NONE),
          "Comm");
  }
}

} // namespace collscope::rec
