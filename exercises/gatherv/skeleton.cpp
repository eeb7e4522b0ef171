// MY_Gatherv: your linear-time irregular gather (see task.md). Keep the signature exactly as
// it is; add helper functions as you like (static, or in an anonymous namespace). Use
// point-to-point communication only. collscope-grade supplies main().
#include <mpi.h>

int MY_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
               MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // TODO: build Träff's gather tree from the block sizes (each rank knows only its own:
  // sendcount, or recvcounts[root] at the root) in at most 2⌈log₂p⌉ rounds of constant-size
  // messages, then gather along it: every rank sends its cube's data to its parent once, the
  // root puts rank i's recvcounts[i] elements at displs[i].
  (void)sendbuf;
  (void)sendcount;
  (void)sendtype;
  (void)recvbuf;
  (void)recvcounts;
  (void)displs;
  (void)recvtype;
  (void)root;
  return MPI_SUCCESS;
}
