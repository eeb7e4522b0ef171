// The per-rank record of a run while it goes: events are stored straight into a ring, a
// shared mapping of the rank's ring file (raw_format.hpp), and the strings events refer to.
//
// The ring (COLLSCOPE_TRACE_BUFFER bytes, 1 MiB by default) is the rank's only memory for
// events and is mapped once: its pages stay resident and, being small, mostly in the cache,
// so appending is a store without page faults. When a lap is full it is copied into the
// events file with pwrite() and the ring starts over. Mapping a fresh stretch of a file for
// every window instead cost 3.8 µs per 4 KiB page on the virtual machines here (page-cache
// allocation and ext4's page_mkwrite), 37 ns per event; the copy costs about 0.8 µs per page.
// Stores into a shared file mapping land in the page cache, which outlives the process: a
// rank killed even by SIGKILL leaves every event it recorded in its two files. Appending
// never locks and makes no system call; only the copy does. A failure stops recording (the
// trace is then reported incomplete) instead of failing the program.
#pragma once

#include "collscope/archive/event.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace collscope::rec {

class EventBuffer {
public:
  static constexpr std::size_t default_bytes = std::size_t{1} << 20;

  EventBuffer() = default;
  EventBuffer(const EventBuffer&) = delete;
  EventBuffer& operator=(const EventBuffer&) = delete;
  ~EventBuffer();

  /// Records into the events file fd (which the buffer then owns) through a ring of about
  /// `bytes` (at least 512 events) mapped from a file it creates at ring_path. False if the
  /// ring cannot be made.
  bool open(int fd, const std::string& ring_path, std::size_t bytes);

  /// Appends e; false when the lap is full (spill() moves on) or there is no ring.
  [[gnu::always_inline]] bool push(const Event& e) {
    if (next_ >= end_) [[unlikely]]
      return false;
    *next_++ = e;
    return true;
  }

  /// Appends e into the slot each lap keeps for it, if still free (a clock pair before the
  /// lap is copied or the rank dies).
  void put_last(const Event& e) {
    if (next_ != nullptr && next_ <= end_) *next_++ = e;
  }

  /// Copies the lap into the events file and starts the next one; false if that failed,
  /// and nothing more can be recorded.
  bool spill();
  /// Events recorded so far (with each lap's first slot).
  std::uint64_t size() const {
    return laps_ * slots() + static_cast<std::uint64_t>(next_ - begin_);
  }
  /// Bytes in the events file so far, and what the next spill() adds.
  std::uint64_t written() const { return laps_ * ring_bytes_; }
  std::uint64_t lap_bytes() const { return ring_bytes_; }
  /// Events a lap holds (0 before open or after a failure).
  std::size_t capacity() const { return static_cast<std::size_t>(end_ - begin_); }
  /// The event appended last in this lap (nullptr if none): annotate.cpp updates an
  /// algorithm Enter's count of repeated metadata pairs in place.
  Event* last() { return next_ != nullptr && next_ > begin_ + 1 ? next_ - 1 : nullptr; }
  /// Events in the current lap.
  std::size_t buffered() const { return static_cast<std::size_t>(next_ - begin_); }
  /// Copies the last lap into the events file, removes the ring and closes both.
  bool close();

private:
  std::uint64_t slots() const { return ring_bytes_ / sizeof(Event); }
  void start_lap();

  Event* begin_ = nullptr; // slot 0: the Lap event
  Event* next_ = nullptr;
  Event* end_ = nullptr; // one slot before the ring's end: put_last() keeps it
  int fd_ = -1;
  std::string ring_path_;
  std::size_t ring_bytes_ = 0;
  std::uint64_t laps_ = 0; // laps copied into the events file
};

/// Local strings (region names, metadata) by dense id; the archive writer maps them to
/// global OTF2 string refs.
///
/// Every algorithm call interns its region name and about a dozen metadata keys and values,
/// nearly always strings seen before: a direct-mapped cache of recent strings, keyed by a
/// word-at-a-time hash and checked against the stored bytes, answers those in a few ns; the
/// hash map, which owns the ids, answers the rest.
class StringTable {
public:
  /// Throws std::bad_alloc when out of memory, or past the limit set below.
  std::uint32_t intern(std::string_view s);
  /// Caps the bytes of all strings (COLLSCOPE_TRACE_STRING_LIMIT, for tests of the gap).
  void limit(std::size_t bytes) { limit_ = bytes; }
  /// The id of s if it was interned, else not_found.
  std::uint32_t find(std::string_view s) const;
  static constexpr std::uint32_t not_found = 0xffffffffu;

  /// True if id's string is s (an id from intern()).
  bool equals(std::uint32_t id, const char* s) const {
    return id < offsets_.size() && std::strcmp(blob_.data() + offsets_[id], s) == 0;
  }

  /// All strings, each NUL-terminated, in id order.
  const std::string& blob() const { return blob_; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(ids_.size()); }

private:
  struct Recent {
    std::uint64_t hash = 0;
    std::uint32_t id = not_found;
  };
  static constexpr std::size_t recent_slots = 256;
  static std::uint64_t hash(std::string_view s);
  /// The id cached for s (with hash h) if the slot holds s, else not_found.
  std::uint32_t recent(std::string_view s, std::uint64_t h) const;
  void remember(std::uint64_t h, std::uint32_t id) { recent_[h % recent_slots] = {h, id}; }

  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> ids_;
  std::string blob_;
  std::vector<std::uint32_t> offsets_; // of each id's string in blob_
  Recent recent_[recent_slots];
  std::size_t limit_ = SIZE_MAX;
};

/// write() all of data to fd, retrying after interruptions; false on failure.
/// Async-signal-safe.
bool write_all(int fd, const void* data, std::size_t bytes);

} // namespace collscope::rec
