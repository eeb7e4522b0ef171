// The annotation API of <collscope/trace.h>. Regions and rounds opened while recording are
// remembered, so their end is recorded even if the program paused in between; an end
// without a recorded begin is ignored. None of these functions may throw into C callers.
#include "recorder.hpp"

#include <algorithm>
#include <collscope/trace.h>

namespace rec = collscope::rec;
using rec::Kind;

namespace {

void open(Kind kind, std::uint32_t value) {
  rec::Event e = rec::event(kind, rec::now());
  e.peer = value;
  rec::push(e);
  rec::state.open_user.emplace_back(kind, value);
}

void close(Kind begin, Kind end, std::uint32_t value) {
  auto& open_user = rec::state.open_user;
  const auto it = std::find(open_user.rbegin(), open_user.rend(), std::pair{begin, value});
  if (it == open_user.rend()) return;
  open_user.erase(std::next(it).base());
  rec::Event e = rec::event(end, rec::now());
  e.peer = value;
  rec::push(e);
}

} // namespace

extern "C" {

void collscope_trace_region_begin(const char* name) {
  if (!rec::recording() || name == nullptr) return;
  try {
    const std::uint32_t before = rec::state.strings.size();
    open(Kind::UserEnter, rec::state.strings.intern(name));
    if (rec::state.strings.size() != before) rec::note_definitions();
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
  }
}

void collscope_trace_region_end(const char* name) {
  if (!rec::enabled() || name == nullptr) return;
  const std::uint32_t id = rec::state.strings.find(name);
  if (id != rec::StringTable::not_found) close(Kind::UserEnter, Kind::UserLeave, id);
}

void collscope_trace_round_begin(int k) {
  if (!rec::recording()) return;
  try {
    open(Kind::RoundEnter, static_cast<std::uint32_t>(k));
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
  }
}

void collscope_trace_round_end(int k) {
  if (rec::enabled()) close(Kind::RoundEnter, Kind::RoundLeave, static_cast<std::uint32_t>(k));
}

void collscope_trace_blocks(int origin_first, int origin_count, long long element_begin,
                            long long element_count) {
  if (!rec::recording()) return;
  rec::Event e = rec::event(Kind::Blocks, 0);
  e.peer = static_cast<std::uint32_t>(origin_first);
  e.tag = static_cast<std::uint32_t>(origin_count);
  e.bytes = static_cast<std::uint64_t>(element_begin);
  e.request = static_cast<std::uint64_t>(element_count);
  rec::push(e);
}

void collscope_trace_meta(const char* key, const char* value) {
  if (!rec::recording() || key == nullptr || value == nullptr) return;
  try {
    rec::Event e = rec::event(Kind::Meta, 0);
    e.peer = rec::state.strings.intern(key);
    e.tag = rec::state.strings.intern(value);
    rec::push(e);
    if (rec::state.strings.blob().size() != rec::state.strings_synced) rec::note_definitions();
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
  }
}

void collscope_trace_pause(void) {
  if (!rec::enabled()) return;
  rec::state.paused = true;
  rec::state.recording = false;
}

void collscope_trace_resume(void) {
  if (!rec::enabled()) return;
  rec::state.paused = false;
  rec::state.recording = rec::state.lost == nullptr; // a gap for want of memory stays one
}

int collscope_trace_active(void) {
  return rec::recording() ? 1 : 0;
}

} // extern "C"
