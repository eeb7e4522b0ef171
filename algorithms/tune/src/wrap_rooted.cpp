// The rooted collectives: MPI_Bcast, MPI_Reduce, MPI_Gather, MPI_Scatter, MPI_Gatherv,
// MPI_Scatterv. Sizes: bcast and reduce the whole vector, gather and scatter one rank's
// block (the same on every rank by MPI's type matching); gatherv and scatterv take one
// algorithm for every size (only the root knows the blocks).
#include "collscope/algorithms/checks.hpp"
#include "export.hpp"
#include "route.hpp"

using namespace collscope;
using namespace collscope::tune;

namespace {

bool at_root(int root, MPI_Comm comm) {
  int rank = -1;
  return comm != MPI_COMM_NULL && PMPI_Comm_rank(comm, &rank) == MPI_SUCCESS && rank == root;
}

} // namespace

COLLSCOPE_TUNE_EXPORT int MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root,
                                    MPI_Comm comm) {
  static const auto native = next("MPI_Bcast", &PMPI_Bcast);
  return route(
      {.collective = Collective::bcast,
       .bytes = bytes_of(count, datatype),
       .comm = comm,
       .root = root,
       .element = datatype},
      [&] { return collscope::check_bcast(buffer, count, datatype, root, comm); },
      [&](const Algorithm& a) { return a.bcast(buffer, count, datatype, root, comm); },
      [&] { return native(buffer, count, datatype, root, comm); });
}

COLLSCOPE_TUNE_EXPORT int MPI_Reduce(const void* sendbuf, void* recvbuf, int count,
                                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm) {
  static const auto native = next("MPI_Reduce", &PMPI_Reduce);
  return route(
      {.collective = Collective::reduce,
       .bytes = bytes_of(count, datatype),
       .comm = comm,
       .root = root,
       .datatype = datatype,
       .op = op},
      [&] { return collscope::check_reduce(sendbuf, recvbuf, count, datatype, op, root, comm); },
      [&](const Algorithm& a) {
        return a.reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
      },
      [&] { return native(sendbuf, recvbuf, count, datatype, op, root, comm); });
}

COLLSCOPE_TUNE_EXPORT int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                     void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                     MPI_Comm comm) {
  static const auto native = next("MPI_Gather", &PMPI_Gather);
  const bool whole = sendbuf == MPI_IN_PLACE && at_root(root, comm);
  return route(
      {.collective = Collective::gather,
       .bytes = whole ? bytes_of(recvcount, recvtype) : bytes_of(sendcount, sendtype),
       .comm = comm,
       .root = root,
       .element = whole ? recvtype : sendtype},
      [&] {
        return collscope::check_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                       root, comm);
      },
      [&](const Algorithm& a) {
        return a.rooted(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
      },
      [&] {
        return native(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
      });
}

COLLSCOPE_TUNE_EXPORT int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                      void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                      MPI_Comm comm) {
  static const auto native = next("MPI_Scatter", &PMPI_Scatter);
  const bool whole = recvbuf == MPI_IN_PLACE && at_root(root, comm);
  return route(
      {.collective = Collective::scatter,
       .bytes = whole ? bytes_of(sendcount, sendtype) : bytes_of(recvcount, recvtype),
       .comm = comm,
       .root = root,
       .element = whole ? sendtype : recvtype},
      [&] {
        return collscope::check_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                        root, comm);
      },
      [&](const Algorithm& a) {
        return a.rooted(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
      },
      [&] {
        return native(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
      });
}

COLLSCOPE_TUNE_EXPORT int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                      void* recvbuf, const int recvcounts[], const int displs[],
                                      MPI_Datatype recvtype, int root, MPI_Comm comm) {
  static const auto native = next("MPI_Gatherv", &PMPI_Gatherv);
  return route(
      {.collective = Collective::gatherv, .comm = comm, .root = root},
      [&] {
        return collscope::check_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                        recvtype, root, comm);
      },
      [&](const Algorithm& a) {
        return a.gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                         comm);
      },
      [&] {
        return native(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                      comm);
      });
}

COLLSCOPE_TUNE_EXPORT int MPI_Scatterv(const void* sendbuf, const int sendcounts[],
                                       const int displs[], MPI_Datatype sendtype, void* recvbuf,
                                       int recvcount, MPI_Datatype recvtype, int root,
                                       MPI_Comm comm) {
  static const auto native = next("MPI_Scatterv", &PMPI_Scatterv);
  return route(
      {.collective = Collective::scatterv, .comm = comm, .root = root},
      [&] {
        return collscope::check_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                         recvtype, root, comm);
      },
      [&](const Algorithm& a) {
        return a.scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                          comm);
      },
      [&] {
        return native(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                      comm);
      });
}
