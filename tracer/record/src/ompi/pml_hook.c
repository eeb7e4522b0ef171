/* Records the point-to-point messages Open MPI's own blocking collectives send inside, by
 * wrapping the selected PML's module table (the data symbol `mca_pml`) while such a
 * collective runs on this rank, as Open MPI's `pml monitoring` component wraps it for good.
 * Everything here depends on Open MPI's internal headers (compiled only when they are
 * present) and is checked against the running library before it is used:
 *
 *   - the library's version (MPI_Get_library_version) equals the headers' (4.1.4 here);
 *   - the selected PML is ob1, the one whose requests complete through
 *     ompi_request_complete (so their req_complete_cb fires when they complete);
 *   - the request and communicator classes have the size these headers give them.
 *
 * Only calls on the collective's own communicator with the blocking collectives' tags
 * (MCA_COLL_BASE_TAG_ALLGATHER … _SCATTERV, -10 … -26) are recorded: a nonblocking
 * collective's schedule (libnbc, other tags) that progresses meanwhile is not. Sends and
 * posted receives are appended before the PML runs them (it may complete other requests
 * meanwhile, whose events must come later); a blocking receive when it returns.
 *
 * A nonblocking operation's completion is recorded where the collective's code learns of it:
 * when the ompi_request_wait or ompi_request_test call (any variant) that returns it returns
 * (the request functions are wrapped, as the PML's are, while the collective runs), not when
 * the PML happens to complete it. So the order of a rank's events is its program order, the same in every run, and rounds
 * inferred from it (tracer/model, the one-ported rule) never depend on timing. A callback
 * chained in front of any other on the request keeps its status until then; a request the
 * collective never waits for is recorded when the collective ends. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr */
#endif
#include "pml_hook.h"

#include "ompi_config.h"
#include "ompi/communicator/communicator.h"
#include "ompi/mca/coll/base/coll_tags.h"
#include "ompi/mca/coll/coll.h"
#include "ompi/mca/pml/base/base.h"
#include "ompi/mca/pml/pml.h"
#include "ompi/request/request.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mca_pml_base_module_t original; /* the table as the PML set it */
static ompi_request_fns_t original_requests; /* the request functions as Open MPI set them */
static int usable;                     /* collscope_ompi_hook_check passed */
static int installed;
static struct ompi_communicator_t* coll_comm;
static uint32_t generation; /* of the collective in progress; a late completion is not its */

/* One watched nonblocking request: its id, the callback it had before ours, and, once the
 * PML completed it, what its status said (recorded when the collective waits for it). */
struct watch {
  uint64_t id;
  uint32_t generation;
  int is_send;
  ompi_request_complete_fn_t previous;
  void* previous_data;
  ompi_request_t* request;
  int done, reported;
  int source, tag;
  uint64_t bytes;
};
static struct watch* watches;
static size_t watch_count, watch_capacity, watch_pending;

/* Persistent requests a collective made (isend_init/irecv_init): what their start sends. */
struct persistent {
  ompi_request_t* request;
  int is_send, peer, tag;
  uint64_t bytes;
};
static struct persistent* persistents;
static size_t persistent_count, persistent_capacity;

enum { watch_limit = 1 << 20 };

static int ours(const struct ompi_communicator_t* comm, int tag, int peer) {
  return comm == coll_comm && tag <= MCA_COLL_BASE_TAG_ALLGATHER &&
         tag >= MCA_COLL_BASE_TAG_SCATTERV && peer != MPI_PROC_NULL;
}

static uint64_t bytes_of(size_t count, struct ompi_datatype_t* type) {
  int size = 0;
  if (PMPI_Type_size(type, &size) != MPI_SUCCESS || size < 0) return 0;
  return (uint64_t)count * (uint64_t)size;
}

static int on_complete(ompi_request_t* request) {
  const uintptr_t index = (uintptr_t)request->req_complete_cb_data;
  if (index >= watch_count) return 0; /* never ours: cannot happen, but never crash */
  struct watch* w = &watches[index];
  --watch_pending;
  if (installed && w->generation == generation) {
    w->done = 1;
    w->source = request->req_status.MPI_SOURCE;
    w->tag = request->req_status.MPI_TAG;
    w->bytes = (uint64_t)request->req_status._ucount;
  }
  const ompi_request_complete_fn_t previous = w->previous;
  request->req_complete_cb_data = w->previous_data;
  return previous != NULL ? previous(request) : 0;
}

