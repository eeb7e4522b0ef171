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
                                      OTF2_AttributeList*) {
  sink(data).collective_begin(sink(data).seconds(t));
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

} // namespace

void read_events(OTF2_Reader* reader, const Definitions& defs, const RankLayout& ranks,
                 const std::map<std::uint32_t, CommLayout>& comms, Trace& trace,
                 const LoadProgress& progress, double scale) {
  const int p = static_cast<int>(ranks.locations.size());
  trace.ranks.resize(p);
  for (int r = 0; r < p; ++r) {
    trace.ranks[r].id = r;
    // A rank is a process: named by its location group ("rank N"), else by its location.
    const auto def = defs.locations.find(ranks.locations[r]);
    if (def != defs.locations.end()) {
      const auto group = defs.location_group_names.find(def->second.group);
      if (group != defs.location_group_names.end()) trace.ranks[r].name = defs.str(group->second);
      if (trace.ranks[r].name.empty()) trace.ranks[r].name = defs.str(def->second.name);
    }
    if (trace.ranks[r].name.empty()) trace.ranks[r].name = rank_label(r);
    check(OTF2_Reader_SelectLocation(reader, ranks.locations[r]), "cannot select " + rank_label(r));
  }
  // Local definitions (mapping tables) are optional; event files are not.
  const bool def_files = OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS;
  check(OTF2_Reader_OpenEvtFiles(reader), "cannot open the event files");
  std::vector<OTF2_EvtReader*> evt_readers(p, nullptr);
  for (int r = 0; r < p; ++r) {
    if (def_files) {
      if (OTF2_DefReader* def_reader = OTF2_Reader_GetDefReader(reader, ranks.locations[r])) {
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

  const auto announced_of = [&](int r) -> uint64_t {
    const auto def = defs.locations.find(ranks.locations[r]);
    return def != defs.locations.end() ? def->second.events : 0;
  };
  // Progress is the share of the announced events read: reading is most of a load's time.
  uint64_t total = 0, done = 0;
  for (int r = 0; r < p; ++r) total += announced_of(r);
  constexpr uint64_t chunk = 1 << 16;

  const auto cb = callbacks();
  std::map<OTF2_RegionRef, int> function_of;
  for (int r = 0; r < p; ++r) {
    EventSink events(defs, comms, function_of, trace, r);
    check(OTF2_Reader_RegisterEvtCallbacks(reader, evt_readers[r], cb.get(), &events),
          "cannot read the events of " + rank_label(r));
    uint64_t read = 0;
    for (uint64_t got = chunk; got == chunk;) {
      got = 0;
      check(OTF2_Reader_ReadLocalEvents(reader, evt_readers[r], chunk, &got),
            "cannot read the events of " + rank_label(r));
      read += got;
      done += got;
      if (progress && total > 0)
        progress(scale * static_cast<double>(std::min(done, total)) / static_cast<double>(total));
    }
    events.finish();
    const uint64_t announced = announced_of(r);
    if (announced != 0 && read != announced)
      throw CorruptTrace(rank_label(r) + " has " + std::to_string(read) + " of its " +
                         std::to_string(announced) + " events");
    OTF2_Reader_CloseEvtReader(reader, evt_readers[r]);
  }
  OTF2_Reader_CloseEvtFiles(reader);
}

} // namespace collscope::model::detail
