// Broken on purpose: Hillis–Steele with the distance doubling every round, as asked, but each
// round receives first and sends after (MPI_Recv, then MPI_Send). Right, one vector sent per
// round, and no reliance on buffering (rank 0 never receives, so someone always sends first);
// yet rank r's send of round k waits for its own receive of round k, which waited for rank
// r − d's send, which waited for its receive …: every round is a staircase behind rank 0, and
// the rounds add up to far more than ⌈log₂p⌉ (9 at p = 8).
#include <mpi.h>
#include <vector>

int MY_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
            MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (count == 0) return MPI_SUCCESS;
  MPI_Aint lb, ext;
  MPI_Type_get_extent(datatype, &lb, &ext);
  // start with my own value
  MPI_Sendrecv(sendbuf, count, datatype, rank, 0, recvbuf, count, datatype, rank, 0, comm,
               MPI_STATUS_IGNORE);
  std::vector<char> tmp(count * ext);
  for (int dist = 1; dist < size; dist *= 2) {
    // get the partial sum from the left first ...
    if (rank - dist >= 0)
      MPI_Recv(tmp.data(), count, datatype, rank - dist, 0, comm, MPI_STATUS_IGNORE);
    // ... then pass mine (still without theirs) to the right
    if (rank + dist < size) MPI_Send(recvbuf, count, datatype, rank + dist, 0, comm);
    if (rank - dist >= 0) MPI_Reduce_local(tmp.data(), recvbuf, count, datatype, op);
  }
  return MPI_SUCCESS;
}
