// MY_Alltoall: your implementation (see task.md). Keep the signature exactly as it is; add
// helper functions as you like (static, or in an anonymous namespace). Use point-to-point
// communication only. collscope-grade supplies main().
#include <mpi.h>

int MY_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // TODO: block j of every rank's sendbuf goes to rank j; block i of recvbuf comes from
  // rank i. ⌈log₂ size⌉ rounds, at most ⌊size/2⌋ blocks per message (Bruck).
  (void)sendbuf;
  (void)sendcount;
  (void)sendtype;
  (void)recvbuf;
  (void)recvcount;
  (void)recvtype;
  return MPI_SUCCESS;
}