/* Records watch `index`'s completion, once: the collective has just learnt of it. */
static void report(long index) {
  if (index < 0 || (size_t)index >= watch_count) return;
  struct watch* w = &watches[index];
  if (!w->done || w->reported || w->generation != generation) return;
  w->reported = 1;
  if (w->is_send)
    collscope_pml_complete(1, w->id, -1, 0, 0);
  else
    collscope_pml_complete(0, w->id, w->source, w->tag, w->bytes);
}

/* The live watch of a request of this collective (a freed request's address can come back for
 * a later one: the latest watch is the live one), or -1. */
static long watch_of(const ompi_request_t* request) {
  if (request == NULL) return -1;
  for (size_t i = watch_count; i-- > 0;)
    if (watches[i].request == request && watches[i].generation == generation) return (long)i;
  return -1;
}

/* The watches of requests[0 … count), looked up before the wait frees them. */
static long* watches_of(size_t count, ompi_request_t** requests, long* small, size_t small_size) {
  long* out = count <= small_size ? small : malloc(count * sizeof *out);
  if (out == NULL) return NULL; /* their completions are recorded when the collective ends */
  for (size_t i = 0; i < count; ++i) out[i] = watch_of(requests[i]);
  return out;
}

static void release(long* found, long* small) {
  if (found != small) free(found);
}

static int hook_wait(ompi_request_t** request, ompi_status_public_t* status) {
  const long index = watch_of(*request);
  const int rc = original_requests.req_wait(request, status);
  report(index);
  return rc;
}

/* The watches one wait_all returns, recorded in a canonical order: the program learns of them
 * at once, so their order among themselves is no program order; request order would be, for a
 * receive from MPI_ANY_SOURCE (Open MPI's linear barrier and gather roots), the order in which
 * the messages happened to arrive. Sends first, then receives by source rank. */
static int batch_before(long a, long b) {
  const struct watch* x = &watches[a];
  const struct watch* y = &watches[b];
  if (x->is_send != y->is_send) return x->is_send;
  return !x->is_send && x->source < y->source;
}

static void report_batch(long* found, size_t count) {
  size_t n = 0;
  for (size_t i = 0; i < count; ++i)
    if (found[i] >= 0) found[n++] = found[i];
  for (size_t i = 1; i < n; ++i) /* insertion sort: stable, and a batch is small */
    for (size_t k = i; k > 0 && batch_before(found[k], found[k - 1]); --k) {
      const long t = found[k];
      found[k] = found[k - 1];
      found[k - 1] = t;
    }
  for (size_t i = 0; i < n; ++i) report(found[i]);
}

static int hook_wait_all(size_t count, ompi_request_t** requests, ompi_status_public_t* statuses) {
  long small[64];
  long* found = watches_of(count, requests, small, 64);
  const int rc = original_requests.req_wait_all(count, requests, statuses);
  if (found != NULL) report_batch(found, count);
  release(found, small);
  return rc;
}

static int hook_wait_any(size_t count, ompi_request_t** requests, int* index,
                         ompi_status_public_t* status) {
  long small[64];
  long* found = watches_of(count, requests, small, 64);
  const int rc = original_requests.req_wait_any(count, requests, index, status);
  if (found != NULL && *index != MPI_UNDEFINED && *index >= 0 && (size_t)*index < count)
    report(found[*index]);
  release(found, small);
  return rc;
}

static int hook_wait_some(size_t count, ompi_request_t** requests, int* outcount, int* indices,
                          ompi_status_public_t* statuses) {
  long small[64];
  long* found = watches_of(count, requests, small, 64);
  const int rc = original_requests.req_wait_some(count, requests, outcount, indices, statuses);
  for (int k = 0; found != NULL && *outcount != MPI_UNDEFINED && k < *outcount; ++k)
    if (indices[k] >= 0 && (size_t)indices[k] < count) report(found[indices[k]]);
  release(found, small);
  return rc;
}

static int hook_test(ompi_request_t** request, int* completed, ompi_status_public_t* status) {
  const long index = watch_of(*request);
  const int rc = original_requests.req_test(request, completed, status);
  if (*completed) report(index);
  return rc;
}

static int hook_test_all(size_t count, ompi_request_t** requests, int* completed,
                         ompi_status_public_t* statuses) {
  long small[64];
  long* found = watches_of(count, requests, small, 64);
  const int rc = original_requests.req_test_all(count, requests, completed, statuses);
  if (found != NULL && *completed) report_batch(found, count);
  release(found, small);
  return rc;
}

