// Broken on purpose: Bruck's all-to-all whose two rotations step through the buffers by the
// datatype's size (MPI_Type_size) instead of its extent. Right for MPI_INT, where both are 4
// bytes; with MPI_Type_vector(2,1,2,MPI_INT) (size 8 B, extent 12 B) every block but the first
// starts inside the one before it, so every case with the vector type fails, and only those.
#include <mpi.h>
#include <vector>

static MPI_Datatype make_blocks(const std::vector<int>& idx, int count, MPI_Datatype type) {
  std::vector<int> displs;
  for (int i : idx) displs.push_back(i * count);
  MPI_Datatype t;
  MPI_Type_create_indexed_block((int)idx.size(), count, displs.data(), type, &t);
  MPI_Type_commit(&t);
  return t;
}

int MY_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank, p;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (recvcount == 0) return MPI_SUCCESS;
  int size;
  MPI_Type_size(recvtype, &size); // bytes of one element
  MPI_Aint lb, extent;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  std::vector<char> tmp((size_t)p * recvcount * extent);
  const long block = (long)recvcount * size; // bytes of one block (?)

  // rotate: tmp block i = my block for rank + i
  for (int i = 0; i < p; i++) {
    const char* from = (const char*)sendbuf + ((rank + i) % p) * block;
    MPI_Sendrecv(from, sendcount, sendtype, rank, 1, tmp.data() + i * block, recvcount, recvtype,
                 rank, 1, comm, MPI_STATUS_IGNORE);
  }
  // round k: blocks with bit k set go to rank + 2^k
  for (int d = 1; d < p; d *= 2) {
    std::vector<int> moving;
    for (int i = 1; i < p; i++)
      if (i & d) moving.push_back(i);
    MPI_Datatype t = make_blocks(moving, recvcount, recvtype);
    MPI_Sendrecv_replace(tmp.data(), 1, t, (rank + d) % p, 2, (rank - d + p) % p, 2, comm,
                         MPI_STATUS_IGNORE);
    MPI_Type_free(&t);
  }
  // rotate back: tmp block i came from rank - i
  for (int i = 0; i < p; i++) {
    char* to = (char*)recvbuf + ((rank - i + p) % p) * block;
    MPI_Sendrecv(tmp.data() + i * block, recvcount, recvtype, rank, 3, to, recvcount, recvtype,
                 rank, 3, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
