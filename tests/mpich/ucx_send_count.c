/* LD_PRELOAD into MPICH ranks (Debian's MPICH is ch4:ucx): counts the messages and bytes each
 * rank hands to UCX (ucp_tag_send_nbx, ucp_tag_send_sync_nbx, called by libmpich through its
 * PLT, so they can be interposed where MPICH's own MPIC_* cannot) and prints one line per rank
 * at exit: "ucx-sends RANK MESSAGES BYTES". With MPIR_CVAR_NOLOCAL=1 every message, on one
 * node too, goes through UCX; differences between two runs of one program are then what their
 * collectives sent, without a clock: the test compares MPICH's algorithms by them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef void* (*send_fn)(void* ep, const void* buffer, size_t count, uint64_t tag,
                         const void* param);

static unsigned long messages;
static unsigned long long bytes;

static void* forward(const char* name, void* ep, const void* buffer, size_t count, uint64_t tag,
                     const void* param) {
  send_fn next = (send_fn)dlsym(RTLD_NEXT, name);
  ++messages;
  bytes += count; /* MPICH sends contiguous data as bytes (ucp_dt_make_contig(1)) */
  return next(ep, buffer, count, tag, param);
}

void* ucp_tag_send_nbx(void* ep, const void* buffer, size_t count, uint64_t tag,
                       const void* param) {
  return forward("ucp_tag_send_nbx", ep, buffer, count, tag, param);
}

void* ucp_tag_send_sync_nbx(void* ep, const void* buffer, size_t count, uint64_t tag,
                            const void* param) {
  return forward("ucp_tag_send_sync_nbx", ep, buffer, count, tag, param);
}

__attribute__((destructor)) static void report(void) {
  const char* rank = getenv("PMI_RANK");
  if (rank != NULL) /* a rank, not mpiexec or its proxy */
    fprintf(stderr, "ucx-sends %s %lu %llu\n", rank, messages, bytes);
}
