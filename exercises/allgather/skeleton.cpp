// MY_Allgather: your implementation (see task.md). Keep the signature exactly as it is; add
// helper functions as you like (static, or in an anonymous namespace). Use point-to-point
// communication only. collscope-grade supplies main().
#include <mpi.h>

int MY_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // TODO: every rank ends with all blocks (recvcount elements of recvtype each) in rank order
  // in recvbuf, in ⌈log₂ size⌉ rounds for every size.
  (void)sendbuf;
  (void)sendcount;
  (void)sendtype;
  (void)recvbuf;
  (void)recvcount;
  (void)recvtype;
  return MPI_SUCCESS;
}
