#include "event_buffer.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
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

namespace {

bool pwrite_all(int fd, const void* data, std::size_t bytes, std::uint64_t offset) {
  const auto* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::pwrite(fd, p, bytes, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    bytes -= static_cast<std::size_t>(n);
    offset += static_cast<std::uint64_t>(n);
  }
  return true;
}

} // namespace

EventBuffer::~EventBuffer() {
  close();
}

bool EventBuffer::open(int fd, const std::string& ring_path, std::size_t bytes) {
  close();
  fd_ = fd;
  laps_ = 0;
  ring_path_ = ring_path;
  // The ring starts at a page boundary and holds whole events: multiples of 512 events
  // (20 KiB, five pages).
  constexpr std::size_t unit = 512 * sizeof(Event);
  ring_bytes_ = std::max<std::size_t>(1, (bytes + unit - 1) / unit) * unit;
  if (fd_ < 0) return false;
  const int ring_fd = ::open(ring_path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (ring_fd < 0) return false;
  void* ring = MAP_FAILED;
  if (::ftruncate(ring_fd, static_cast<off_t>(ring_bytes_)) == 0)
    ring = ::mmap(nullptr, ring_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, ring_fd, 0);
  ::close(ring_fd);
  if (ring == MAP_FAILED) {
    ::unlink(ring_path.c_str());
    return false;
  }
  // Fault the ring's pages in writable now, in one call, rather than one fault per page on
  // the program's path (Linux 5.14; older kernels fault them in during the first lap). They
  // stay mapped for the whole run.
  ::madvise(ring, ring_bytes_, MADV_POPULATE_WRITE);
  begin_ = static_cast<Event*>(ring);
  end_ = begin_ + slots() - 1;
  start_lap();
  return true;
}

void EventBuffer::start_lap() {
  Event lap{};
  lap.kind = Kind::Lap;
  lap.time = lap.request = laps_ + 1;
  *begin_ = lap;
  next_ = begin_ + 1;
}

bool EventBuffer::spill() {
  if (begin_ == nullptr) return false;
  // On failure the lap stays full (push() refuses events) and close() tries once more.
  if (!pwrite_all(fd_, begin_, ring_bytes_, laps_ * ring_bytes_)) return false;
  ++laps_;
  // The lap is in the events file. A rank dying from here on must not leave it in the ring
  // as well: the Lap slot is cleared first, so the ring reads as empty until start_lap().
  // (Signals interrupt this thread between its stores, in program order.)
  std::memset(static_cast<void*>(begin_), 0, sizeof(Event));
  std::atomic_signal_fence(std::memory_order_seq_cst);
  std::memset(static_cast<void*>(begin_ + 1), 0, ring_bytes_ - sizeof(Event));
  std::atomic_signal_fence(std::memory_order_seq_cst);
  start_lap();
  return true;
}

bool EventBuffer::close() {
  if (fd_ < 0) return true;
  bool ok = true;
  if (begin_ != nullptr) {
    const std::size_t used = static_cast<std::size_t>(next_ - begin_) * sizeof(Event);
    ok = pwrite_all(fd_, begin_, used, laps_ * ring_bytes_) &&
         ::ftruncate(fd_, static_cast<off_t>(laps_ * ring_bytes_ + used)) == 0;
    ::munmap(begin_, ring_bytes_);
  }
  if (!ring_path_.empty()) ::unlink(ring_path_.c_str());
  ok = ::close(fd_) == 0 && ok;
  fd_ = -1;
  begin_ = next_ = end_ = nullptr;
  ring_path_.clear();
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
