/* The recorder's view of Open MPI's point-to-point layer (PML): what pml_hook.c offers and
 * what it calls back. Plain C, no Open MPI header, so the C++ recorder never includes Open
 * MPI's internals; everything that depends on them is in this folder. */
#ifndef COLLSCOPE_OMPI_PML_HOOK_H
#define COLLSCOPE_OMPI_PML_HOOK_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The blocking collectives, in this order (the C++ side maps its regions onto them). */
enum collscope_ompi_coll {
  COLLSCOPE_OMPI_BARRIER, COLLSCOPE_OMPI_BCAST, COLLSCOPE_OMPI_GATHER, COLLSCOPE_OMPI_GATHERV,
  COLLSCOPE_OMPI_SCATTER, COLLSCOPE_OMPI_SCATTERV, COLLSCOPE_OMPI_ALLGATHER,
  COLLSCOPE_OMPI_ALLGATHERV, COLLSCOPE_OMPI_ALLTOALL, COLLSCOPE_OMPI_ALLTOALLV,
  COLLSCOPE_OMPI_ALLTOALLW, COLLSCOPE_OMPI_REDUCE, COLLSCOPE_OMPI_ALLREDUCE,
  COLLSCOPE_OMPI_REDUCE_SCATTER, COLLSCOPE_OMPI_REDUCE_SCATTER_BLOCK, COLLSCOPE_OMPI_SCAN,
  COLLSCOPE_OMPI_EXSCAN
};

/* After MPI_Init: whether the hook can record on the running library. On 1, `what` says
 * which library and PML ("Open MPI 4.1.4, pml ob1"); on 0, why not. Never touches the
 * PML when it answers 0. */
int collscope_ompi_hook_check(char* what, size_t size);

/* Around one blocking native collective on comm: begin answers 1 and installs the hook when
 * the component that runs this collective on comm sends through the PML (tuned, basic, …);
 * else 0, with the component's name in `component`. end removes the hook. */
int collscope_ompi_hook_begin(MPI_Comm comm, enum collscope_ompi_coll coll, char* component,
                              size_t size);
void collscope_ompi_hook_end(void);

/* Implemented by the recorder (native_inside.cpp). Peers are ranks of the collective's
 * communicator; times come from collscope_pml_now. */
uint64_t collscope_pml_now(void);
/* A blocking send (is_send) or receive: one message event. */
void collscope_pml_blocking(int is_send, uint64_t time, int peer, int tag, uint64_t bytes);
/* A nonblocking send or receive posted: returns its request id. */
uint64_t collscope_pml_post(int is_send, uint64_t time, int peer, int tag, uint64_t bytes);
/* … and completed now (for a receive, with what its status says). */
void collscope_pml_complete(int is_send, uint64_t id, int peer, int tag, uint64_t bytes);

#ifdef __cplusplus
}
#endif

#endif