static int hook_test_any(size_t count, ompi_request_t** requests, int* index, int* completed,
                         ompi_status_public_t* status) {
  long small[64];
  long* found = watches_of(count, requests, small, 64);
  const int rc = original_requests.req_test_any(count, requests, index, completed, status);
  if (found != NULL && *completed && *index != MPI_UNDEFINED && *index >= 0 &&
      (size_t)*index < count)
    report(found[*index]);
  release(found, small);
  return rc;
}

static int hook_test_some(size_t count, ompi_request_t** requests, int* outcount, int* indices,
                          ompi_status_public_t* statuses) {
  long small[64];
  long* found = watches_of(count, requests, small, 64);
  const int rc = original_requests.req_test_some(count, requests, outcount, indices, statuses);
  for (int k = 0; found != NULL && *outcount != MPI_UNDEFINED && k < *outcount; ++k)
    if (indices[k] >= 0 && (size_t)indices[k] < count) report(found[indices[k]]);
  release(found, small);
  return rc;
}

/* Puts our callback in front of the request's; notes at once if it completed already (an eager
 * send often has when isend returns), as ompi_request_set_callback does. */
static void watch_request(ompi_request_t* request, uint64_t id, int is_send) {
  if (watch_count == watch_capacity) {
    const size_t capacity = watch_capacity == 0 ? 256 : 2 * watch_capacity;
    struct watch* grown = capacity <= watch_limit ? realloc(watches, capacity * sizeof *grown) : NULL;
    if (grown == NULL) return; /* its completion goes unrecorded: an unmatched message */
    watches = grown;
    watch_capacity = capacity;
  }
  const size_t index = watch_count++;
  watches[index] = (struct watch){id,      generation, is_send, request->req_complete_cb,
                                  request->req_complete_cb_data, request, 0, 0, 0, 0, 0};
  ++watch_pending;
  request->req_complete_cb_data = (void*)index;
  request->req_complete_cb = on_complete;
  if (request->req_complete == REQUEST_COMPLETED && request->req_complete_cb == on_complete) {
    request->req_complete_cb = NULL;
    on_complete(request);
  }
}

static int hook_isend(const void* buf, size_t count, struct ompi_datatype_t* type, int dst,
                      int tag, mca_pml_base_send_mode_t mode, struct ompi_communicator_t* comm,
                      struct ompi_request_t** request) {
  if (!ours(comm, tag, dst)) return original.pml_isend(buf, count, type, dst, tag, mode, comm, request);
  const uint64_t id = collscope_pml_post(1, collscope_pml_now(), dst, tag, bytes_of(count, type));
  const int rc = original.pml_isend(buf, count, type, dst, tag, mode, comm, request);
  if (rc == OMPI_SUCCESS) watch_request(*request, id, 1);
  return rc;
}

static int hook_send(const void* buf, size_t count, struct ompi_datatype_t* type, int dst,
                     int tag, mca_pml_base_send_mode_t mode, struct ompi_communicator_t* comm) {
  if (!ours(comm, tag, dst)) return original.pml_send(buf, count, type, dst, tag, mode, comm);
  collscope_pml_blocking(1, collscope_pml_now(), dst, tag, bytes_of(count, type));
  return original.pml_send(buf, count, type, dst, tag, mode, comm);
}

static int hook_irecv(void* buf, size_t count, struct ompi_datatype_t* type, int src, int tag,
                      struct ompi_communicator_t* comm, struct ompi_request_t** request) {
  if (!ours(comm, tag, src)) return original.pml_irecv(buf, count, type, src, tag, comm, request);
  const uint64_t id = collscope_pml_post(0, collscope_pml_now(), src, tag, 0);
  const int rc = original.pml_irecv(buf, count, type, src, tag, comm, request);
  if (rc == OMPI_SUCCESS) watch_request(*request, id, 0);
  return rc;
}

