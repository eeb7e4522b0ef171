// The per-rank record of a run while it goes: events are stored straight into the rank's
// events file (raw_format.hpp) through a shared mapping of a window of it, and the strings
// events refer to.
//
// The window (COLLSCOPE_TRACE_BUFFER bytes, 4 MiB by default) is the rank's only memory for
// events: when it is full it is unmapped and the next stretch of the file is mapped, so
// memory does not grow with the run's length. Stores into a shared file mapping land in the
// page cache, which outlives the process: a rank killed even by SIGKILL leaves every event
// it recorded in its file. Appending never locks and makes no system call; only moving the
// window does. A failure stops recording (the trace is then reported incomplete) instead
// of failing the program.
#pragma once

#include "event.hpp"

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
  static constexpr std::size_t default_bytes = std::size_t{4} << 20;

  EventBuffer() = default;
  EventBuffer(const EventBuffer&) = delete;
  EventBuffer& operator=(const EventBuffer&) = delete;
  ~EventBuffer();

  /// Records into the file fd (which the buffer then owns) through windows of about `bytes`
  /// (at least 512 events). False if the first window cannot be mapped.
  bool open(int fd, std::size_t bytes);

  /// Appends e; false when the window is full (spill() moves on) or none is mapped.
  [[gnu::always_inline]] bool push(const Event& e) {
    if (next_ == end_) [[unlikely]]
      return false;
    *next_++ = e;
    return true;
  }

  /// Appends e into the slot each window keeps for it, if still free (a clock pair before
  /// the window moves or the rank dies).
  void put_last(const Event& e) {
    if (next_ != nullptr && next_ <= end_) *next_++ = e;
  }

  /// Maps the next window of the file (the events so far are in the file already); false
  /// if that failed, and nothing more can be recorded.
  bool spill();
  /// Events recorded so far.
  std::uint64_t size() const {
    return window_start_ / sizeof(Event) + static_cast<std::uint64_t>(next_ - begin_);
  }
  /// Events a window holds (0 before open or after a failure).
  std::size_t capacity() const { return static_cast<std::size_t>(end_ - begin_); }
  /// Events in the current window.
  std::size_t buffered() const { return static_cast<std::size_t>(next_ - begin_); }
  /// Unmaps the window and cuts the file to the events recorded.
  bool close();

private:
  bool map_window();

  Event* begin_ = nullptr;
  Event* next_ = nullptr;
  Event* end_ = nullptr; // one slot before the window's end: put_last() keeps it
  int fd_ = -1;
  std::size_t window_bytes_ = 0;
  std::uint64_t window_start_ = 0; // byte offset of the window in the file
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
