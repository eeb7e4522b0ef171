#include "event_buffer.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <sys/mman.h>

namespace collscope::rec {

void EventBuffer::Free::operator()(Event* chunk) const {
  std::free(chunk);
}

bool EventBuffer::add_chunk() {
  if (overflowed_) return false;
  void* memory = std::aligned_alloc(chunk_bytes, chunk_bytes);
  if (memory == nullptr) {
    overflowed_ = true;
    return false;
  }
  madvise(memory, chunk_bytes, MADV_HUGEPAGE); // a hint; without huge pages it still works
  try {
    chunks_.emplace_back(static_cast<Event*>(memory));
  } catch (const std::bad_alloc&) {
    std::free(memory);
    overflowed_ = true;
    return false;
  }
  next_ = chunks_.back().get();
  end_ = next_ + chunk_events;
  return true;
}

std::size_t EventBuffer::size() const {
  return chunks_.empty() ? 0
                         : (chunks_.size() - 1) * chunk_events +
                               static_cast<std::size_t>(next_ - chunks_.back().get());
}

void EventBuffer::release() {
  chunks_.clear();
  next_ = end_ = nullptr;
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