static int hook_recv(void* buf, size_t count, struct ompi_datatype_t* type, int src, int tag,
                     struct ompi_communicator_t* comm, ompi_status_public_t* status) {
  if (!ours(comm, tag, src)) return original.pml_recv(buf, count, type, src, tag, comm, status);
  ompi_status_public_t local;
  ompi_status_public_t* st = status == MPI_STATUS_IGNORE ? &local : status;
  const int rc = original.pml_recv(buf, count, type, src, tag, comm, st);
  if (rc == OMPI_SUCCESS && st->MPI_SOURCE != MPI_PROC_NULL)
    collscope_pml_blocking(0, collscope_pml_now(), st->MPI_SOURCE, st->MPI_TAG,
                           (uint64_t)st->_ucount);
  return rc;
}

static void remember(ompi_request_t* request, int is_send, int peer, int tag, uint64_t bytes) {
  if (persistent_count == persistent_capacity) {
    const size_t capacity = persistent_capacity == 0 ? 64 : 2 * persistent_capacity;
    struct persistent* grown =
        capacity <= watch_limit ? realloc(persistents, capacity * sizeof *grown) : NULL;
    if (grown == NULL) return;
    persistents = grown;
    persistent_capacity = capacity;
  }
  persistents[persistent_count++] = (struct persistent){request, is_send, peer, tag, bytes};
}

static int hook_isend_init(const void* buf, size_t count, struct ompi_datatype_t* type, int dst,
                           int tag, mca_pml_base_send_mode_t mode,
                           struct ompi_communicator_t* comm, struct ompi_request_t** request) {
  const int rc = original.pml_isend_init(buf, count, type, dst, tag, mode, comm, request);
  if (rc == OMPI_SUCCESS && ours(comm, tag, dst))
    remember(*request, 1, dst, tag, bytes_of(count, type));
  return rc;
}

static int hook_irecv_init(void* buf, size_t count, struct ompi_datatype_t* type, int src,
                           int tag, struct ompi_communicator_t* comm,
                           struct ompi_request_t** request) {
  const int rc = original.pml_irecv_init(buf, count, type, src, tag, comm, request);
  if (rc == OMPI_SUCCESS && ours(comm, tag, src)) remember(*request, 0, src, tag, 0);
  return rc;
}

static int hook_start(size_t count, struct ompi_request_t** requests) {
  if (persistent_count == 0) return original.pml_start(count, requests);
  static uint64_t* ids;
  static size_t ids_capacity;
  if (count > ids_capacity) {
    uint64_t* grown = count <= watch_limit ? realloc(ids, count * sizeof *grown) : NULL;
    if (grown != NULL) {
      ids = grown;
      ids_capacity = count;
    }
  }
  const size_t n = count < ids_capacity ? count : ids_capacity; /* the rest: not recorded */
  const uint64_t t0 = collscope_pml_now();
  for (size_t i = 0; i < n; ++i) {
    ids[i] = 0;
    for (size_t k = 0; k < persistent_count; ++k) {
      const struct persistent* p = &persistents[k];
      if (p->request != requests[i]) continue;
      ids[i] = collscope_pml_post(p->is_send, t0, p->peer, p->tag, p->bytes);
      break;
    }
  }
  const int rc = original.pml_start(count, requests);
  if (rc != OMPI_SUCCESS) return rc;
  for (size_t i = 0; i < n; ++i)
    for (size_t k = 0; k < persistent_count && ids[i] != 0; ++k)
      if (persistents[k].request == requests[i]) {
        watch_request(requests[i], ids[i], persistents[k].is_send);
        break;
      }
  return rc;
}

