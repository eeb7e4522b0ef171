#include "event_buffer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

namespace collscope::rec {

bool write_all(int fd, const void* data, std::size_t bytes) {
  const auto* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::write(fd, p, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    bytes -= static_cast<std::size_t>(n);
  }
  return true;
}

EventBuffer::~EventBuffer() {
  close();
}

bool EventBuffer::open(int fd, std::size_t bytes) {
  close();
  fd_ = fd;
  window_start_ = 0;
  // Windows start at page boundaries and hold whole events: multiples of 512 events
  // (20 KiB, five pages).
  constexpr std::size_t unit = 512 * sizeof(Event);
  window_bytes_ = std::max<std::size_t>(1, (bytes + unit - 1) / unit) * unit;
  return fd_ >= 0 && map_window();
}

bool EventBuffer::map_window() {
  begin_ = next_ = end_ = nullptr;
  const auto length = static_cast<off_t>(window_start_ + window_bytes_);
  if (::ftruncate(fd_, length) != 0) return false;
  void* window = ::mmap(nullptr, window_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, fd_,
                        static_cast<off_t>(window_start_));
  if (window == MAP_FAILED) return false;
  // Fault the window's pages in writable now, in one call, rather than one fault per page
  // on the program's path (Linux 5.14; older kernels just fault as they go).
  ::madvise(window, window_bytes_, MADV_POPULATE_WRITE);
  begin_ = next_ = static_cast<Event*>(window);
  end_ = begin_ + window_bytes_ / sizeof(Event) - 1;
  return true;
}

bool EventBuffer::spill() {
  if (begin_ == nullptr) return false;
  ::munmap(begin_, window_bytes_);
  window_start_ += window_bytes_;
  return map_window();
}

bool EventBuffer::close() {
  if (fd_ < 0) return true;
  const std::uint64_t used = size() * sizeof(Event);
  if (begin_ != nullptr) ::munmap(begin_, window_bytes_);
  const bool ok = ::ftruncate(fd_, static_cast<off_t>(used)) == 0;
  ::close(fd_);
  fd_ = -1;
  begin_ = next_ = end_ = nullptr;
  return ok;
}

std::uint64_t StringTable::hash(std::string_view s) {
  // Eight bytes at a time, each word mixed by a multiply (the constant of Fibonacci hashing);
  // the length seeds it so that "a" and "a\0" differ.
  std::uint64_t h = s.size() * 0x9E3779B97F4A7C15ull;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, s.data() + i, 8);
    h = (h ^ word) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  std::uint64_t tail = 0;
  if (i < s.size()) std::memcpy(&tail, s.data() + i, s.size() - i);
  h = (h ^ tail) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 32);
}

std::uint32_t StringTable::recent(std::string_view s, std::uint64_t h) const {
  const Recent& slot = recent_[h % recent_slots];
  if (slot.hash != h || slot.id == not_found) return not_found;
  const std::size_t at = offsets_[slot.id];
  // The stored string ends with its NUL: equal bytes and a NUL next means equal strings.
  if (blob_.size() - at < s.size() + 1 || blob_[at + s.size()] != '\0' ||
      std::memcmp(blob_.data() + at, s.data(), s.size()) != 0)
    return not_found;
  return slot.id;
}

std::uint32_t StringTable::intern(std::string_view s) {
  const std::uint64_t h = hash(s);
  if (const std::uint32_t id = recent(s, h); id != not_found) return id;
  if (auto it = ids_.find(s); it != ids_.end()) {
    remember(h, it->second);
    return it->second;
  }
  if (s.size() + 1 > limit_ - std::min(limit_, blob_.size())) throw std::bad_alloc();
  const auto id = static_cast<std::uint32_t>(ids_.size());
  offsets_.reserve(offsets_.size() + 1); // may throw: nothing changed yet
  ids_.emplace(std::string{s}, id);
  offsets_.push_back(static_cast<std::uint32_t>(blob_.size()));
  blob_.append(s);
  blob_.push_back('\0');
  remember(h, id);
  return id;
}

std::uint32_t StringTable::find(std::string_view s) const {
  const std::uint64_t h = hash(s);
  if (const std::uint32_t id = recent(s, h); id != not_found) return id;
  const auto it = ids_.find(s);
  return it == ids_.end() ? not_found : it->second;
}

} // namespace collscope::rec
