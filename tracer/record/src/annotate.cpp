// The annotation API of <collscope/annotate.h>. Regions and rounds opened while recording are
// remembered, so their end is recorded even if the program paused in between; an end
// without a recorded begin is ignored. None of these functions may throw into C callers.
#include "recorder.hpp"

#include <algorithm>
#include <collscope/annotate.h>
#include <string>
#include <utility>
#include <vector>

namespace rec = collscope::rec;
using rec::Kind;

namespace {

// An algorithm region carries the same dozen metadata pairs call after call. The pairs that
// followed the last Enter of each region name are kept by position; a pair whose strings
// equal the kept one reuses its ids (two string compares) instead of interning both. While
// every pair of a call so far repeats the kept one, and nothing was appended after the
// region's Enter, the pair is not appended at all: the Enter counts it (event.hpp,
// UserEnter), and the archive writer expands the count from the same memory of positions.
//
// collscope_trace_meta_repeat() goes further: a caller that knows its n pairs by a signature
// skips its meta() calls when the region's last signed call recorded all n pairs under the
// same signature; positions 0..n-1 then hold them, so the Enter counts n at once.
struct Signature {
  unsigned long long value = 0;
  int n = 0;
  bool valid = false; // the n pairs of a call signed `value` are at positions 0..n-1
};

struct MetaMemo {
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> by_region; // by name id
  std::vector<Signature> signatures;                                           // by name id
  std::uint32_t region = rec::StringTable::not_found; // the region the next pairs follow
  std::size_t next = 0;                               // position of the next pair
  rec::Event* enter = nullptr;  // the region's Enter in the ring, while all pairs repeat
  std::uint64_t enter_size = 0; // events recorded right after that Enter
  bool signed_call = false;     // meta_repeat() was called since the region's Enter
};
MetaMemo memo;

/// Keeps a signature valid only while its positions hold what it signed.
void note_position(std::size_t at) {
  if (memo.signatures.size() <= memo.region) memo.signatures.resize(memo.region + 1);
  Signature& s = memo.signatures[memo.region];
  if (!memo.signed_call)
    s.valid = false; // unsigned pairs overwrite what a signature stands for
  else if (at + 1 == static_cast<std::size_t>(s.n))
    s.valid = true;
}

/// Records one pair of the current region: counted on its Enter or appended as a Meta event.
void record_meta(const char* key, const char* value) {
  auto& strings = rec::state.strings;
  rec::Event e = rec::event(Kind::Meta, 0);
  if (memo.region == rec::StringTable::not_found || memo.next >= rec::meta_positions) {
    e.peer = strings.intern(key);
    e.tag = strings.intern(value);
    return rec::push(e);
  }
  if (memo.by_region.size() <= memo.region) memo.by_region.resize(memo.region + 1);
  auto& pairs = memo.by_region[memo.region];
  const std::size_t at = memo.next++;
  note_position(at);
  const bool same = at < pairs.size() && strings.equals(pairs[at].first, key) &&
                    strings.equals(pairs[at].second, value);
  if (same && memo.enter != nullptr && memo.enter->tag == at &&
      rec::state.events.size() == memo.enter_size) {
    ++memo.enter->tag;
    return;
  }
  memo.enter = nullptr;
  const std::pair ids = same ? pairs[at] : std::pair{strings.intern(key), strings.intern(value)};
  if (!same && at < pairs.size())
    pairs[at] = ids;
  else if (!same)
    pairs.push_back(ids);
  e.peer = ids.first;
  e.tag = ids.second;
  e.bytes = at + 1;
  e.comm = memo.region;
  rec::push(e);
}

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
  if (!rec::annotating() || name == nullptr) return;
  try {
    const std::uint32_t before = rec::state.strings.size();
    const std::uint32_t id = rec::state.strings.intern(name);
    open(Kind::UserEnter, id);
    memo.region = id;
    memo.next = 0;
    memo.enter = rec::state.events.last();
    if (memo.enter != nullptr && (memo.enter->kind != Kind::UserEnter || memo.enter->peer != id))
      memo.enter = nullptr; // recording stopped in between
    memo.enter_size = rec::state.events.size();
    memo.signed_call = false;
    if (rec::state.strings.size() != before) rec::note_definitions();
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
  }
}