int collscope_ompi_hook_check(char* what, size_t size) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {0};
  int length = 0;
  int major = 0, minor = 0, release = 0;
  PMPI_Get_library_version(version, &length);
  if (sscanf(version, "Open MPI v%d.%d.%d", &major, &minor, &release) != 3 ||
      major != OMPI_MAJOR_VERSION || minor != OMPI_MINOR_VERSION ||
      release != OMPI_RELEASE_VERSION) {
    const char* end = strchr(version, ',');
    snprintf(what, size, "the library is %.*s, the tracer was built for Open MPI %d.%d.%d",
             end != NULL ? (int)(end - version) : 40, version, OMPI_MAJOR_VERSION,
             OMPI_MINOR_VERSION, OMPI_RELEASE_VERSION);
    return 0;
  }
  const char* pml = mca_pml_base_selected_component.pmlm_version.mca_component_name;
  if (strcmp(pml, "ob1") != 0) {
    snprintf(what, size, "Open MPI %d.%d.%d runs pml %s (the tracer reads ob1's only)", major,
             minor, release, pml[0] != '\0' ? pml : "(none)");
    return 0;
  }
  if (ompi_request_t_class.cls_sizeof != sizeof(ompi_request_t) ||
      ompi_communicator_t_class.cls_sizeof != sizeof(ompi_communicator_t) ||
      mca_pml.pml_isend == NULL || mca_pml.pml_send == NULL || mca_pml.pml_irecv == NULL ||
      mca_pml.pml_recv == NULL || mca_pml.pml_isend_init == NULL ||
      mca_pml.pml_irecv_init == NULL || mca_pml.pml_start == NULL ||
      ompi_request_functions.req_wait == NULL || ompi_request_functions.req_wait_all == NULL ||
      ompi_request_functions.req_wait_any == NULL || ompi_request_functions.req_wait_some == NULL ||
      ompi_request_functions.req_test == NULL || ompi_request_functions.req_test_all == NULL ||
      ompi_request_functions.req_test_any == NULL || ompi_request_functions.req_test_some == NULL) {
    snprintf(what, size, "Open MPI %d.%d.%d's requests or PML are not laid out as its headers say",
             major, minor, release);
    return 0;
  }
  snprintf(what, size, "Open MPI %d.%d.%d, pml ob1", major, minor, release);
  original = mca_pml;
  original_requests = ompi_request_functions;
  usable = 1;
  return 1;
}

/* The component that implements coll on comm: from the shared object its function lives in
 * (mca_coll_tuned.so → "tuned"), or "base" for Open MPI's coll base functions in libmpi. */
static void component_of(void (*fn)(void), char* name, size_t size) {
  Dl_info info;
  memset(&info, 0, sizeof info);
  if (fn == NULL || dladdr(*(void**)&fn, &info) == 0 || info.dli_fname == NULL) {
    snprintf(name, size, "unknown");
    return;
  }
  const char* file = strrchr(info.dli_fname, '/');
  file = file != NULL ? file + 1 : info.dli_fname;
  if (strncmp(file, "mca_coll_", 9) == 0) {
    const char* end = strstr(file, ".so");
    snprintf(name, size, "%.*s", end != NULL ? (int)(end - file - 9) : 32, file + 9);
  } else if (info.dli_sname != NULL && strncmp(info.dli_sname, "ompi_coll_base_", 15) == 0) {
    snprintf(name, size, "base");
  } else if (info.dli_sname != NULL && strncmp(info.dli_sname, "mca_coll_", 9) == 0) {
    const char* end = strchr(info.dli_sname + 9, '_');
    snprintf(name, size, "%.*s", end != NULL ? (int)(end - info.dli_sname - 9) : 32,
             info.dli_sname + 9);
  } else {
    snprintf(name, size, "unknown");
  }
}

static void (*coll_function(const mca_coll_base_comm_coll_t* c, enum collscope_ompi_coll coll))(void) {
  switch (coll) {
  case COLLSCOPE_OMPI_BARRIER: return (void (*)(void))c->coll_barrier;
  case COLLSCOPE_OMPI_BCAST: return (void (*)(void))c->coll_bcast;
  case COLLSCOPE_OMPI_GATHER: return (void (*)(void))c->coll_gather;
  case COLLSCOPE_OMPI_GATHERV: return (void (*)(void))c->coll_gatherv;
  case COLLSCOPE_OMPI_SCATTER: return (void (*)(void))c->coll_scatter;
  case COLLSCOPE_OMPI_SCATTERV: return (void (*)(void))c->coll_scatterv;
  case COLLSCOPE_OMPI_ALLGATHER: return (void (*)(void))c->coll_allgather;
  case COLLSCOPE_OMPI_ALLGATHERV: return (void (*)(void))c->coll_allgatherv;
  case COLLSCOPE_OMPI_ALLTOALL: return (void (*)(void))c->coll_alltoall;
  case COLLSCOPE_OMPI_ALLTOALLV: return (void (*)(void))c->coll_alltoallv;
  case COLLSCOPE_OMPI_ALLTOALLW: return (void (*)(void))c->coll_alltoallw;
  case COLLSCOPE_OMPI_REDUCE: return (void (*)(void))c->coll_reduce;
  case COLLSCOPE_OMPI_ALLREDUCE: return (void (*)(void))c->coll_allreduce;
  case COLLSCOPE_OMPI_REDUCE_SCATTER: return (void (*)(void))c->coll_reduce_scatter;
  case COLLSCOPE_OMPI_REDUCE_SCATTER_BLOCK: return (void (*)(void))c->coll_reduce_scatter_block;
  case COLLSCOPE_OMPI_SCAN: return (void (*)(void))c->coll_scan;
  case COLLSCOPE_OMPI_EXSCAN: return (void (*)(void))c->coll_exscan;
  }
  return NULL;
}

