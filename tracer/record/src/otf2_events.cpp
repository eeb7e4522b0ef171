#include "otf2_events.hpp"

#include "otf2_check.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

namespace collscope::rec {
namespace {

struct MetaValue {
  std::size_t enter; // index of the algorithm region's Enter event
  std::uint32_t key;
  std::uint32_t value;
};

bool is_algorithm(const RankTrace& rank, std::uint32_t name) {
  return name < rank.strings.size() && rank.strings[name].starts_with("algorithm ");
}

/// meta() calls belong to the innermost open algorithm region; calls made before any
/// algorithm region opened go to the next one that does.
std::vector<MetaValue> attach_meta(const RankTrace& rank) {
  std::vector<MetaValue> attached;
  std::vector<MetaValue> waiting;
  std::vector<std::pair<std::size_t, std::uint32_t>> open; // Enter index, name
  for (std::size_t i = 0; i < rank.events.size(); ++i) {
    const Event& e = rank.events[i];
    if (e.kind == Kind::UserEnter && is_algorithm(rank, e.peer)) {
      open.emplace_back(i, e.peer);
      for (MetaValue m : waiting) attached.push_back({i, m.key, m.value});
      waiting.clear();
    } else if (e.kind == Kind::UserLeave) {
      const auto it = std::find_if(open.rbegin(), open.rend(),
                                   [&](const auto& o) { return o.second == e.peer; });
      if (it != open.rend()) open.erase(std::next(it).base());
    } else if (e.kind == Kind::Meta) {
      if (open.empty())
        waiting.push_back({0, e.peer, e.tag});
      else
        attached.push_back({open.back().first, e.peer, e.tag});
    }
  }
  std::stable_sort(attached.begin(), attached.end(),
                   [](const MetaValue& a, const MetaValue& b) { return a.enter < b.enter; });
  return attached;
}

class Translator {
public:
  Translator(OTF2_EvtWriter* w, const RankTrace& rank, Definitions& defs, OTF2_AttributeList* attrs)
      : w_(w), rank_(rank), defs_(defs), attrs_(attrs), meta_(attach_meta(rank)) {}

  std::uint64_t run() {
    for (std::size_t i = 0; i < rank_.events.size(); ++i) translate(i, rank_.events[i]);
    if (!rank_.lost.empty()) {
      // Recording stopped here for want of memory: the gap is marked where readers look.
      time(std::max(last_, rank_.lost_at));
      check(OTF2_EvtWriter_MeasurementOnOff(w_, nullptr, last_, OTF2_MEASUREMENT_OFF),
            "MeasurementOnOff");
    }
    while (!stack_.empty()) {
      check(OTF2_EvtWriter_Leave(w_, nullptr, last_, stack_.back()), "Leave");
      stack_.pop_back();
      ++written_;
    }
    return written_;
  }

private:
  std::string_view str(std::uint32_t id) const {
    return id < rank_.strings.size() ? rank_.strings[id] : std::string_view{"?"};
  }

  void time(std::uint64_t t) {
    last_ = std::max(last_, t);
    defs_.note_time(t);
    ++written_;
  }

  void enter(std::size_t index, std::uint64_t t, OTF2_RegionRef region) {
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

  void leave(std::uint64_t t, OTF2_RegionRef region) {
    const auto it = std::find(stack_.rbegin(), stack_.rend(), region);
    if (it == stack_.rend()) return;
    const std::size_t depth = stack_.size() - static_cast<std::size_t>(it - stack_.rbegin()) - 1;
    while (stack_.size() > depth) {
      time(t);
      check(OTF2_EvtWriter_Leave(w_, nullptr, t, stack_.back()), "Leave");
      stack_.pop_back();
    }
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

  void translate(std::size_t i, const Event& e) {
    const std::uint64_t t = e.time;
    switch (e.kind) {
    case Kind::Enter:
      return enter(i, t, defs_.mpi_region(e.region));
    case Kind::Leave:
      return leave(t, defs_.mpi_region(e.region));
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
      return check(OTF2_EvtWriter_MpiCollectiveBegin(w_, nullptr, t), "MpiCollectiveBegin");
    case Kind::CollEnd:
      time(t);
      return check(
          OTF2_EvtWriter_MpiCollectiveEnd(w_, nullptr, t, e.op, e.comm, e.peer, e.bytes, e.request),
          "MpiCollectiveEnd");
    }
  }

  OTF2_EvtWriter* w_;
  const RankTrace& rank_;
  Definitions& defs_;
  OTF2_AttributeList* attrs_;
  std::vector<MetaValue> meta_;
  std::size_t next_meta_ = 0;
  std::vector<OTF2_RegionRef> stack_;
  std::optional<Event> blocks_;
  std::uint64_t last_ = 0;
  std::uint64_t written_ = 0;
};

} // namespace

std::uint64_t write_events(OTF2_EvtWriter* writer, const RankTrace& rank, Definitions& defs,
                           OTF2_AttributeList* attributes) {
  return Translator{writer, rank, defs, attributes}.run();
}

} // namespace collscope::rec
