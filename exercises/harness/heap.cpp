// Heap accounting for the submission's code only. malloc and friends and the global
// operator new are replaced in the graded executable; an allocation counts when watching
// is on and the caller's return address lies in the executable's own code (the student's
// file, templates it instantiated), so the allocations of Open MPI, the tracer or libstdc++
// internals are not charged to the student. Counted blocks live in a fixed open-addressing
// table (no allocation inside malloc), guarded by a spin lock because MPI's progress
// threads free memory too.
#include "watch.hpp"

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <new>
#include <unistd.h>

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
extern const char __executable_start;
extern const char etext;
/// Defined by the sync-send shim when it is preloaded (see sync_send.c).
__attribute__((weak)) void collscope_grade_set_phase(int phase);
}

namespace collscope::grade::watch {
namespace {

constexpr std::size_t slots = std::size_t{1} << 16;
struct Slot {
  void* ptr;
  std::size_t size;
};
Slot table[slots];
std::atomic_flag lock = ATOMIC_FLAG_INIT;
std::atomic<bool> on{false};
std::atomic<long long> tracked{0};
long long live = 0, peak = 0;
bool overflow = false;
std::atomic<std::uint64_t> banned{0};
void* const tombstone = reinterpret_cast<void*>(1);

struct Guard {
  Guard() {
    while (lock.test_and_set(std::memory_order_acquire)) {
    }
  }
  ~Guard() { lock.clear(std::memory_order_release); }
};

bool ours(const void* caller) {
  const auto* c = static_cast<const char*>(caller);
  return on.load(std::memory_order_relaxed) && c >= &__executable_start && c < &etext;
}

std::size_t home(const void* p) {
  return (reinterpret_cast<std::uintptr_t>(p) >> 4) * 0x9E3779B97F4A7C15u >> 48;
}

void track(void* p, std::size_t size) {
  Guard g;
  for (std::size_t i = home(p), n = 0; n < slots; i = (i + 1) % slots, ++n) {
    if (table[i].ptr == nullptr || table[i].ptr == tombstone) {
      table[i] = {p, size};
      live += static_cast<long long>(size);
      if (live > peak) peak = live;
      tracked.fetch_add(1, std::memory_order_relaxed);
      return;
    }
  }
  overflow = true;
}

void untrack(void* p) {
  if (p == nullptr || tracked.load(std::memory_order_relaxed) == 0) return;
  Guard g;
  for (std::size_t i = home(p), n = 0; n < slots && table[i].ptr != nullptr;
       i = (i + 1) % slots, ++n) {
    if (table[i].ptr == p) {
      live -= static_cast<long long>(table[i].size);
      table[i] = {tombstone, 0};
      tracked.fetch_sub(1, std::memory_order_relaxed);
      return;
    }
  }
}

void out_of_memory(std::size_t size) {
  char text[160];
  const int n = std::snprintf(text, sizeof text,
                              "collscope-grade: out of memory: an allocation of %zu bytes failed "
                              "(memory limit)\n",
                              size);
  if (n > 0) [[maybe_unused]]
    auto written = ::write(2, text, static_cast<std::size_t>(n));
}

void* counted(void* p, std::size_t size, const void* caller) {
  if (p == nullptr && size > 0) out_of_memory(size);
  if (p != nullptr && ours(caller)) track(p, size);
  return p;
}

} // namespace

void begin() {
  Guard g;
  std::memset(static_cast<void*>(table), 0, sizeof table);
  tracked = 0;
  live = peak = 0;
  overflow = false;
  banned = 0;
  on = true;
}

Stats end() {
  on = false;
  Guard g;
  Stats s;
  s.heap_peak = peak;
  s.heap_live = live;
  s.heap_overflow = overflow;
  s.banned = banned.load();
  return s;
}

void note_banned(int bit) {
  banned.fetch_or(std::uint64_t{1} << bit);
}

void set_phase(int phase) {
  if (collscope_grade_set_phase != nullptr) collscope_grade_set_phase(phase);
}

bool watching() {
  return on.load(std::memory_order_relaxed);
}

void* allocate(std::size_t size, const void* caller) {
  return counted(__libc_malloc(size), size, caller);
}

void* allocate_aligned(std::size_t alignment, std::size_t size, const void* caller) {
  return counted(__libc_memalign(alignment, size), size, caller);
}

void release(void* p) {
  untrack(p);
  __libc_free(p);
}

void* reallocate(void* p, std::size_t size, const void* caller) {
  untrack(p);
  return counted(__libc_realloc(p, size), size, caller);
}

void* allocate_zeroed(std::size_t n, std::size_t size, const void* caller) {
  return counted(__libc_calloc(n, size), n * size, caller);
}

} // namespace collscope::grade::watch