/* A small cache: the same few functions are asked about again and again. */
struct verdict {
  void (*fn)(void);
  int recorded;
  char component[24];
};
static struct verdict verdicts[32];
static size_t verdict_count;

int collscope_ompi_hook_begin(MPI_Comm comm, enum collscope_ompi_coll coll, char* component,
                              size_t size) {
  if (!usable || installed || comm == MPI_COMM_NULL || OMPI_COMM_IS_INTER(comm) ||
      comm->c_coll == NULL)
    return 0;
  void (*fn)(void) = coll_function(comm->c_coll, coll);
  const struct verdict* v = NULL;
  for (size_t i = 0; i < verdict_count && v == NULL; ++i)
    if (verdicts[i].fn == fn) v = &verdicts[i];
  struct verdict fresh = {fn, 0, {0}};
  if (v == NULL) {
    component_of(fn, fresh.component, sizeof fresh.component);
    /* tuned, basic and base send everything through the PML on comm itself; self has no
     * one to send to. sm and han bypass it or use other communicators; adapt sets its own
     * completion callbacks on the PML's requests, replacing ours. */
    fresh.recorded = strcmp(fresh.component, "tuned") == 0 ||
                     strcmp(fresh.component, "basic") == 0 ||
                     strcmp(fresh.component, "base") == 0 || strcmp(fresh.component, "self") == 0;
    if (verdict_count < sizeof verdicts / sizeof verdicts[0]) verdicts[verdict_count++] = fresh;
    v = &fresh;
  }
  snprintf(component, size, "%s", v->component);
  if (!v->recorded) return 0;
  ++generation;
  if (watch_pending == 0) watch_count = 0;
  persistent_count = 0;
  coll_comm = comm;
  installed = 1;
  mca_pml.pml_isend = hook_isend;
  mca_pml.pml_send = hook_send;
  mca_pml.pml_irecv = hook_irecv;
  mca_pml.pml_recv = hook_recv;
  mca_pml.pml_isend_init = hook_isend_init;
  mca_pml.pml_irecv_init = hook_irecv_init;
  mca_pml.pml_start = hook_start;
  ompi_request_functions.req_wait = hook_wait;
  ompi_request_functions.req_wait_all = hook_wait_all;
  ompi_request_functions.req_wait_any = hook_wait_any;
  ompi_request_functions.req_wait_some = hook_wait_some;
  ompi_request_functions.req_test = hook_test;
  ompi_request_functions.req_test_all = hook_test_all;
  ompi_request_functions.req_test_any = hook_test_any;
  ompi_request_functions.req_test_some = hook_test_some;
  return 1;
}

void collscope_ompi_hook_end(void) {
  if (!installed) return;
  ompi_request_functions = original_requests;
  /* Completions the collective never waited for (a request it freed): at its end, in the order
   * the requests were made. */
  for (size_t i = 0; i < watch_count; ++i) report((long)i);
  /* A request the collective leaves pending (it failed under MPI_ERRORS_RETURN, or freed a
   * send) gets its own callback back, so that the watch list is cleared at the next collective
   * instead of growing for the rest of the run. */
  for (size_t i = 0; i < watch_count; ++i) {
    struct watch* w = &watches[i];
    if (w->generation != generation || w->done || w->reported) continue;
    ompi_request_t* r = w->request;
    if (r->req_complete_cb == on_complete && r->req_complete_cb_data == (void*)(uintptr_t)i) {
      r->req_complete_cb = w->previous;
      r->req_complete_cb_data = w->previous_data;
      --watch_pending;
    }
    w->reported = 1;
  }
  mca_pml.pml_isend = original.pml_isend;
  mca_pml.pml_send = original.pml_send;
  mca_pml.pml_irecv = original.pml_irecv;
  mca_pml.pml_recv = original.pml_recv;
  mca_pml.pml_isend_init = original.pml_isend_init;
  mca_pml.pml_irecv_init = original.pml_irecv_init;
  mca_pml.pml_start = original.pml_start;
  installed = 0;
  coll_comm = NULL;
  persistent_count = 0;
}
