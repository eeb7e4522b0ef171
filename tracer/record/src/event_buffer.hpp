// The per-rank record of a run while it goes: a fixed buffer of events, spilled to the
// rank's events file (raw_format.hpp) whenever it fills, and the strings events refer to.
//
// The buffer is allocated once and reused, so memory does not grow with the run's length;
// appending never locks, and only a full buffer costs a write() (one per
// COLLSCOPE_TRACE_BUFFER bytes, 4 MiB by default). A write that fails stops recording (the
// trace is then reported incomplete) instead of failing the program.
#pragma once

#include "event.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace collscope::rec {

class EventBuffer {
public:
  static constexpr std::size_t default_bytes = std::size_t{4} << 20;

  EventBuffer() = default;
  EventBuffer(const EventBuffer&) = delete;
  EventBuffer& operator=(const EventBuffer&) = delete;
  ~EventBuffer();

  /// Allocates room for about `bytes` of events (at least 64) and appends to the file fd,
  /// which the buffer then owns. False if the memory is not there.
  bool open(int fd, std::size_t bytes);

  /// Appends e; false when the buffer is full (spill() makes room) or was never opened.
  [[gnu::always_inline]] bool push(const Event& e) {
    if (next_ == end_) [[unlikely]]
      return false;
    *next_++ = e;
    return true;
  }

  /// Appends e even when the buffer is full (one slot is kept for it); call spill() next.
  void put_last(const Event& e) {
    if (begin_ != nullptr) *next_++ = e;
  }

  /// Writes the buffered events to the file and empties the buffer; false if the write
  /// failed (the events are then dropped). Async-signal-safe: write() only.
  bool spill();
  /// Events recorded so far, spilled or not.
  std::uint64_t size() const { return spilled_ + static_cast<std::uint64_t>(next_ - begin_); }
  std::size_t capacity() const { return static_cast<std::size_t>(end_ - begin_); }
  /// Events waiting in the buffer (spilled at the next spill()).
  std::size_t buffered() const { return static_cast<std::size_t>(next_ - begin_); }
  /// Spills, closes the file and frees the buffer.
  bool close();

private:
  Event* begin_ = nullptr;
  Event* next_ = nullptr;
  Event* end_ = nullptr;
  int fd_ = -1;
  std::uint64_t spilled_ = 0;
};

/// Local strings (region names, metadata) by dense id; the archive writer maps them to
/// global OTF2 string refs.
class StringTable {
public:
  /// Throws std::bad_alloc when out of memory, or past the limit set below.
  std::uint32_t intern(std::string_view s);
  /// Caps the bytes of all strings (COLLSCOPE_TRACE_STRING_LIMIT, for tests of the gap).
  void limit(std::size_t bytes) { limit_ = bytes; }
  /// The id of s if it was interned, else not_found.
  std::uint32_t find(std::string_view s) const;
  static constexpr std::uint32_t not_found = 0xffffffffu;

  /// All strings, each NUL-terminated, in id order.
  const std::string& blob() const { return blob_; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(ids_.size()); }

private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> ids_;
  std::string blob_;
  std::size_t limit_ = SIZE_MAX;
};

/// write() all of data to fd, retrying after interruptions; false on failure.
/// Async-signal-safe.
bool write_all(int fd, const void* data, std::size_t bytes);

} // namespace collscope::rec
