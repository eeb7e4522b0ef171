// The rootless collectives. Sizes: allreduce, scan and exscan the whole vector; allgather and
// alltoall one block; reduce_scatter_block one rank's block; reduce_scatter and allgatherv
// all blocks together (every rank knows the counts); alltoallv takes one algorithm for every
// size (each rank knows only its own counts).
#include "collscope/algorithms/checks.hpp"
#include "export.hpp"
#include "route.hpp"

using namespace collscope;
using namespace collscope::tune;

namespace {

std::int64_t total_bytes(const int* counts, MPI_Datatype type, MPI_Comm comm) {
  int p = 0;
  if (counts == nullptr || comm == MPI_COMM_NULL || PMPI_Comm_size(comm, &p) != MPI_SUCCESS)
    return 0;
  std::int64_t total = 0;
  for (int i = 0; i < p; ++i) total += bytes_of(counts[i], type);
  return total;
}

// MPI_Scan and MPI_Exscan: the same arguments and checks; an exscan algorithm is bound to
// Algorithm::scan like a scan one.
template <class Native>
int route_prefix_sum(Collective collective, const Native& native, const void* sendbuf,
                     void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  return route(
      {.collective = collective,
       .bytes = bytes_of(count, datatype),
       .comm = comm,
       .datatype = datatype,
       .op = op},
      [&] { return collscope::check_allreduce(sendbuf, recvbuf, count, datatype, op, comm); },
      [&](const Algorithm& a) { return a.scan(sendbuf, recvbuf, count, datatype, op, comm); },
      [&] { return native(sendbuf, recvbuf, count, datatype, op, comm); });
}

} // namespace

COLLSCOPE_TUNE_EXPORT int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                        void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                        MPI_Comm comm) {
  static const auto native = next("MPI_Allgather", &PMPI_Allgather);
  return route(
      {.collective = Collective::allgather,
       .bytes = bytes_of(recvcount, recvtype),
       .comm = comm,
       .element = recvtype},
      [&] {
        return collscope::check_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                          recvtype, comm);
      },
      [&](const Algorithm& a) {
        return a.allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
      },
      [&] { return native(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm); });
}

COLLSCOPE_TUNE_EXPORT int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                       void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                       MPI_Comm comm) {
  static const auto native = next("MPI_Alltoall", &PMPI_Alltoall);
  return route(
      {.collective = Collective::alltoall,
       .bytes = bytes_of(recvcount, recvtype),
       .comm = comm,
       .element = recvtype},
      [&] {
        return collscope::check_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                         comm);
      },
      [&](const Algorithm& a) {
        return a.alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
      },
      [&] { return native(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm); });
}

COLLSCOPE_TUNE_EXPORT int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                         void* recvbuf, const int recvcounts[], const int displs[],
                                         MPI_Datatype recvtype, MPI_Comm comm) {
  static const auto native = next("MPI_Allgatherv", &PMPI_Allgatherv);
  return route(
      {.collective = Collective::allgatherv,
       .bytes = total_bytes(recvcounts, recvtype, comm),
       .comm = comm},
      [&] {
        return collscope::check_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                           displs, recvtype, comm);
      },
      [&](const Algorithm& a) {
        return a.allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            comm);
      },
      [&] {
        return native(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
      });
}

COLLSCOPE_TUNE_EXPORT int MPI_Alltoallv(const void* sendbuf, const int sendcounts[],
                                        const int sdispls[], MPI_Datatype sendtype, void* recvbuf,
                                        const int recvcounts[], const int rdispls[],
                                        MPI_Datatype recvtype, MPI_Comm comm) {
  static const auto native = next("MPI_Alltoallv", &PMPI_Alltoallv);
  return route(
      {.collective = Collective::alltoallv, .comm = comm},
      [&] {
        return collscope::check_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                                          recvcounts, rdispls, recvtype, comm);
      },
      [&](const Algorithm& a) {
        return a.alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                           recvtype, comm);
      },
      [&] {
        return native(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                      recvtype, comm);
      });
}

COLLSCOPE_TUNE_EXPORT int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  static const auto native = next("MPI_Allreduce", &PMPI_Allreduce);
  return route(
      {.collective = Collective::allreduce,
       .bytes = bytes_of(count, datatype),
       .comm = comm,
       .datatype = datatype,
       .op = op},
      [&] { return collscope::check_allreduce(sendbuf, recvbuf, count, datatype, op, comm); },
      [&](const Algorithm& a) { return a.allreduce(sendbuf, recvbuf, count, datatype, op, comm); },
      [&] { return native(sendbuf, recvbuf, count, datatype, op, comm); });
}

COLLSCOPE_TUNE_EXPORT int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf,
                                                   int recvcount, MPI_Datatype datatype, MPI_Op op,
                                                   MPI_Comm comm) {
  static const auto native = next("MPI_Reduce_scatter_block", &PMPI_Reduce_scatter_block);
  return route(
      {.collective = Collective::reduce_scatter_block,
       .bytes = bytes_of(recvcount, datatype),
       .comm = comm,
       .datatype = datatype,
       .op = op},
      [&] {
        return collscope::check_reduce_scatter(sendbuf, recvbuf, nullptr, recvcount, datatype, op,
                                               comm);
      },
      [&](const Algorithm& a) {
        return a.reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
      },
      [&] { return native(sendbuf, recvbuf, recvcount, datatype, op, comm); });
}

COLLSCOPE_TUNE_EXPORT int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf,
                                             const int recvcounts[], MPI_Datatype datatype,
                                             MPI_Op op, MPI_Comm comm) {
  static const auto native = next("MPI_Reduce_scatter", &PMPI_Reduce_scatter);
  return route(
      {.collective = Collective::reduce_scatter,
       .bytes = total_bytes(recvcounts, datatype, comm),
       .comm = comm,
       .datatype = datatype,
       .op = op},
      [&] {
        return collscope::check_reduce_scatter(sendbuf, recvbuf, recvcounts, 0, datatype, op, comm);
      },
      [&](const Algorithm& a) {
        return a.reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
      },
      [&] { return native(sendbuf, recvbuf, recvcounts, datatype, op, comm); });
}

COLLSCOPE_TUNE_EXPORT int MPI_Scan(const void* sendbuf, void* recvbuf, int count,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  static const auto native = next("MPI_Scan", &PMPI_Scan);
  return route_prefix_sum(Collective::scan, native, sendbuf, recvbuf, count, datatype, op, comm);
}

COLLSCOPE_TUNE_EXPORT int MPI_Exscan(const void* sendbuf, void* recvbuf, int count,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  static const auto native = next("MPI_Exscan", &PMPI_Exscan);
  return route_prefix_sum(Collective::exscan, native, sendbuf, recvbuf, count, datatype, op, comm);
}