void collscope_trace_region_end(const char* name) {
  if (!rec::annotations_enabled() || name == nullptr) return;
  memo.region = rec::StringTable::not_found;
  memo.enter = nullptr;
  // Nearly always the innermost open region ends: one compare instead of a lookup.
  const auto& open_user = rec::state.open_user;
  const bool innermost = !open_user.empty() && open_user.back().first == Kind::UserEnter &&
                         rec::state.strings.equals(open_user.back().second, name);
  const std::uint32_t id = innermost ? open_user.back().second : rec::state.strings.find(name);
  if (id != rec::StringTable::not_found) close(Kind::UserEnter, Kind::UserLeave, id);
}

void collscope_trace_round_begin(int k) {
  if (!rec::annotating()) return;
  try {
    open(Kind::RoundEnter, static_cast<std::uint32_t>(k));
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
  }
}

void collscope_trace_round_end(int k) {
  if (rec::annotations_enabled())
    close(Kind::RoundEnter, Kind::RoundLeave, static_cast<std::uint32_t>(k));
}

void collscope_trace_blocks(int origin_first, int origin_count, long long element_begin,
                            long long element_count) {
  if (!rec::annotating()) return;
  rec::Event e = rec::event(Kind::Blocks, 0);
  e.peer = static_cast<std::uint32_t>(origin_first);
  e.tag = static_cast<std::uint32_t>(origin_count);
  e.bytes = static_cast<std::uint64_t>(element_begin);
  e.request = static_cast<std::uint64_t>(element_count);
  rec::push(e);
}

void collscope_trace_meta(const char* key, const char* value) {
  if (!rec::annotating() || key == nullptr || value == nullptr) return;
  try {
    record_meta(key, value);
    if (rec::state.strings.blob().size() != rec::state.strings_synced) rec::note_definitions();
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
  }
}

int collscope_trace_meta_repeat(unsigned long long signature, int n) {
  if (!rec::annotating() || n <= 0 || memo.region == rec::StringTable::not_found ||
      memo.next != 0 || memo.signed_call)
    return 0;
  memo.signed_call = true;
  try {
    if (memo.signatures.size() <= memo.region) memo.signatures.resize(memo.region + 1);
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
    return 0;
  }
  Signature& s = memo.signatures[memo.region];
  const auto count = static_cast<std::uint32_t>(n);
  if (s.valid && s.value == signature && s.n == n && memo.enter != nullptr &&
      memo.enter->tag == 0 && rec::state.events.size() == memo.enter_size &&
      memo.by_region.size() > memo.region && memo.by_region[memo.region].size() >= count) {
    memo.enter->tag = count;
    memo.next = count;
    return 1;
  }
  s = {signature, n, false};
  return 0;
}

void collscope_trace_region_comm(int fortran_comm) {
  if (!rec::annotating() || memo.region == rec::StringTable::not_found) return;
  const MPI_Comm comm = PMPI_Comm_f2c(fortran_comm);
  if (comm == MPI_COMM_NULL) return;
  try {
    record_meta("comm", std::to_string(rec::state.comms.find(comm).id).c_str());
    if (rec::state.strings.blob().size() != rec::state.strings_synced) rec::note_definitions();
  } catch (...) {
    rec::lose("ran out of memory for its annotation strings");
  }
}

void collscope_trace_pause(void) {
  if (!rec::annotations_enabled()) return;
  rec::state.paused = true;
  rec::state.recording = false;
}

void collscope_trace_resume(void) {
  if (!rec::annotations_enabled()) return;
  rec::state.paused = false;
  rec::state.recording = rec::state.lost == nullptr; // a gap for want of memory stays one
}

int collscope_trace_active(void) {
  return rec::annotating() ? 1 : 0;
}

void collscope_trace_discard(void) {
  if (!rec::annotations_enabled()) return;
  rec::state.discard = true;
  rec::state.paused = true;
  rec::state.recording = false;
}

} // extern "C"
