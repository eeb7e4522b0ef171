#include "collect.hpp"

#include "clock.hpp"
#include "recorder.hpp"

#include <climits>
#include <cstring>
#include <unistd.h>

namespace collscope::rec {
namespace {

constexpr std::uint64_t magic = 0x31454341'52545343ull; // "CSTRACE1"

struct Header {
  std::uint64_t magic;
  std::uint32_t rank;
  std::uint32_t n_strings;
  std::uint64_t n_events;
  std::uint64_t string_bytes;
  std::uint64_t comm_words;
  std::uint64_t host_bytes;
  std::uint64_t lost_bytes;
  std::int64_t realtime_offset;
  std::uint64_t lost_at;
  std::uint64_t reserved[7];
};
static_assert(sizeof(Header) == 128, "events start 64-byte aligned after the header");

std::vector<std::uint32_t> comm_words(const std::vector<CommDef>& defs) {
  std::vector<std::uint32_t> words;
  for (const CommDef& d : defs) {
    words.insert(words.end(),
                 {d.id, d.parent, d.creator, static_cast<std::uint32_t>(d.members.size())});
    words.insert(words.end(), d.members.begin(), d.members.end());
  }
  return words;
}

bool names_peer(const Event& e) {
  switch (e.kind) {
  case Kind::Send:
  case Kind::Recv:
  case Kind::Isend:
  case Kind::Irecv:
  case Kind::CollEnd: // the root, if it is in the remote group
    return true;
  default:
    return false;
  }
}

std::string lost_of(const Recorder& r) {
  if (r.lost == nullptr) return {};
  return "rank " + std::to_string(r.world_rank) + " ran out of memory for its " + r.lost +
         " after " + std::to_string(r.events.size()) +
         " events; nothing after that was recorded (a MeasurementOnOff OFF marks the gap)";
}

std::vector<Unit> serialise(const Recorder& r) {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  const std::vector<std::uint32_t> words = comm_words(r.comms.defs());
  const std::string lost = lost_of(r);
  const Header h{magic,
                 static_cast<std::uint32_t>(r.world_rank),
                 r.strings.size(),
                 r.events.size(),
                 r.strings.blob().size(),
                 words.size(),
                 std::strlen(host),
                 lost.size(),
                 r.realtime_offset,
                 r.lost == nullptr ? 0 : to_ns(r.lost_at),
                 {}};
  const std::size_t bytes = sizeof h + h.n_events * sizeof(Event) + h.string_bytes +
                            words.size() * sizeof(std::uint32_t) + h.host_bytes + h.lost_bytes;
  std::vector<Unit> blob((bytes + sizeof(Unit) - 1) / sizeof(Unit));
  auto* out = reinterpret_cast<unsigned char*>(blob.data());
  auto put = [&out](const void* data, std::size_t n) {
    if (n != 0) std::memcpy(out, data, n);
    out += n;
  };
  put(&h, sizeof h);
  // Stamps leave the rank in CLOCK_MONOTONIC nanoseconds, whatever clock took them, and
  // peers on intercommunicators as indices in the union of both groups (comm_table.hpp).
  const auto& peer_maps = r.comms.peer_maps();
  r.events.for_each_chunk([&put, &peer_maps](const Event* events, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      Event e = events[i];
      e.time = to_ns(e.time);
      if (!peer_maps.empty() && names_peer(e)) {
        const auto it = peer_maps.find(e.comm);
        if (it != peer_maps.end() && e.peer < it->second.size()) e.peer = it->second[e.peer];
      }
      put(&e, sizeof e);
    }
  });
  put(r.strings.blob().data(), h.string_bytes);
  put(words.data(), words.size() * sizeof(std::uint32_t));
  put(host, h.host_bytes);
  put(lost.data(), h.lost_bytes);
  return blob;
}

RankTrace parse(const Unit* blob) {
  const auto* in = reinterpret_cast<const unsigned char*>(blob);
  Header h{};
  std::memcpy(&h, in, sizeof h);
  RankTrace t;
  if (h.magic != magic) {
    t.problem = "a rank sent a corrupt trace record";
    return t;
  }
  t.rank = h.rank;
  t.realtime_offset = h.realtime_offset;
  in += sizeof h;
  t.events = {reinterpret_cast<const Event*>(in), h.n_events};
  in += h.n_events * sizeof(Event);
  const char* s = reinterpret_cast<const char*>(in);
  for (std::uint32_t i = 0; i < h.n_strings; ++i) {
    t.strings.emplace_back(s);
    s += t.strings.back().size() + 1;
  }
  in += h.string_bytes;
  std::vector<std::uint32_t> words(h.comm_words);
  if (!words.empty()) std::memcpy(words.data(), in, words.size() * sizeof(std::uint32_t));
  in += words.size() * sizeof(std::uint32_t);
  for (std::size_t i = 0; i + 4 <= words.size();) {
    CommDef d{words[i], words[i + 1], words[i + 2], {}};
    const std::uint32_t n = words[i + 3];
    d.members.assign(words.begin() + static_cast<std::ptrdiff_t>(i + 4),
                     words.begin() + static_cast<std::ptrdiff_t>(i + 4 + n));
    t.comms.push_back(std::move(d));
    i += 4 + n;
  }
  t.host.assign(reinterpret_cast<const char*>(in), h.host_bytes);
  in += h.host_bytes;
  t.lost.assign(reinterpret_cast<const char*>(in), h.lost_bytes);
  t.lost_at = h.lost_at;
  return t;
}

} // namespace

Collected collect(Recorder& recorder) {
  const std::vector<Unit> blob = serialise(recorder);
  recorder.events.release();
  const bool root = recorder.world_rank == 0;
  const auto p = static_cast<std::size_t>(recorder.world_size);
  int units = static_cast<int>(blob.size());
  std::vector<int> counts(root ? p : 0);
  std::vector<int> displs(root ? p : 0);
  PMPI_Gather(&units, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);

  Collected c;
  long long total = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    displs[i] = static_cast<int>(total);
    total += counts[i];
  }
  int fits = total <= INT_MAX ? 1 : 0;
  PMPI_Bcast(&fits, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (fits == 0) {
    c.error = "the trace is too large to gather (" + std::to_string(total * 64) + " bytes)";
    return c;
  }
  if (root) c.storage.resize(static_cast<std::size_t>(total));

  MPI_Datatype unit = MPI_DATATYPE_NULL;
  PMPI_Type_contiguous(static_cast<int>(sizeof(Unit)), MPI_BYTE, &unit);
  PMPI_Type_commit(&unit);
  PMPI_Gatherv(blob.data(), units, unit, c.storage.data(), counts.data(), displs.data(), unit, 0,
               MPI_COMM_WORLD);
  PMPI_Type_free(&unit);

  for (std::size_t i = 0; i < counts.size(); ++i)
    c.ranks.push_back(parse(c.storage.data() + displs[i]));
  return c;
}

} // namespace collscope::rec
