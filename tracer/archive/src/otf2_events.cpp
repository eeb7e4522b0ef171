#include "collscope/archive/otf2_events.hpp"

#include "collscope/archive/otf2_check.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

namespace collscope::rec {
namespace {

class Translator {
public:
  Translator(OTF2_EvtWriter* w, const RankInput& rank, Definitions& defs, OTF2_AttributeList* attrs)
      : w_(w), rank_(rank), defs_(defs), attrs_(attrs), meta_(rank.meta) {}

  EventCounts run() {
    EventFile file(rank_.events_path, rank_.ring_path, rank_.tail);
    Event e{};
    for (std::uint64_t i = 0; file.next(e); ++i) translate(i, e);
    if (rank_.has_lost) {
      // Recording stopped here (memory, a second thread): the gap is marked where readers look.
      time(std::max(last_, rank_.to_ns(rank_.lost_at)));
      check(OTF2_EvtWriter_MeasurementOnOff(w_, nullptr, last_, OTF2_MEASUREMENT_OFF),
            "MeasurementOnOff");
    }
    while (!stack_.empty()) {
      check(OTF2_EvtWriter_Leave(w_, nullptr, last_, stack_.back()), "Leave");
      stack_.pop_back();
      ++written_;
    }
    // The archive's time range is on rank 0's clock: what readers show after the offsets.
    if (first_ > last_) return {written_, first_, last_};
    return {written_, rank_.corrected(first_), rank_.corrected(last_)};
  }

private:
  std::string_view str(std::uint32_t id) const { return rank_.str(id); }

  void time(std::uint64_t t) {
    last_ = std::max(last_, t);
    first_ = std::min(first_, t);
    ++written_;
  }

  // Peers leave as OTF2 defines them: ranks in the communicator, and on an intercommunicator
  // indices in the union of both groups (comm_table.hpp).
  std::uint32_t peer(const Event& e) const {
    if (rank_.peer_maps.empty()) return e.peer;
    const auto it = rank_.peer_maps.find(e.comm);
    return it != rank_.peer_maps.end() && e.peer < it->second.size() ? it->second[e.peer] : e.peer;
  }

  void enter(std::uint64_t index, std::uint64_t t, OTF2_RegionRef region) {
    for (; next_meta_ < meta_.size() && meta_[next_meta_].enter < index; ++next_meta_) {
    }
    for (; next_meta_ < meta_.size() && meta_[next_meta_].enter == index; ++next_meta_)
      check(OTF2_AttributeList_AddStringRef(attrs_,
                                            defs_.meta_attribute(str(meta_[next_meta_].key)),
                                            defs_.string(str(meta_[next_meta_].value))),
            "AttributeList_AddStringRef");
    time(t);
    check(OTF2_EvtWriter_Enter(w_, attrs_, t, region), "Enter");
    stack_.push_back(region);
  }

  void leave(std::uint64_t t, OTF2_RegionRef region, std::uint64_t polls = 0) {
    const auto it = std::find(stack_.rbegin(), stack_.rend(), region);
    if (it == stack_.rend()) return;
    const std::size_t depth = stack_.size() - static_cast<std::size_t>(it - stack_.rbegin()) - 1;
    while (stack_.size() > depth) {
      time(t);
      OTF2_AttributeList* attributes = nullptr;
      if (polls > 1 && stack_.size() == depth + 1) {
        check(OTF2_AttributeList_AddUint64(attrs_, empty_polls, polls), "AttributeList_AddUint64");
        attributes = attrs_;
      }
      check(OTF2_EvtWriter_Leave(w_, attributes, t, stack_.back()), "Leave");
      stack_.pop_back();
    }
  }

