// The replaced allocation functions of the graded executable; heap.cpp does the counting.
// Every one passes its caller's return address, so that only the submission's own calls
// are charged.
#include "watch.hpp"

#include <cerrno>
#include <cstddef>
#include <new>
#include <unistd.h>

namespace collscope::grade::watch {
void* allocate(std::size_t size, const void* caller);
void* allocate_aligned(std::size_t alignment, std::size_t size, const void* caller);
void* allocate_zeroed(std::size_t n, std::size_t size, const void* caller);
void* reallocate(void* p, std::size_t size, const void* caller);
void release(void* p);
} // namespace collscope::grade::watch

namespace w = collscope::grade::watch;

#define COLLSCOPE_CALLER __builtin_return_address(0)

extern "C" {

void* malloc(std::size_t size) {
  return w::allocate(size, COLLSCOPE_CALLER);
}
void free(void* p) {
  w::release(p);
}
void* calloc(std::size_t n, std::size_t size) {
  return w::allocate_zeroed(n, size, COLLSCOPE_CALLER);
}
void* realloc(void* p, std::size_t size) {
  return w::reallocate(p, size, COLLSCOPE_CALLER);
}
void* memalign(std::size_t alignment, std::size_t size) {
  return w::allocate_aligned(alignment, size, COLLSCOPE_CALLER);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) {
  return w::allocate_aligned(alignment, size, COLLSCOPE_CALLER);
}
void* valloc(std::size_t size) {
  return w::allocate_aligned(static_cast<std::size_t>(sysconf(_SC_PAGESIZE)), size,
                             COLLSCOPE_CALLER);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* p = w::allocate_aligned(alignment, size, COLLSCOPE_CALLER);
  if (p == nullptr && size > 0) return ENOMEM;
  *out = p;
  return 0;
}

} // extern "C"

namespace {

void* checked(void* p) {
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

} // namespace

void* operator new(std::size_t size) {
  return checked(w::allocate(size, COLLSCOPE_CALLER));
}
void* operator new[](std::size_t size) {
  return checked(w::allocate(size, COLLSCOPE_CALLER));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return w::allocate(size, COLLSCOPE_CALLER);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return w::allocate(size, COLLSCOPE_CALLER);
}
void* operator new(std::size_t size, std::align_val_t a) {
  return checked(w::allocate_aligned(static_cast<std::size_t>(a), size, COLLSCOPE_CALLER));
}
void* operator new[](std::size_t size, std::align_val_t a) {
  return checked(w::allocate_aligned(static_cast<std::size_t>(a), size, COLLSCOPE_CALLER));
}
void operator delete(void* p) noexcept {
  w::release(p);
}
void operator delete[](void* p) noexcept {
  w::release(p);
}
void operator delete(void* p, std::size_t) noexcept {
  w::release(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  w::release(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  w::release(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  w::release(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  w::release(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  w::release(p);
}
