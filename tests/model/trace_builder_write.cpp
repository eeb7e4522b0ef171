// TraceBuilder::write: the OTF2 side of the fixture, definitions as tracer/README.md lists them.
#include "trace_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <otf2/otf2.h>
#include <set>
#include <stdexcept>

namespace collscope::test {

namespace {

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) {
  return OTF2_FLUSH;
}
OTF2_TimeStamp post_flush(void*, OTF2_FileType, OTF2_LocationRef) {
  return 0;
}
OTF2_FlushCallbacks flush_callbacks = {pre_flush, post_flush};

void ok(OTF2_ErrorCode code, const char* what) {
  if (code != OTF2_SUCCESS) throw std::runtime_error(std::string("TraceBuilder: ") + what);
}

class Strings {
public:
  OTF2_StringRef operator()(const std::string& s) {
    const auto [it, inserted] = ids_.try_emplace(s, static_cast<OTF2_StringRef>(ids_.size()));
    if (inserted) order_.push_back(s);
    return it->second;
  }
  void write(OTF2_GlobalDefWriter* w) const {
    for (std::size_t i = 0; i < order_.size(); ++i)
      ok(OTF2_GlobalDefWriter_WriteString(w, static_cast<OTF2_StringRef>(i), order_[i].c_str()),
         "string");
  }

private:
  std::map<std::string, OTF2_StringRef> ids_;
  std::vector<std::string> order_;
};

OTF2_RegionRole role_of(const std::string& name) {
  if (name.starts_with("round ")) return OTF2_REGION_ROLE_LOOP;
  if (!name.starts_with("MPI_")) return OTF2_REGION_ROLE_CODE;
  static const std::map<std::string, OTF2_RegionRole> roles = {
      {"MPI_Bcast", OTF2_REGION_ROLE_COLL_ONE2ALL},
      {"MPI_Scatter", OTF2_REGION_ROLE_COLL_ONE2ALL},
      {"MPI_Gather", OTF2_REGION_ROLE_COLL_ALL2ONE},
      {"MPI_Reduce", OTF2_REGION_ROLE_COLL_ALL2ONE},
      {"MPI_Allgather", OTF2_REGION_ROLE_COLL_ALL2ALL},
      {"MPI_Barrier", OTF2_REGION_ROLE_COLL_OTHER}};
  const auto it = roles.find(name);
  return it != roles.end() ? it->second : OTF2_RegionRole{OTF2_REGION_ROLE_POINT2POINT};
}

constexpr OTF2_AttributeRef origin_first = 0, origin_count = 1, element_begin = 2,
                            element_count = 3, first_meta = 4;

} // namespace