  OTF2_AttributeList* collective_begin(const Event& begin) {
    OTF2_AttributeList* list = nullptr;
    if (begin.tag != 0) {
      check(
          OTF2_AttributeList_AddStringRef(
              attrs_, reduction_op, defs_.reduction_op_name(static_cast<std::uint8_t>(begin.tag))),
          "AttributeList_AddStringRef");
      list = attrs_;
    }
    const ompi::Choice choice = ompi::unpack(begin.peer, static_cast<std::uint32_t>(begin.bytes),
                                             static_cast<std::uint32_t>(begin.request));
    if (choice.source != ompi::Source::none) {
      // A rules file's note (begin.comm: its string id + 1), else the usual words.
      const std::string source =
          begin.comm != 0 ? std::string(rank_.str(begin.comm - 1)) : ompi_source_text(choice);
      ompi_choice(choice, source);
      list = attrs_;
    }
    const auto& names = rank_.library_algorithms;
    if (begins_ < names.size() && !names[begins_].empty()) {
      check(
          OTF2_AttributeList_AddStringRef(attrs_, library_algorithm, defs_.string(names[begins_])),
          "AttributeList_AddStringRef");
      list = attrs_;
    }
    ++begins_;
    return list;
  }

  // The messages a library sent inside this native collective, added after the run
  // (RankInput::inside_collectives), go just before its CollEnd.
  void inside_collective() {
    if (ends_ < rank_.inside_collectives.size()) {
      for (const Event& e : rank_.inside_collectives[ends_]) {
        const std::uint64_t t = rank_.to_ns(e.time);
        time(t);
        switch (e.kind) {
        case Kind::Isend:
          check(OTF2_EvtWriter_MpiIsend(w_, nullptr, t, peer(e), defs_.comm_ref(e.comm), e.tag,
                                        e.bytes, e.request),
                "MpiIsend");
          break;
        case Kind::Irecv:
          check(OTF2_EvtWriter_MpiIrecv(w_, nullptr, t, peer(e), defs_.comm_ref(e.comm), e.tag,
                                        e.bytes, e.request),
                "MpiIrecv");
          break;
        case Kind::IsendComplete:
          check(OTF2_EvtWriter_MpiIsendComplete(w_, nullptr, t, e.request), "MpiIsendComplete");
          break;
        default:
          check(OTF2_EvtWriter_MpiIrecvRequest(w_, nullptr, t, e.request), "MpiIrecvRequest");
          break;
        }
      }
    }
    ++ends_;
  }

  // Open MPI's algorithm (ompi/algorithm_choice.hpp): its name, how it is known, and the
  // parameters it takes.
  void ompi_choice(const ompi::Choice& choice, std::string_view source) {
    const std::string_view name =
        ompi::name_of(choice.coll, choice.runs != 0 ? choice.runs : choice.algorithm);
    const bool known = choice.source != ompi::Source::unknown && !name.empty();
    check(OTF2_AttributeList_AddStringRef(attrs_, ompi_algorithm,
                                          defs_.string(known ? name : "unknown")),
          "AttributeList_AddStringRef");
    check(OTF2_AttributeList_AddStringRef(attrs_, ompi_algorithm_source, defs_.string(source)),
          "AttributeList_AddStringRef");
    if (!known) return;
    const ompi::Param param =
        ompi::params_of(choice.coll, choice.runs != 0 ? choice.runs : choice.algorithm);
    if (param != ompi::Param::none)
      check(OTF2_AttributeList_AddUint64(attrs_, ompi_segment, choice.segment),
            "AttributeList_AddUint64");
    if (param == ompi::Param::segment_and_chain_fanout || param == ompi::Param::segment_and_radix)
      check(OTF2_AttributeList_AddUint32(attrs_, ompi_fanout, choice.fanout),
            "AttributeList_AddUint32");
  }

  OTF2_AttributeList* blocks() {
    if (!blocks_) return nullptr;
    const Event& b = *blocks_;
    check(OTF2_AttributeList_AddUint32(attrs_, origin_first, b.peer), "AttributeList_AddUint32");
    check(OTF2_AttributeList_AddUint32(attrs_, origin_count, b.tag), "AttributeList_AddUint32");
    check(OTF2_AttributeList_AddUint64(attrs_, element_begin, b.bytes), "AttributeList_AddUint64");
    check(OTF2_AttributeList_AddUint64(attrs_, element_count, b.request),
          "AttributeList_AddUint64");
    blocks_.reset();
    return attrs_;
  }

