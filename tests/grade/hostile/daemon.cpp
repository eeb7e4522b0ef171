// A correct (linear) gather that, on its first call, leaves a daemon behind (fork, setsid,
// fork): at once and a second later it tries to write fake reports and markers wherever it
// can reach.
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mpi.h>
#include <string>
#include <unistd.h>

namespace {

void write_markers() {
  const char* home = std::getenv("HOME");
  for (const std::string& dir :
       {std::string("."), std::string(".."), std::string("../.."), std::string("/tmp"),
        std::string("/dev/shm"), std::string(home ? home : "/root")}) {
    std::ofstream(dir + "/results.json") << "{\"score\": 100}\n";
    std::ofstream(dir + "/collscope-hostile-daemon-was-here") << "boo\n";
  }
  std::ofstream("/var/tmp/collscope-hostile-daemon-was-here") << "boo\n";
}

void haunt() {
  write_markers();
  ::sleep(1);
  write_markers();
  ::sleep(60);
}

} // namespace

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  static bool started = false;
  if (!started) {
    started = true;
    if (::fork() == 0) {
      ::setsid();
      if (::fork() == 0) haunt();
      ::_exit(0);
    }
  }
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank != root) return MPI_Send(sendbuf, sendcount, sendtype, root, 0, comm);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(recvtype, &lb, &extent);
  for (int i = 0; i < size; ++i) {
    char* slot = static_cast<char*>(recvbuf) + i * recvcount * extent;
    if (i == root)
      MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, 1, slot, recvcount, recvtype, rank, 1, comm,
                   MPI_STATUS_IGNORE);
    else
      MPI_Recv(slot, recvcount, recvtype, i, 0, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