std::filesystem::path TraceBuilder::write(const std::filesystem::path& dir) const {
  OTF2_Archive* archive =
      OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                        OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == nullptr) throw std::runtime_error("TraceBuilder: cannot create " + dir.string());
  ok(OTF2_Archive_SetFlushCallbacks(archive, &flush_callbacks, nullptr), "flush callbacks");
  ok(OTF2_Archive_SetSerialCollectiveCallbacks(archive), "collective callbacks");
  ok(OTF2_Archive_SetCreator(archive, "collscope model tests"), "creator");

  Strings str;
  std::map<std::string, OTF2_AttributeRef> meta_attribute;
  for (const auto& rank : events_)
    for (const Event& e : rank)
      for (const auto& [key, value] : e.meta)
        meta_attribute.try_emplace(key, first_meta +
                                            static_cast<OTF2_AttributeRef>(meta_attribute.size()));

  std::vector<std::uint64_t> counts(ranks_, 0);
  std::uint64_t last = options_.clock_offset;
  ok(OTF2_Archive_OpenEvtFiles(archive), "event files");
  for (int r = 0; r < ranks_; ++r) {
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, options_.location_base + r);
    std::vector<Event> events = events_[r];
    std::stable_sort(events.begin(), events.end(),
                     [](const Event& a, const Event& b) { return a.time < b.time; });
    OTF2_AttributeList* list = OTF2_AttributeList_New();
    for (const Event& e : events) {
      last = std::max(last, e.time);
      OTF2_AttributeList_RemoveAllAttributes(list);
      for (const auto& [key, value] : e.meta)
        OTF2_AttributeList_AddStringRef(list, meta_attribute.at(key), str(value));
      if (e.blocks) {
        OTF2_AttributeList_AddUint32(list, origin_first, e.blocks->origin_first);
        OTF2_AttributeList_AddUint32(list, origin_count, e.blocks->origin_count);
        OTF2_AttributeList_AddUint64(list, element_begin, e.blocks->element_begin);
        OTF2_AttributeList_AddUint64(list, element_count, e.blocks->element_count);
      }
      switch (e.type) {
      case Type::enter:
        ok(OTF2_EvtWriter_Enter(w, list, e.time, e.region), "enter");
        break;
      case Type::leave:
        ok(OTF2_EvtWriter_Leave(w, list, e.time, e.region), "leave");
        break;
      case Type::send:
        ok(OTF2_EvtWriter_MpiSend(w, list, e.time, e.peer, e.comm, e.tag, e.bytes), "send");
        break;
      case Type::recv:
        ok(OTF2_EvtWriter_MpiRecv(w, list, e.time, e.peer, e.comm, e.tag, e.bytes), "recv");
        break;
      case Type::isend:
        ok(OTF2_EvtWriter_MpiIsend(w, list, e.time, e.peer, e.comm, e.tag, e.bytes, e.request),
           "isend");
        break;
      case Type::isend_complete:
        ok(OTF2_EvtWriter_MpiIsendComplete(w, list, e.time, e.request), "isend complete");
        break;
      case Type::irecv_request:
        ok(OTF2_EvtWriter_MpiIrecvRequest(w, list, e.time, e.request), "irecv request");
        break;
      case Type::irecv:
        ok(OTF2_EvtWriter_MpiIrecv(w, list, e.time, e.peer, e.comm, e.tag, e.bytes, e.request),
           "irecv");
        break;
      case Type::coll_begin:
        ok(OTF2_EvtWriter_MpiCollectiveBegin(w, list, e.time), "coll");
        break;
      case Type::coll_end:
        ok(OTF2_EvtWriter_MpiCollectiveEnd(w, list, e.time, static_cast<OTF2_CollectiveOp>(e.tag),
                                           e.comm, e.peer, e.bytes, e.bytes2),
           "coll end");
        break;
      }
    }
    OTF2_AttributeList_Delete(list);
    ok(OTF2_EvtWriter_GetNumberOfEvents(w, &counts[r]), "event count");
    ok(OTF2_Archive_CloseEvtWriter(archive, w), "close events");
  }
  ok(OTF2_Archive_CloseEvtFiles(archive), "close event files");
  ok(OTF2_Archive_OpenDefFiles(archive), "def files");
  for (int r = 0; r < ranks_; ++r) {
    OTF2_DefWriter* local = OTF2_Archive_GetDefWriter(archive, options_.location_base + r);
    for (const Offset& o : offsets_[r])
      ok(OTF2_DefWriter_WriteClockOffset(
             local, options_.clock_offset + static_cast<std::uint64_t>(std::llround(o.time * 1e9)),
             std::llround(o.offset * 1e9), o.error * 1e9),
         "clock offset");
    ok(OTF2_Archive_CloseDefWriter(archive, local), "local defs");
  }
  ok(OTF2_Archive_CloseDefFiles(archive), "close def files");

  OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(archive);
  // Every string first, so that readers meet no forward reference.
  str(""), str("machine"), str("host"), str("localhost"), str("MPI_COMM_WORLD");
  for (int r = 0; r < ranks_; ++r)
    str("rank " + std::to_string(r)), str("rank " + std::to_string(r) + " thread 0");
  for (const std::string& name : regions_) str(name);
  for (const char* a : {"collscope::origin_first", "collscope::origin_count",
                        "collscope::element_begin", "collscope::element_count"})
    str(a);
  for (const auto& [key, ref] : meta_attribute) str("collscope::meta::" + key);
  for (const CommDef& c : comms_) str("comm " + std::to_string(c.id));
  str.write(g);

  ok(OTF2_GlobalDefWriter_WriteClockProperties(g, 1'000'000'000, options_.clock_offset,
                                               last - options_.clock_offset + 1,
                                               OTF2_UNDEFINED_TIMESTAMP),
     "clock");
  ok(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, str("machine"), str("machine"),
                                              OTF2_UNDEFINED_SYSTEM_TREE_NODE),
     "node");
  OTF2_AttributeValue host{};
  host.stringRef = str("localhost");
  ok(OTF2_GlobalDefWriter_WriteSystemTreeNodeProperty(g, 0, str("host"), OTF2_TYPE_STRING, host),
     "host");
  for (int r = 0; r < ranks_; ++r) {
    const OTF2_StringRef name = str("rank " + std::to_string(r));
    ok(OTF2_GlobalDefWriter_WriteLocationGroup(g, static_cast<OTF2_LocationGroupRef>(r), name,
                                               OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                               OTF2_UNDEFINED_LOCATION_GROUP),
       "location group");
    // Process "rank r", its thread "rank r thread 0": the model names the rank after the process.
    ok(OTF2_GlobalDefWriter_WriteLocation(
           g, options_.location_base + r, str("rank " + std::to_string(r) + " thread 0"),
           OTF2_LOCATION_TYPE_CPU_THREAD, counts[r], static_cast<OTF2_LocationGroupRef>(r)),
       "location");
  }
  for (std::size_t i = 0; i < regions_.size(); ++i) {
    const std::string& name = regions_[i];
    const bool mpi = name.starts_with("MPI_");
    ok(OTF2_GlobalDefWriter_WriteRegion(
           g, static_cast<OTF2_RegionRef>(i), str(name), str(name), str(""), role_of(name),
           mpi ? OTF2_PARADIGM_MPI : OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, str(""), 0, 0),
       "region");
  }
  const std::pair<OTF2_AttributeRef, OTF2_Type> blocks[] = {{origin_first, OTF2_TYPE_UINT32},
                                                            {origin_count, OTF2_TYPE_UINT32},
                                                            {element_begin, OTF2_TYPE_UINT64},
                                                            {element_count, OTF2_TYPE_UINT64}};
  const char* block_names[] = {"collscope::origin_first", "collscope::origin_count",
                               "collscope::element_begin", "collscope::element_count"};
  for (const auto& [ref, type] : blocks)
    ok(OTF2_GlobalDefWriter_WriteAttribute(g, ref, str(block_names[ref]), str(""), type), "attr");
  for (const auto& [key, ref] : meta_attribute)
    ok(OTF2_GlobalDefWriter_WriteAttribute(g, ref, str("collscope::meta::" + key), str(""),
                                           OTF2_TYPE_STRING),
       "meta attr");

  OTF2_GroupRef next_group = 0;
  if (options_.comm_locations) {
    std::vector<std::uint64_t> locations(ranks_);
    std::iota(locations.begin(), locations.end(), options_.location_base);
    ok(OTF2_GlobalDefWriter_WriteGroup(g, next_group++, str(""), OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                       OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                       static_cast<uint32_t>(ranks_), locations.data()),
       "locations group");
  }
  const auto comm_group = [&](const std::vector<std::uint64_t>& members) {
    ok(OTF2_GlobalDefWriter_WriteGroup(g, next_group, str(""), OTF2_GROUP_TYPE_COMM_GROUP,
                                       OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                       static_cast<uint32_t>(members.size()), members.data()),
       "comm group");
    return next_group++;
  };
  std::vector<std::uint64_t> world(ranks_);
  std::iota(world.begin(), world.end(), 0);
  ok(OTF2_GlobalDefWriter_WriteComm(g, 0, str("MPI_COMM_WORLD"), comm_group(world),
                                    OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE),
     "world");
  for (const CommDef& c : comms_) {
    const OTF2_GroupRef group = comm_group({c.members.begin(), c.members.end()});
    ok(OTF2_GlobalDefWriter_WriteComm(g, c.id, str("comm " + std::to_string(c.id)), group, 0,
                                      OTF2_COMM_FLAG_NONE),
       "comm");
  }
  ok(OTF2_Archive_Close(archive), "close");
  return dir;
}

} // namespace collscope::test