  void translate(std::uint64_t i, const Event& raw) {
    if (raw.kind == Kind::Clock) return;
    Event e = raw;
    const std::uint64_t t = rank_.to_ns(raw.time);
    if (raw.kind == Kind::Send || raw.kind == Kind::Recv || raw.kind == Kind::Isend ||
        raw.kind == Kind::Irecv || raw.kind == Kind::CollEnd)
      e.peer = peer(raw);
    if (raw.kind == Kind::Send || raw.kind == Kind::Recv || raw.kind == Kind::Isend ||
        raw.kind == Kind::Irecv || raw.kind == Kind::CollEnd)
      e.comm = defs_.comm_ref(raw.comm);
    switch (e.kind) {
    case Kind::Enter:
      return enter(i, t, defs_.mpi_region(e.region));
    case Kind::Leave:
      return leave(t, defs_.mpi_region(e.region), e.tag == poll_mark ? e.bytes : 0);
    case Kind::UserEnter:
      return enter(i, t, defs_.user_region(str(e.peer)));
    case Kind::UserLeave:
      return leave(t, defs_.user_region(str(e.peer)));
    case Kind::RoundEnter:
      return enter(i, t, defs_.round_region(e.peer));
    case Kind::RoundLeave:
      return leave(t, defs_.round_region(e.peer));
    case Kind::Blocks:
      blocks_ = e;
      return;
    case Kind::Meta:
    case Kind::Lap: // EventFile never returns it
      return;
    case Kind::Send:
      time(t);
      return check(OTF2_EvtWriter_MpiSend(w_, blocks(), t, e.peer, e.comm, e.tag, e.bytes),
                   "MpiSend");
    case Kind::Isend:
      time(t);
      return check(
          OTF2_EvtWriter_MpiIsend(w_, blocks(), t, e.peer, e.comm, e.tag, e.bytes, e.request),
          "MpiIsend");
    case Kind::Recv:
      time(t);
      return check(OTF2_EvtWriter_MpiRecv(w_, nullptr, t, e.peer, e.comm, e.tag, e.bytes),
                   "MpiRecv");
    case Kind::Irecv:
      time(t);
      return check(
          OTF2_EvtWriter_MpiIrecv(w_, nullptr, t, e.peer, e.comm, e.tag, e.bytes, e.request),
          "MpiIrecv");
    case Kind::IsendComplete:
      time(t);
      return check(OTF2_EvtWriter_MpiIsendComplete(w_, nullptr, t, e.request), "MpiIsendComplete");
    case Kind::IrecvRequest:
      time(t);
      return check(OTF2_EvtWriter_MpiIrecvRequest(w_, nullptr, t, e.request), "MpiIrecvRequest");
    case Kind::RequestCancelled:
      time(t);
      return check(OTF2_EvtWriter_MpiRequestCancelled(w_, nullptr, t, e.request),
                   "MpiRequestCancelled");
    case Kind::CollBegin:
      time(t);
      return check(OTF2_EvtWriter_MpiCollectiveBegin(w_, collective_begin(e), t),
                   "MpiCollectiveBegin");
    case Kind::CollEnd:
      inside_collective();
      time(t);
      return check(
          OTF2_EvtWriter_MpiCollectiveEnd(w_, nullptr, t, e.op, e.comm, e.peer, e.bytes, e.request),
          "MpiCollectiveEnd");
    case Kind::Clock:
      return;
    }
  }

  OTF2_EvtWriter* w_;
  const RankInput& rank_;
  Definitions& defs_;
  OTF2_AttributeList* attrs_;
  const std::vector<MetaValue>& meta_;
  std::size_t next_meta_ = 0;
  std::vector<OTF2_RegionRef> stack_;
  std::optional<Event> blocks_;
  std::size_t begins_ = 0; // CollBegin and CollEnd events so far: the native call's ordinal
  std::size_t ends_ = 0;
  std::uint64_t first_ = UINT64_MAX;
  std::uint64_t last_ = 0;
  std::uint64_t written_ = 0;
};

} // namespace

EventCounts write_events(OTF2_EvtWriter* writer, const RankInput& rank, Definitions& defs,
                         OTF2_AttributeList* attributes) {
  return Translator{writer, rank, defs, attributes}.run();
}

} // namespace collscope::rec
