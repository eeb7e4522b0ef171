// The per-rank, in-memory record of a run: events and the strings they refer to.
//
// Events go into 2 MiB chunks that are never moved or copied (a growing vector would copy
// everything recorded so far, on the program's path); chunks ask for transparent huge
// pages, so filling one costs one page fault instead of 512. Appending never locks or does
// I/O, and running out of memory stops recording (the trace is then reported incomplete)
// instead of failing the program.
#pragma once

#include "event.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace collscope::rec {

class EventBuffer {
public:
  static constexpr std::size_t chunk_bytes = std::size_t{2} << 20;
  static constexpr std::size_t chunk_events = chunk_bytes / sizeof(Event);

  /// Allocates the first chunk, so the first events cost no allocation either.
  void prepare() { add_chunk(); }

  /// Appends e; false once memory ran out (the buffer then keeps what it had).
  [[gnu::always_inline]] bool push(const Event& e) {
    if (next_ == end_ && !add_chunk()) [[unlikely]]
      return false;
    *next_++ = e;
    return true;
  }

  std::size_t size() const;
  /// Frees every chunk (once the events have been copied out at MPI_Finalize).
  void release();
  bool overflowed() const { return overflowed_; }

  /// Calls f(const Event* first, std::size_t count) for each chunk, in recording order.
  template <class F> void for_each_chunk(F&& f) const {
    for (std::size_t i = 0; i < chunks_.size(); ++i)
      f(chunks_[i].get(),
        i + 1 < chunks_.size() ? chunk_events : static_cast<std::size_t>(next_ - chunks_[i].get()));
  }

private:
  struct Free {
    void operator()(Event* chunk) const;
  };
  bool add_chunk();

  std::vector<std::unique_ptr<Event[], Free>> chunks_;
  Event* next_ = nullptr;
  Event* end_ = nullptr;
  bool overflowed_ = false;
};

/// Local strings (region names, metadata) by dense id; rank 0 maps them to global
/// OTF2 string refs when it writes the archive.
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

} // namespace collscope::rec
