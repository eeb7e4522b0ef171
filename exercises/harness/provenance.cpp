// The send interceptors of provenance.hpp. Defined in the graded executable, they take
// precedence over the tracer's MPI_Send & co., annotate, and forward to the next definition
// (dlsym(RTLD_NEXT): the synchronous-send shim when preloaded, else the tracer), so the
// message is recorded as before. The packed copy of a message is taken with glibc's own
// allocator: heap.cpp charges allocations made from the executable's code to the student.
#include "provenance.hpp"

#include "buffers.hpp"
#include "collscope/annotate.hpp"
#include "collscope/grade/irregular.hpp"

#include <algorithm>
#include <climits>
#include <dlfcn.h>
#include <mpi.h>

extern "C" {                      // glibc's allocator itself, as heap.cpp uses it
void* __libc_malloc(std::size_t); // NOLINT(bugprone-reserved-identifier)
void __libc_free(void*);          // NOLINT(bugprone-reserved-identifier)
}

namespace collscope::grade::provenance {
namespace {

bool on = false;
Kind current = Kind::gather;
Case current_case;

constexpr int max_ranks = 1024;

struct Span {
  long long lo = LLONG_MAX, hi = -1; ///< elements of the origin's block seen, [lo, hi]
};

/// Reads `count` items of `type` at `buf` and annotates the next send with the origins it
/// carries: one cyclic run of ranks (blocks(first, n, …)); a message whose origins are not
/// one run (an all-to-all's mixed blocks) or that carries no rank's data is left alone.
void annotate(const void* buf, int count, MPI_Datatype type, MPI_Comm comm) {
  if (!on || count <= 0 || current_case.p > max_ranks || !trace::active()) return;
  int bytes = 0;
  if (PMPI_Pack_size(count, type, comm, &bytes) != MPI_SUCCESS || bytes <= 0) return;
  auto* packed = static_cast<int*>(__libc_malloc(static_cast<std::size_t>(bytes)));
  if (packed == nullptr) return;
  int position = 0;
  const bool ok = PMPI_Pack(buf, count, type, packed, bytes, &position, comm) == MPI_SUCCESS;
  const int p = current_case.p, n = current_case.count;
  static Span seen_store[max_ranks]; // no heap: it would be charged to the student
  Span* seen = seen_store;
  std::fill(seen, seen + p, Span{});
  bool any = false;
  for (int i = 0; ok && n > 0 && i < position / static_cast<int>(sizeof(int)); ++i) {
    const int v = packed[i];
    if (v < 1000000 || v >= 1000000 * (p + 1)) continue; // a marker, not data
    const int owner = v / 1000000 - 1;
    long long element = (v % 1000000) / 2;
    if (current == Kind::alltoall) element %= n; // within the block for one destination
    Span& s = seen[owner];
    s.lo = std::min(s.lo, element);
    s.hi = std::max(s.hi, element);
    any = true;
  }
  __libc_free(packed);
  if (!any) return;
  // The run of origins: it starts after the longest cyclic stretch of ranks not carried.
  int first = 0, gap = -1;
  for (int o = 0; o < p; ++o) {
    if (seen[o].hi < 0) continue;
    int before = 0;
    while (before < p && seen[(o - 1 - before + 2 * p) % p].hi < 0) ++before;
    if (before > gap) gap = before, first = o;
  }
  const int origins = p - gap;
  long long lo = LLONG_MAX, hi = -1;
  for (int i = 0; i < origins; ++i) {
    const Span& s = seen[(first + i) % p];
    if (s.hi < 0) return; // not one run
    lo = std::min(lo, s.lo);
    hi = std::max(hi, s.hi);
  }
  bool whole = lo == 0 && hi == n - 1;
  if (current == Kind::gatherv) { // blocks of their own sizes: whole when each is complete
    whole = true;
    for (int i = 0; i < origins; ++i) {
      const Span& s = seen[(first + i) % p];
      whole = whole && s.lo == 0 && s.hi == gatherv_count(current_case, (first + i) % p) - 1;
    }
  }
  trace::blocks(first, origins, whole ? 0 : lo, whole ? 0 : hi - lo + 1);
}

template <class F> F next(const char* name) {
  F f = nullptr;
  *reinterpret_cast<void**>(&f) = dlsym(RTLD_NEXT, name); // the POSIX dlsym idiom
  return f;
}

} // namespace

void start(Kind kind, const Case& c) {
  on = !takes_op(kind);
  current = kind;
  current_case = c;
}

void stop() {
  on = false;
}

} // namespace collscope::grade::provenance

