/* collscope annotation API: lets an algorithm tell the tracer what it is doing.
 *
 * The calls become OTF2 records as described in tracer/README.md: regions and rounds are
 * USER regions ("algorithm gather/binomial", "phase data", "round 3"), blocks() become
 * attributes of the next send, meta() becomes string attributes on the Enter of the
 * current "algorithm ..." region.
 *
 * Programs that do not link libcollscope-trace see these functions as weak symbols: their
 * address is null unless the library is linked or LD_PRELOADed. C callers therefore test
 * the function before calling it (`if (collscope_trace_round_begin) ...`); the C++ header
 * <collscope/annotate.hpp> does that for you. With the library present but COLLSCOPE_TRACE
 * unset, every call returns at once. */
#ifndef COLLSCOPE_ANNOTATE_H
#define COLLSCOPE_ANNOTATE_H

#ifdef COLLSCOPE_TRACE_BUILDING
#define COLLSCOPE_TRACE_API __attribute__((visibility("default")))
#else
#define COLLSCOPE_TRACE_API __attribute__((weak))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* name: "algorithm <collective>/<name>", "phase <name>", ... */
COLLSCOPE_TRACE_API void collscope_trace_region_begin(const char* name);
COLLSCOPE_TRACE_API void collscope_trace_region_end(const char* name);
COLLSCOPE_TRACE_API void collscope_trace_round_begin(int k);
COLLSCOPE_TRACE_API void collscope_trace_round_end(int k);
/* The next send carries the blocks of origins first, first+1, ... (mod comm size),
 * elements [element_begin, element_begin + element_count) of each origin's block. */
COLLSCOPE_TRACE_API void collscope_trace_blocks(int origin_first, int origin_count,
                                                long long element_begin, long long element_count);
/* key/value metadata of the innermost open "algorithm ..." region. */
COLLSCOPE_TRACE_API void collscope_trace_meta(const char* key, const char* value);
/* Called right after region_begin, before the region's first meta(): `signature` is the
 * caller's digest of the n meta() pairs it is about to give. Returns non-zero when the
 * previous recorded Enter of this region name was given those n pairs under the same
 * signature: they are then recorded for this Enter too, and the caller skips its n meta()
 * calls. Returns 0 otherwise (the caller makes them, and they are remembered). */
COLLSCOPE_TRACE_API int collscope_trace_meta_repeat(unsigned long long signature, int n);
/* The communicator the innermost open "algorithm ..." region runs on, given as
 * MPI_Comm_c2f(comm) (the header needs no mpi.h): recorded as the metadata pair
 * comm = <its OTF2 Comm id>, so that a reader matches the region with the same communicator's
 * regions on the other ranks, in that communicator's own sequence (tracer/README.md). */
COLLSCOPE_TRACE_API void collscope_trace_region_comm(int fortran_comm);
COLLSCOPE_TRACE_API void collscope_trace_pause(void);
COLLSCOPE_TRACE_API void collscope_trace_resume(void);
/* Non-zero while records are being written (tracing on and not paused). */
COLLSCOPE_TRACE_API int collscope_trace_active(void);
/* Called by every rank before MPI_Finalize: the run leaves no trace (a run refused on its
 * arguments recorded nothing worth reading). Recording stops; in MPI_Finalize the ranks agree
 * and nothing is written (DIR.partial is removed; an older DIR went at MPI_Init). If some
 * ranks do not call it, the trace is written as usual. */
COLLSCOPE_TRACE_API void collscope_trace_discard(void);

#ifdef __cplusplus
}
#endif

#endif /* COLLSCOPE_ANNOTATE_H */
