// C++ helpers around the annotation API of <collscope/annotate.h>.
//
// Every helper checks the weak symbol first, so code using them links and runs without the
// tracer library, and costs one test when the tracer is absent or off.
//
//   collscope::trace::Region algorithm{"algorithm gather/binomial"};
//   collscope::trace::meta("root", root);
//   for (int k = 0; k < rounds; ++k) {
//     collscope::trace::Round round{k};
//     collscope::trace::blocks(first, count, 0, block_elements);
//     MPI_Send(...);
//   }
#pragma once

#include <algorithm>
#include <collscope/annotate.h>
#include <concepts>
#include <initializer_list>
#include <string>
#include <string_view>

namespace collscope::trace {

inline bool active() {
  return collscope_trace_active != nullptr && collscope_trace_active() != 0;
}

inline void pause() {
  if (collscope_trace_pause != nullptr) collscope_trace_pause();
}

inline void resume() {
  if (collscope_trace_resume != nullptr) collscope_trace_resume();
}

/// Every rank: leave no trace of this run (collscope_trace_discard).
inline void discard() {
  if (collscope_trace_discard != nullptr) collscope_trace_discard();
}

inline void blocks(int origin_first, int origin_count, long long element_begin,
                   long long element_count) {
  if (collscope_trace_blocks != nullptr)
    collscope_trace_blocks(origin_first, origin_count, element_begin, element_count);
}

inline void meta(const char* key, const char* value) {
  if (collscope_trace_meta != nullptr) collscope_trace_meta(key, value);
}

/// True if the tracer recorded the n pairs of the current region again for this Enter
/// (collscope_trace_meta_repeat): the caller then skips its meta() calls.
inline bool meta_repeat(unsigned long long signature, int n) {
  return collscope_trace_meta_repeat != nullptr && collscope_trace_meta_repeat(signature, n) != 0;
}

/// The communicator of the innermost open algorithm region, as MPI_Comm_c2f(comm) gives it
/// (collscope_trace_region_comm).
inline void region_comm(int fortran_comm) {
  if (collscope_trace_region_comm != nullptr) collscope_trace_region_comm(fortran_comm);
}
inline void meta(const char* key, const std::string& value) {
  meta(key, value.c_str());
}

template <std::integral T>
requires(!std::same_as<T, bool> && !std::same_as<T, char>) inline void meta(const char* key,
                                                                            T value) {
  if (active()) meta(key, std::to_string(value));
}

/// An annotated region for the lifetime of the object ("algorithm bcast/binomial",
/// "phase reduce"). The name is copied, so temporaries are fine; names that fit are kept
/// inline, so a region costs no allocation.
class Region {
public:
  explicit Region(const char* name) : Region(std::string_view(name == nullptr ? "" : name)) {}
  explicit Region(const std::string& name) : Region(std::string_view(name)) {}
  /// The name joined from parts ("algorithm ", collective, "/", algorithm).
  explicit Region(std::initializer_list<std::string_view> parts) {
    if (!active()) return;
    std::size_t length = 0;
    for (std::string_view part : parts) length += part.size();
    char* out = length < sizeof inline_ ? inline_ : (long_.resize(length), long_.data());
    for (std::string_view part : parts) out = std::copy(part.begin(), part.end(), out);
    *out = '\0';
    open_ = true;
    collscope_trace_region_begin(name());
  }
  ~Region() {
    if (open_) collscope_trace_region_end(name());
  }
  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;

private:
  explicit Region(std::string_view name) : Region({name}) {}
  const char* name() const { return long_.empty() ? inline_ : long_.c_str(); }

  char inline_[64];
  std::string long_;
  bool open_ = false;
};

namespace detail {
/// Added to every Round's k on this thread (RoundOffset).
inline thread_local int round_offset = 0;
} // namespace detail

/// Round k of the enclosing algorithm for the lifetime of the object (k + the RoundOffsets
/// alive on this thread).
class Round {
public:
  explicit Round(int k) : k_(k + detail::round_offset), open_(active()) {
    if (open_) collscope_trace_round_begin(k_);
  }
  ~Round() {
    if (open_) collscope_trace_round_end(k_);
  }
  Round(const Round&) = delete;
  Round& operator=(const Round&) = delete;

private:
  int k_;
  bool open_;
};

/// Numbers the rounds of a later phase after the earlier ones: an algorithm built from others
/// (allreduce as reduce then broadcast) wraps the second call in RoundOffset(rounds of the
/// first), so its rounds, which count from 0 on their own, continue the numbering. Offsets
/// nest and add up; the previous offset is restored at the end of the scope.
class RoundOffset {
public:
  explicit RoundOffset(int offset) : saved_(detail::round_offset) {
    detail::round_offset += offset;
  }
  ~RoundOffset() { detail::round_offset = saved_; }
  RoundOffset(const RoundOffset&) = delete;
  RoundOffset& operator=(const RoundOffset&) = delete;

private:
  int saved_;
};

} // namespace collscope::trace
