// Test submission: allocates (and touches) memory until the allocation fails.
#include <cstring>
#include <mpi.h>
#include <new>
#include <vector>

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  std::vector<char*> hoard;
  for (;;) {
    char* chunk = new char[64 << 20];
    std::memset(chunk, 1, 64 << 20);
    hoard.push_back(chunk);
    if (hoard.size() > 1000000) break;
  }
  return MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
