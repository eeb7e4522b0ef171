#include "collscope/archive/rank_input.hpp"

#include "collscope/archive/rank_status.hpp"
#include "collscope/archive/raw_format.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>
#include <type_traits>

namespace collscope::rec {
namespace {

// A little-endian-agnostic word stream: both ends are the same build on the same machine
// (ranks of one run), so plain memcpy of fixed-size integers is enough.
class Out {
public:
  template <class T> void put(T v) { bytes_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void put(const std::string& s) {
    put(static_cast<std::uint32_t>(s.size()));
    bytes_.append(s);
  }
  template <class T> void put_all(const std::vector<T>& v) {
    put(static_cast<std::uint32_t>(v.size()));
    for (const T& x : v) put(x);
  }
  std::string take() { return std::move(bytes_); }

private:
  std::string bytes_;
};

class In {
public:
  explicit In(std::string_view bytes) : bytes_(bytes) {}
  template <class T> T get() {
    T v{};
    need(sizeof v);
    std::memcpy(&v, bytes_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string get_string() {
    const auto n = get<std::uint32_t>();
    need(n);
    std::string s{bytes_.substr(at_, n)};
    at_ += n;
    return s;
  }
  template <class T> void get_all(std::vector<T>& v) {
    const auto n = get<std::uint32_t>();
    if constexpr (!std::is_same_v<T, std::string>) need(std::size_t{n} * sizeof(T));
    v.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<T, std::string>)
        v.push_back(get_string());
      else
        v.push_back(get<T>());
    }
  }
  std::size_t left() const { return bytes_.size() - at_; }

private:
  void need(std::size_t n) const {
    if (n > bytes_.size() - at_) throw std::runtime_error("a rank's definitions are truncated");
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void read_definitions(const std::string& path, RankInput& r) {
  const std::string bytes = read_file(path);
  std::string_view rest = bytes;
  while (rest.size() >= sizeof(RecordHead)) {
    RecordHead head{};
    std::memcpy(&head, rest.data(), sizeof head);
    if (head.length > rest.size() - sizeof head) break; // torn by a crash: ignore
    In in(rest.substr(sizeof head, head.length));
    rest.remove_prefix(sizeof head + head.length);
    switch (head.type) {
    case DefRecord::header: {
      const auto h = in.get<RawHeader>();
      r.summary.rank = h.rank;
      r.world_size = h.world_size;
      r.summary.realtime_offset = h.realtime_offset;
      r.counter = h.counter != 0;
      std::string host(in.left(), '\0');
      for (char& c : host) c = in.get<char>();
      r.summary.host = host;
      break;
    }
    case DefRecord::strings: {
      std::string chunk(in.left(), '\0');
      for (char& c : chunk) c = in.get<char>();
      for (std::size_t at = 0; at < chunk.size();) {
        const std::size_t end = chunk.find('\0', at);
        if (end == std::string::npos) break;
        r.strings.emplace_back(chunk.substr(at, end - at));
        at = end + 1;
      }
      break;
    }
    case DefRecord::comm: {
      CommDef d{in.get<std::uint32_t>(), in.get<std::uint32_t>(), in.get<std::uint32_t>(), {}};
      in.get_all(d.members);
      r.summary.comms.push_back(std::move(d));
      break;
    }
    case DefRecord::peer_map: {
      const auto id = in.get<std::uint32_t>();
      in.get_all(r.peer_maps[id]);
      break;
    }
    case DefRecord::lost: {
      r.has_lost = true;
      r.lost_at = in.get<std::uint64_t>();
      const auto events = in.get<std::uint64_t>();
      std::string why(in.left(), '\0');
      for (char& c : why) c = in.get<char>();
      r.summary.lost = "rank " + std::to_string(r.summary.rank) + " " + why + " after " +
                       std::to_string(events) +
                       " events; nothing after that was recorded (a MeasurementOnOff OFF marks "
                       "the gap)";
      break;
    }
    case DefRecord::clock_skew: {
      const auto skew = in.get<RawSkew>();
      r.skew = {skew.offset_ns, skew.drift_ppm, skew.init_ns};
      break;
    }
    case DefRecord::clock_offset: {
      const auto o = in.get<RawOffset>();
      r.offsets.push_back({o.time_ns, o.offset_ns, o.half_rtt_ns});
      break;
    }
    case DefRecord::inside: {
      std::string note(in.left(), '\0');
      for (char& c : note) c = in.get<char>();
      r.summary.inside = std::move(note);
      break;
    }
    case DefRecord::threads: {
      const auto t = in.get<RawThreads>();
      r.summary.thread_level = t.level;
      r.summary.other_thread_calls = t.other_thread_calls;
      break;
    }
    }
  }
}

// A rank that was killed (SIGKILL) right after a blocking receive returned left that
// receive's events only in its status record (rank_status.hpp); a rank that ended normally
// removed the record.
std::vector<Event> deferred_events(const std::string& partial, std::uint32_t rank) {
  RankStatus status{};
  std::ifstream in(status_path(partial, rank), std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(&status), sizeof status) || status.deferred.pending == 0)
    return {};
  const DeferredRecv& d = status.deferred;
  std::vector<Event> events;
  Event e{};
  e.time = d.time;
  if (d.source >= 0) {
    e.kind = Kind::Recv;
    e.peer = static_cast<std::uint32_t>(d.source);
    e.comm = d.comm;
    e.tag = static_cast<std::uint32_t>(d.tag);
    e.bytes = d.bytes;
    events.push_back(e);
  }
  Event leave{};
  leave.kind = Kind::Leave;
  leave.time = d.time;
  leave.region = d.region;
  events.push_back(leave);
  return events;
}

bool is_algorithm(const RankInput& r, std::uint32_t name) {
  return r.str(name).starts_with("algorithm ");
}

// The pass the global definitions need before any event is written: which regions, rounds
// and metadata the rank uses, where its meta() values belong (the innermost open algorithm
// region, or the next one to open), and the clock pairs.
void first_pass(RankInput& r) {
  std::set<std::uint32_t> mpi, rounds, names, keys, values;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> open; // Enter index, name
  std::vector<MetaValue> waiting;
  bool clocked = false;
  std::uint64_t tick1 = 0, ns1 = 0;
  // Each region name's pairs by position, as the recorder remembers them (annotate.cpp).
  std::unordered_map<std::uint32_t, std::vector<std::pair<std::uint32_t, std::uint32_t>>> memo;
  const auto attach = [&](std::uint32_t key, std::uint32_t value) {
    keys.insert(key);
    values.insert(value);
    if (open.empty())
      waiting.push_back({0, key, value});
    else
      r.meta.push_back({open.back().first, key, value});
  };
  EventFile file(r.events_path, r.ring_path, r.tail);
  Event e{};
  std::uint64_t i = 0;
  for (; file.next(e); ++i) {
    switch (e.kind) {
    case Kind::Enter:
      mpi.insert(e.region);
      break;
    case Kind::UserEnter:
      names.insert(e.peer);
      if (is_algorithm(r, e.peer)) {
        open.emplace_back(i, e.peer);
        for (MetaValue m : waiting) r.meta.push_back({i, m.key, m.value});
        waiting.clear();
      }
      if (e.tag != 0) { // pairs repeated from the last Meta events of this name
        const auto& pairs = memo[e.peer];
        for (std::uint32_t k = 0; k < e.tag && k < pairs.size(); ++k)
          attach(pairs[k].first, pairs[k].second);
      }
      break;
    case Kind::UserLeave: {
      const auto it = std::find_if(open.rbegin(), open.rend(),
                                   [&](const auto& o) { return o.second == e.peer; });
      if (it != open.rend()) open.erase(std::next(it).base());
      break;
    }
    case Kind::RoundEnter:
      rounds.insert(e.peer);
      break;
    case Kind::Meta:
      if (e.bytes != 0 && e.bytes <= meta_positions) {
        auto& pairs = memo[e.comm];
        if (pairs.size() < e.bytes) pairs.resize(e.bytes);
        pairs[e.bytes - 1] = {e.peer, e.tag};
      }
      attach(e.peer, e.tag);
      break;
    case Kind::CollBegin: // a rules file's note on Open MPI's algorithm: a string of the archive
      if (e.comm != 0) values.insert(e.comm - 1);
      break;
    case Kind::Send:
    case Kind::Isend:
      ++r.summary.messages;
      break;
    case Kind::Clock:
      if (!clocked) {
        r.tick0 = e.time;
        r.ns0 = e.bytes;
        clocked = true;
      }
      tick1 = e.time;
      ns1 = e.bytes;
      break;
    default:
      break;
    }
  }
  r.summary.events = i;
  if (r.counter && tick1 > r.tick0 + 1000 && ns1 > r.ns0)
    r.ns_per_tick = static_cast<double>(ns1 - r.ns0) / static_cast<double>(tick1 - r.tick0);
  std::stable_sort(r.meta.begin(), r.meta.end(),
                   [](const MetaValue& a, const MetaValue& b) { return a.enter < b.enter; });
  r.summary.mpi_regions.assign(mpi.begin(), mpi.end());
  r.summary.rounds.assign(rounds.begin(), rounds.end());
  for (const std::uint32_t id : names) r.summary.user_regions.emplace_back(r.str(id));
  for (const std::uint32_t id : keys) r.summary.meta_keys.emplace_back(r.str(id));
  for (const std::uint32_t id : values) r.summary.meta_values.emplace_back(r.str(id));
}

} // namespace

std::string serialise(const RankSummary& s) {
  Out out;
  out.put(s.rank);
  out.put_all(s.mpi_regions);
  out.put_all(s.rounds);
  out.put_all(s.user_regions);
  out.put_all(s.meta_keys);
  out.put_all(s.meta_values);
  out.put(static_cast<std::uint32_t>(s.comms.size()));
  for (const CommDef& d : s.comms) {
    out.put(d.id);
    out.put(d.parent);
    out.put(d.creator);
    out.put_all(d.members);
  }
  out.put(s.host);
  out.put(s.realtime_offset);
  out.put(s.lost);
  out.put(s.events);
  out.put(s.messages);
  out.put(s.inside);
  out.put(s.thread_level);
  out.put(s.other_thread_calls);
  return out.take();
}

RankSummary deserialise(std::string_view blob) {
  In in(blob);
  RankSummary s;
  s.rank = in.get<std::uint32_t>();
  in.get_all(s.mpi_regions);
  in.get_all(s.rounds);
  in.get_all(s.user_regions);
  in.get_all(s.meta_keys);
  in.get_all(s.meta_values);
  const auto n = in.get<std::uint32_t>();
  for (std::uint32_t i = 0; i < n; ++i) {
    CommDef d{in.get<std::uint32_t>(), in.get<std::uint32_t>(), in.get<std::uint32_t>(), {}};
    in.get_all(d.members);
    s.comms.push_back(std::move(d));
  }
  s.host = in.get_string();
  s.realtime_offset = in.get<std::int64_t>();
  s.lost = in.get_string();
  s.events = in.get<std::uint64_t>();
  s.messages = in.get<std::uint64_t>();
  s.inside = in.get_string();
  s.thread_level = in.get<std::int32_t>();
  s.other_thread_calls = in.get<std::uint64_t>();
  return s;
}

RankInput read_rank(const std::string& partial, std::uint32_t rank) {
  RankInput r;
  r.summary.rank = rank;
  read_definitions(raw_defs_path(partial, rank), r);
  r.summary.rank = rank;
  r.events_path = raw_events_path(partial, rank);
  r.ring_path = raw_ring_path(partial, rank);
  r.tail = deferred_events(partial, rank);
  first_pass(r);
  return r;
}

EventFile::EventFile(const std::string& path, const std::string& ring_path, std::vector<Event> tail)
    : file_(std::fopen(path.c_str(), "rb")), tail_(std::move(tail)) {
  std::error_code ec;
  const std::uint64_t size = file_ != nullptr ? std::filesystem::file_size(path, ec) : 0;
  left_ = ec ? 0 : size;
  if (ring_path.empty() || file_ == nullptr) return;
  std::FILE* ring = std::fopen(ring_path.c_str(), "rb");
  if (ring == nullptr) return; // closed normally: everything is in the events file
  const std::uint64_t ring_bytes = std::filesystem::file_size(ring_path, ec);
  Event lap{};
  const bool has_lap = !ec && ring_bytes >= sizeof(Event) && ring_bytes % sizeof(Event) == 0 &&
                       std::fread(&lap, sizeof lap, 1, ring) == 1 && lap.kind == Kind::Lap;
  const std::uint64_t whole = has_lap ? left_ / ring_bytes : 0;
  if (has_lap && lap.request == whole + 1) {
    // The ring holds the lap after the file's whole laps (a partly copied one is dropped).
    left_ = whole * ring_bytes;
    ring_ = ring;
  } else {
    std::fclose(ring); // empty, or a lap the file holds already
  }
}

EventFile::~EventFile() {
  if (file_ != nullptr) std::fclose(file_);
  if (ring_ != nullptr) std::fclose(ring_);
}

bool EventFile::fill() {
  block_.resize(16384); // 640 KiB: the reader's memory does not grow with the run either
  at_ = 0;
  std::size_t n = 0;
  if (!in_ring_ && file_ != nullptr) {
    const auto want =
        static_cast<std::size_t>(std::min<std::uint64_t>(block_.size(), left_ / sizeof(Event)));
    n = std::fread(block_.data(), sizeof(Event), want, file_);
    left_ -= n * sizeof(Event);
    if (n == 0) in_ring_ = true;
  }
  if (in_ring_ && ring_ != nullptr)
    n = std::fread(block_.data(), sizeof(Event), block_.size(), ring_);
  block_.resize(n);
  return n != 0;
}

bool EventFile::next(Event& e) {
  static constexpr Event none{};
  for (;;) {
    if (at_ == block_.size() && !fill()) {
      if (tail_at_ == tail_.size()) return false;
      e = tail_[tail_at_++];
      return true;
    }
    e = block_[at_++];
    if (std::memcmp(&e, &none, sizeof e) == 0) {
      if (!in_ring_) continue; // a lap's unused slot
      // The ring's zeros follow its last event: the files' events end there.
      std::fclose(ring_);
      ring_ = nullptr;
      block_.clear();
      at_ = 0;
      continue;
    }
    if (e.kind != Kind::Lap) return true;
  }
}

} // namespace collscope::rec
