// C++ helpers around the annotation API of <collscope/trace.h>.
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

#include <collscope/trace.h>
#include <concepts>
#include <string>

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

inline void blocks(int origin_first, int origin_count, long long element_begin,
                   long long element_count) {
  if (collscope_trace_blocks != nullptr)
    collscope_trace_blocks(origin_first, origin_count, element_begin, element_count);
}

inline void meta(const char* key, const char* value) {
  if (collscope_trace_meta != nullptr) collscope_trace_meta(key, value);
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
/// "phase reduce"). The name is copied, so temporaries are fine.
class Region {
public:
  explicit Region(const char* name) {
    if (!active()) return;
    name_ = name;
    open_ = true;
    collscope_trace_region_begin(name_.c_str());
  }
  explicit Region(const std::string& name) : Region(name.c_str()) {}
  ~Region() {
    if (open_) collscope_trace_region_end(name_.c_str());
  }
  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;

private:
  std::string name_;
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
