// Broken on purpose: Hillis–Steele with the operands of each step swapped (mine ⊕ theirs):
// right for MPI_SUM, wrong for the non-commutative op.
#include <mpi.h>
#include <vector>

int MY_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
            MPI_Comm comm) {
  constexpr int tag = 4730;
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (count == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(datatype, &lb, &extent);
  // My operand into recvbuf: a typed copy to myself.
  MPI_Sendrecv(sendbuf, count, datatype, rank, tag, recvbuf, count, datatype, rank, tag, comm,
               MPI_STATUS_IGNORE);
  std::vector<char> theirs(static_cast<std::size_t>(count) * static_cast<std::size_t>(extent));
  for (int d = 1; d < p; d *= 2) {
    const int to = rank + d < p ? rank + d : MPI_PROC_NULL;
    const int from = rank - d >= 0 ? rank - d : MPI_PROC_NULL;
    MPI_Sendrecv(recvbuf, count, datatype, to, tag, theirs.data(), count, datatype, from, tag, comm,
                 MPI_STATUS_IGNORE);
    if (from != MPI_PROC_NULL) {
      // Wrong on purpose: mine ⊕ theirs, the lower ranks' operand on the right.
      MPI_Reduce_local(recvbuf, theirs.data(), count, datatype, op);
      MPI_Sendrecv(theirs.data(), count, datatype, rank, tag, recvbuf, count, datatype, rank, tag,
                   comm, MPI_STATUS_IGNORE);
    }
  }
  return MPI_SUCCESS;
}