using collscope::grade::provenance::annotate;
using collscope::grade::provenance::next;

extern "C" {

using SendFn = int (*)(const void*, int, MPI_Datatype, int, int, MPI_Comm);
using IsendFn = int (*)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*);

int MPI_Send(const void* b, int n, MPI_Datatype t, int to, int tag, MPI_Comm c) {
  static const SendFn real = next<SendFn>("MPI_Send");
  if (to != MPI_PROC_NULL) annotate(b, n, t, c);
  return real != nullptr ? real(b, n, t, to, tag, c) : PMPI_Send(b, n, t, to, tag, c);
}

int MPI_Ssend(const void* b, int n, MPI_Datatype t, int to, int tag, MPI_Comm c) {
  static const SendFn real = next<SendFn>("MPI_Ssend");
  if (to != MPI_PROC_NULL) annotate(b, n, t, c);
  return real != nullptr ? real(b, n, t, to, tag, c) : PMPI_Ssend(b, n, t, to, tag, c);
}

int MPI_Isend(const void* b, int n, MPI_Datatype t, int to, int tag, MPI_Comm c, MPI_Request* r) {
  static const IsendFn real = next<IsendFn>("MPI_Isend");
  if (to != MPI_PROC_NULL) annotate(b, n, t, c);
  return real != nullptr ? real(b, n, t, to, tag, c, r) : PMPI_Isend(b, n, t, to, tag, c, r);
}

int MPI_Issend(const void* b, int n, MPI_Datatype t, int to, int tag, MPI_Comm c, MPI_Request* r) {
  static const IsendFn real = next<IsendFn>("MPI_Issend");
  if (to != MPI_PROC_NULL) annotate(b, n, t, c);
  return real != nullptr ? real(b, n, t, to, tag, c, r) : PMPI_Issend(b, n, t, to, tag, c, r);
}

int MPI_Sendrecv(const void* sb, int sn, MPI_Datatype st, int to, int stag, void* rb, int rn,
                 MPI_Datatype rt, int from, int rtag, MPI_Comm c, MPI_Status* s) {
  using Fn = int (*)(const void*, int, MPI_Datatype, int, int, void*, int, MPI_Datatype, int, int,
                     MPI_Comm, MPI_Status*);
  static const Fn real = next<Fn>("MPI_Sendrecv");
  if (to != MPI_PROC_NULL) annotate(sb, sn, st, c);
  return real != nullptr ? real(sb, sn, st, to, stag, rb, rn, rt, from, rtag, c, s)
                         : PMPI_Sendrecv(sb, sn, st, to, stag, rb, rn, rt, from, rtag, c, s);
}

int MPI_Sendrecv_replace(void* b, int n, MPI_Datatype t, int to, int stag, int from, int rtag,
                         MPI_Comm c, MPI_Status* s) {
  using Fn = int (*)(void*, int, MPI_Datatype, int, int, int, int, MPI_Comm, MPI_Status*);
  static const Fn real = next<Fn>("MPI_Sendrecv_replace");
  if (to != MPI_PROC_NULL) annotate(b, n, t, c);
  return real != nullptr ? real(b, n, t, to, stag, from, rtag, c, s)
                         : PMPI_Sendrecv_replace(b, n, t, to, stag, from, rtag, c, s);
}

} // extern "C"
