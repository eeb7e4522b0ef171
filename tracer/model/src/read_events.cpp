#include "read_events.hpp"

#include "event_sink.hpp"
#include "otf2_errors.hpp"

#include <algorithm>
#include <memory>

namespace collscope::model::detail {

namespace {

EventSink& sink(void* data) {
  return *static_cast<EventSink*>(data);
}

OTF2_CallbackCode on_enter(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                           OTF2_AttributeList* attributes, OTF2_RegionRef region) {
  sink(data).enter(sink(data).seconds(t), region, attributes);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_leave(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                           OTF2_AttributeList*, OTF2_RegionRef region) {
  sink(data).leave(sink(data).seconds(t), region);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_send(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                          OTF2_AttributeList* attributes, uint32_t receiver, OTF2_CommRef comm,
                          uint32_t tag, uint64_t bytes) {
  sink(data).message(OpKind::send, sink(data).seconds(t), attributes, receiver, comm, tag, bytes,
                     0);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_isend(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                           OTF2_AttributeList* attributes, uint32_t receiver, OTF2_CommRef comm,
                           uint32_t tag, uint64_t bytes, uint64_t request) {
  sink(data).message(OpKind::isend, sink(data).seconds(t), attributes, receiver, comm, tag, bytes,
                     request);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_recv(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                          OTF2_AttributeList* attributes, uint32_t sender, OTF2_CommRef comm,
                          uint32_t tag, uint64_t bytes) {
  sink(data).message(OpKind::recv, sink(data).seconds(t), attributes, sender, comm, tag, bytes, 0);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_irecv(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                           OTF2_AttributeList* attributes, uint32_t sender, OTF2_CommRef comm,
                           uint32_t tag, uint64_t bytes, uint64_t request) {
  sink(data).message(OpKind::irecv_complete, sink(data).seconds(t), attributes, sender, comm, tag,
                     bytes, request);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_isend_complete(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                                    OTF2_AttributeList*, uint64_t request) {
  sink(data).request(OpKind::isend_complete, sink(data).seconds(t), request);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_irecv_request(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                                   OTF2_AttributeList*, uint64_t request) {
  sink(data).request(OpKind::irecv_request, sink(data).seconds(t), request);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_collective_begin(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                                      OTF2_AttributeList* attributes) {
  sink(data).collective_begin(sink(data).seconds(t), attributes);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_collective_end(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t, void* data,
                                    OTF2_AttributeList*, OTF2_CollectiveOp op, OTF2_CommRef comm,
                                    uint32_t root, uint64_t sent, uint64_t received) {
  sink(data).collective_end(sink(data).seconds(t), op, comm, root, sent, received);
  return OTF2_CALLBACK_SUCCESS;
}

struct CallbacksDeleter {
  void operator()(OTF2_EvtReaderCallbacks* c) const { OTF2_EvtReaderCallbacks_Delete(c); }
};

std::unique_ptr<OTF2_EvtReaderCallbacks, CallbacksDeleter> callbacks() {
  std::unique_ptr<OTF2_EvtReaderCallbacks, CallbacksDeleter> cb(OTF2_EvtReaderCallbacks_New());
  OTF2_EvtReaderCallbacks_SetEnterCallback(cb.get(), on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback(cb.get(), on_leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback(cb.get(), on_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback(cb.get(), on_isend);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback(cb.get(), on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(cb.get(), on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(cb.get(), on_isend_complete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(cb.get(), on_irecv_request);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback(cb.get(), on_collective_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(cb.get(), on_collective_end);
  return cb;
}

std::string rank_label(int rank) {
  return "rank " + std::to_string(rank);
}

// The name of the rank's process (its location group, "rank 3") if it has one, else the name
// of its location: a rank is a process, whatever its thread is called ("rank 3 thread 0").
std::string rank_name(const Definitions& defs, OTF2_LocationRef location) {
  const auto def = defs.locations.find(location);
  if (def == defs.locations.end()) return "";
  const auto group = defs.location_groups.find(def->second.group);
  if (group != defs.location_groups.end() &&
      group->second.type == OTF2_LOCATION_GROUP_TYPE_PROCESS &&
      !defs.str(group->second.name).empty())
    return defs.str(group->second.name);
  return defs.str(def->second.name);
}

// The host of the rank's process: the name of its location group's system-tree node (the
// recorder's `machine` root for a run on one host, the host's node on several; Score-P's
// node too).
std::string host_of(const Definitions& defs, OTF2_LocationRef location) {
  const auto def = defs.locations.find(location);
  if (def == defs.locations.end()) return "";
  const auto group = defs.location_groups.find(def->second.group);
  if (group == defs.location_groups.end()) return "";
  const auto node = defs.system_tree.find(group->second.node);
  return node != defs.system_tree.end() ? defs.str(node->second.name) : "";
}

// A rank's ClockOffset definitions (local definitions of its location), kept so the model can
// say what was applied and undo it for the count of backward messages on the raw clocks.
struct OffsetSink {
  const Definitions& defs;
  Rank& rank;
};

OTF2_CallbackCode on_clock_offset(void* data, OTF2_TimeStamp time, int64_t offset,
                                  double deviation) {
  auto& sink = *static_cast<OffsetSink*>(data);
  const double resolution =
      sink.defs.resolution != 0 ? static_cast<double>(sink.defs.resolution) : 1e9;
  const double since = time >= sink.defs.offset ? static_cast<double>(time - sink.defs.offset)
                                                : -static_cast<double>(sink.defs.offset - time);
  sink.rank.clock_offsets.push_back(
      {since / resolution, static_cast<double>(offset) / resolution, deviation / resolution});
  return OTF2_CALLBACK_SUCCESS;
}

struct DefCallbacksDeleter {
  void operator()(OTF2_DefReaderCallbacks* c) const { OTF2_DefReaderCallbacks_Delete(c); }
};

} // namespace

void WorkCounter::add(std::uint64_t units) {
  done_ += units;
  if (callback_ && !callback_(done_, std::max(done_, total_))) throw LoadCancelled();
}

void read_events(OTF2_Reader* reader, const Definitions& defs, const RankLayout& ranks,
                 const std::map<std::uint32_t, CommLayout>& comms, Trace& trace,
                 std::vector<std::string>& problems, WorkCounter& work, double extra) {
  const int p = static_cast<int>(ranks.locations.size());
  std::vector<std::uint64_t> announced(p, 0);
  std::uint64_t total = 0;
  bool all_announced = true;
  for (int r = 0; r < p; ++r) {
    const auto def = defs.locations.find(ranks.locations[r]);
    announced[r] = def != defs.locations.end() ? def->second.events : 0;
    all_announced = all_announced && announced[r] != 0;
    total += announced[r];
  }
  work.set_total(
      all_announced ? total + static_cast<std::uint64_t>(extra * static_cast<double>(total)) : 0);
  work.add(0);
  trace.ranks.resize(p);
  for (int r = 0; r < p; ++r) {
    trace.ranks[r].id = r;
    trace.ranks[r].name = rank_name(defs, ranks.locations[r]);
    if (trace.ranks[r].name.empty()) trace.ranks[r].name = rank_label(r);
    trace.ranks[r].host = host_of(defs, ranks.locations[r]);
    check(OTF2_Reader_SelectLocation(reader, ranks.locations[r]), "cannot select " + rank_label(r));
  }
  // Local definitions (mapping tables) are optional; event files are not.
  const bool def_files = OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS;
  check(OTF2_Reader_OpenEvtFiles(reader), "cannot open the event files");
  std::vector<OTF2_EvtReader*> evt_readers(p, nullptr);
  const std::unique_ptr<OTF2_DefReaderCallbacks, DefCallbacksDeleter> def_callbacks(
      OTF2_DefReaderCallbacks_New());
  OTF2_DefReaderCallbacks_SetClockOffsetCallback(def_callbacks.get(), on_clock_offset);
  for (int r = 0; r < p; ++r) {
    if (def_files) {
      if (OTF2_DefReader* def_reader = OTF2_Reader_GetDefReader(reader, ranks.locations[r])) {
        // OTF2 applies the offsets to the events it reads next (OTF2_EvtReader default).
        OffsetSink offsets{defs, trace.ranks[r]};
        check(OTF2_Reader_RegisterDefCallbacks(reader, def_reader, def_callbacks.get(), &offsets),
              "cannot read the local definitions of " + rank_label(r));
        uint64_t read = 0;
        check(OTF2_Reader_ReadAllLocalDefinitions(reader, def_reader, &read),
              "cannot read the local definitions of " + rank_label(r));
        OTF2_Reader_CloseDefReader(reader, def_reader);
      }
    }
    evt_readers[r] = OTF2_Reader_GetEvtReader(reader, ranks.locations[r]);
    if (evt_readers[r] == nullptr)
      check(OTF2_ERROR_INVALID, "cannot open the events of " + rank_label(r));
  }
  if (def_files) OTF2_Reader_CloseDefFiles(reader);

  const auto cb = callbacks();
  RegionTable regions(defs, trace);
  constexpr uint64_t chunk = 1 << 16; // events between two progress reports
  for (int r = 0; r < p; ++r) {
    // Reserved from the announced count, so the vectors never grow by copying; the part of the
    // reservation that events without an operation leave unused is never touched.
    trace.ranks[r].operations.reserve(announced[r]);
    trace.ranks[r].regions.reserve(announced[r] / 2);
    EventSink events(defs, comms, regions, trace, r, problems);
    check(OTF2_Reader_RegisterEvtCallbacks(reader, evt_readers[r], cb.get(), &events),
          "cannot read the events of " + rank_label(r));
    uint64_t read = 0;
    for (uint64_t got = chunk; got == chunk;) {
      got = 0;
      check(OTF2_Reader_ReadLocalEvents(reader, evt_readers[r], chunk, &got),
            "cannot read the events of " + rank_label(r));
      read += got;
      work.add(got);
    }
    events.finish();
    if (announced[r] != 0 && read != announced[r])
      throw CorruptTrace(rank_label(r) + " has " + std::to_string(read) + " of its " +
                         std::to_string(announced[r]) + " events");
    OTF2_Reader_CloseEvtReader(reader, evt_readers[r]);
  }
  OTF2_Reader_CloseEvtFiles(reader);
}

} // namespace collscope::model::detail
