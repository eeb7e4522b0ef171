// The public face of common/contract.hpp's checks (the algorithms' own entry runs those).
#include "collscope/algorithms/checks.hpp"

#include "common/contract.hpp"

namespace collscope {

int check_gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return detail::check_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                              comm);
}

int check_scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return detail::check_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                               comm);
}

int check_bcast(const void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  return detail::check_bcast(buffer, count, datatype, root, comm);
}

int check_reduce(const void* sendbuf, const void* recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm) {
  return detail::check_reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}

int check_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  return detail::check_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int check_gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                  const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                  MPI_Comm comm) {
  return detail::check_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                               root, comm);
}

int check_scatterv(const void* sendbuf, const int* sendcounts, const int* displs,
                   MPI_Datatype sendtype, const void* recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm) {
  return detail::check_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                                root, comm);
}

int check_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                     const int* recvcounts, const int* displs, MPI_Datatype recvtype,
                     MPI_Comm comm) {
  return detail::check_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                  recvtype, comm);
}

int check_allreduce(const void* sendbuf, const void* recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm) {
  return detail::check_allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int check_reduce_scatter(const void* sendbuf, const void* recvbuf, const int* recvcounts, int count,
                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  return detail::check_reduce_scatter(sendbuf, recvbuf, recvcounts, count, datatype, op, comm);
}

int check_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  return detail::check_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int check_alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls,
                    MPI_Datatype sendtype, const void* recvbuf, const int* recvcounts,
                    const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm) {
  return detail::check_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                 rdispls, recvtype, comm);
}

} // namespace collscope
