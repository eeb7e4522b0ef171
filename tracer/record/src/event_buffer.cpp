#include "event_buffer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <new>
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
  const std::size_t events = std::max<std::size_t>(bytes / sizeof(Event), 64);
  begin_ = static_cast<Event*>(std::malloc((events + 1) * sizeof(Event))); // + put_last()
  if (begin_ == nullptr) {
    if (fd >= 0) ::close(fd);
    return false;
  }
  next_ = begin_;
  end_ = begin_ + events;
  fd_ = fd;
  spilled_ = 0;
  return true;
}

bool EventBuffer::spill() {
  if (next_ == begin_) return true;
  const auto n = static_cast<std::size_t>(next_ - begin_);
  const bool ok = fd_ >= 0 && write_all(fd_, begin_, n * sizeof(Event));
  spilled_ += n;
  next_ = begin_;
  return ok;
}

bool EventBuffer::close() {
  const bool ok = spill();
  if (fd_ >= 0) ::close(fd_);
  std::free(begin_);
  begin_ = next_ = end_ = nullptr;
  fd_ = -1;
  return ok;
}

std::uint32_t StringTable::intern(std::string_view s) {
  if (auto it = ids_.find(s); it != ids_.end()) return it->second;
  if (s.size() + 1 > limit_ - std::min(limit_, blob_.size())) throw std::bad_alloc();
  const auto id = static_cast<std::uint32_t>(ids_.size());
  ids_.emplace(std::string{s}, id);
  blob_.append(s);
  blob_.push_back('\0');
  return id;
}

std::uint32_t StringTable::find(std::string_view s) const {
  const auto it = ids_.find(s);
  return it == ids_.end() ? not_found : it->second;
}

} // namespace collscope::rec
