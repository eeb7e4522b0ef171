// One rank's spill files read back (raw_format.hpp), for the archive writer: its strings,
// communicators and clock, and a first pass over its events for what the global
// definitions need before any rank writes its event file.
#pragma once

#include "collscope/archive/clock_skew.hpp"
#include "collscope/archive/comm_def.hpp"
#include "collscope/archive/event.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace collscope::rec {

/// What every rank must know of every other rank to agree on the global definitions:
/// exchanged at MPI_Finalize (a gather of definitions, never of events).
inline constexpr std::int32_t no_thread_record = -1;

struct RankSummary {
  std::uint32_t rank = 0;
  std::vector<std::uint32_t> mpi_regions; // MpiRegion values entered, ascending
  std::vector<std::uint32_t> rounds;      // round numbers entered, ascending
  std::vector<std::string> user_regions;  // annotation region names, in local id order
  std::vector<std::string> meta_keys;
  std::vector<std::string> meta_values;
  std::vector<CommDef> comms;
  std::string host;
  std::int64_t realtime_offset = 0;
  std::string lost;           // "rank R <why> after N events; …", empty if nothing was lost
  std::uint64_t events = 0;   // raw events read
  std::string inside;         // the rank's line on messages inside native collectives, or empty
  std::uint64_t messages = 0; // sends recorded (MpiSend and MpiIsend)
  // Under MPI_THREAD_MULTIPLE (raw DefRecord::threads): the level, and the wrapped MPI calls
  // other threads made, which were not recorded. no_thread_record: the rank said nothing.
  std::int32_t thread_level = no_thread_record;
  std::uint64_t other_thread_calls = 0;
};

std::string serialise(const RankSummary& summary);
/// Throws std::runtime_error on a malformed blob.
RankSummary deserialise(std::string_view blob);

/// meta() values attached to the algorithm Enter at event index `enter`.
struct MetaValue {
  std::uint64_t enter;
  std::uint32_t key;
  std::uint32_t value;
};

struct RankInput {
  RankSummary summary;
  std::uint32_t world_size = 0; // 0: the rank left no spill files
  std::vector<std::string> strings;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> peer_maps;
  std::string events_path;
  std::string ring_path;
  std::vector<Event> tail; // the MpiRecv and Leave of a receive the rank deferred, if it died
  bool counter = false;
  std::uint64_t tick0 = 0, ns0 = 0;
  double ns_per_tick = 1.0;
  bool has_lost = false;
  std::uint64_t lost_at = 0; // stamp
  std::vector<MetaValue> meta;
  ClockSkew skew;                    // the test hook's, if it skewed this rank
  std::vector<OffsetSample> offsets; // against rank 0, in the order measured
  /// Added after the run (smpi/internal_messages.hpp): by native collective ordinal, the
  /// library's message events inside it, in order, written just before its CollEnd.
  std::vector<std::vector<Event>> inside_collectives;
  /// The library's algorithm of each native collective by ordinal ("": not named).
  std::vector<std::string> library_algorithms;

  /// A recorded stamp in CLOCK_MONOTONIC nanoseconds (as the skewed clock shows them).
  std::uint64_t to_ns(std::uint64_t stamp) const {
    if (!counter) return skewed(skew, stamp);
    const double ticks = static_cast<double>(static_cast<std::int64_t>(stamp - tick0));
    return skewed(skew,
                  ns0 + static_cast<std::uint64_t>(static_cast<std::int64_t>(ticks * ns_per_tick)));
  }
  /// A to_ns() time on rank 0's clock, as OTF2 readers correct it with the offsets written.
  std::uint64_t corrected(std::uint64_t ns) const {
    return corrected_ns(offset_definitions(offsets), ns);
  }
  std::string_view str(std::uint32_t id) const {
    return id < strings.size() ? std::string_view{strings[id]} : std::string_view{"?"};
  }
};

/// Reads rank's spill files in DIR.partial and makes the first pass over its events.
/// A rank without files gives an empty input (world_size 0). Throws std::runtime_error.
RankInput read_rank(const std::string& partial, std::uint32_t rank);

/// Reads a rank's events in blocks of bounded size: the events file, then the ring if it
/// holds a lap the file does not (a rank that died). A torn last record, a partly copied
/// lap and the ring's zeros after its last event are dropped; Lap events are not returned.
class EventFile {
public:
  /// `tail`: events to return after the files' (a receive deferred by a rank that died).
  explicit EventFile(const std::string& path, const std::string& ring_path = {},
                     std::vector<Event> tail = {});
  ~EventFile();
  EventFile(const EventFile&) = delete;
  EventFile& operator=(const EventFile&) = delete;
  /// The next event, or false at the end.
  bool next(Event& e);

private:
  bool fill();

  std::FILE* file_ = nullptr;
  std::uint64_t left_ = 0;    // bytes of file_ still to read
  std::FILE* ring_ = nullptr; // read after file_, up to its first all-zero slot
  bool in_ring_ = false;
  std::vector<Event> block_;
  std::size_t at_ = 0;
  std::vector<Event> tail_;
  std::size_t tail_at_ = 0;
};

} // namespace collscope::rec
