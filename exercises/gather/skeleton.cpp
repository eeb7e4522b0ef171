// MY_Gather: your implementation (see task.md). Keep the signature exactly as it is; add
// helper functions as you like (make them static or put them in an anonymous namespace).
// Use point-to-point communication only. collscope-grade supplies main().
#include <mpi.h>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // TODO: gather every rank's block (sendcount elements of sendtype) into recvbuf at the
  // root, in rank order, in ⌈log₂ size⌉ rounds.
  (void)sendbuf;
  (void)sendcount;
  (void)sendtype;
  (void)recvbuf;
  (void)recvcount;
  (void)recvtype;
  (void)root;
  return MPI_SUCCESS;
}
