// PMPI wrappers of the neighbourhood collectives, blocking and nonblocking. OTF2 has no
// operation for them: MpiCollectiveEnd says ALLGATHERV (Neighbor_allgather[v]) or ALLTOALLV
// (Neighbor_alltoall[v|w]) and the region's name says which call it was. Volumes are what this
// rank's buffers send to its out-neighbours and receive from its in-neighbours.
#include "collective.hpp"

namespace rec = collscope::rec;
using rec::MpiRegion;
using rec::sum_bytes;
using rec::Volume;

namespace {

struct Degrees {
  int in = 0;
  int out = 0;
};

Degrees degrees(MPI_Comm comm) {
  int topology = MPI_UNDEFINED;
  PMPI_Topo_test(comm, &topology);
  Degrees d;
  if (topology == MPI_CART) {
    int ndims = 0;
    PMPI_Cartdim_get(comm, &ndims);
    d = {2 * ndims, 2 * ndims};
  } else if (topology == MPI_GRAPH) {
    int rank = 0;
    int n = 0;
    PMPI_Comm_rank(comm, &rank);
    PMPI_Graph_neighbors_count(comm, rank, &n);
    d = {n, n};
  } else if (topology == MPI_DIST_GRAPH) {
    int weighted = 0;
    PMPI_Dist_graph_neighbors_count(comm, &d.in, &d.out, &weighted);
  }
  return d;
}

std::uint64_t times(int n, std::uint64_t bytes) {
  return static_cast<std::uint64_t>(n) * bytes;
}

template <class Call>
int allgather(MpiRegion region, MPI_Request* request, int sendcount, MPI_Datatype sendtype,
              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, Call&& call) {
  const Degrees d = degrees(comm);
  const Volume v{times(d.out, rec::type_bytes(sendcount, sendtype)),
                 times(d.in, rec::type_bytes(recvcount, recvtype))};
  return rec::collective(region, rec::state.comms.find(comm), -1, v, request, call);
}

template <class Call>
int allgatherv(MpiRegion region, MPI_Request* request, int sendcount, MPI_Datatype sendtype,
               const int recvcounts[], MPI_Datatype recvtype, MPI_Comm comm, Call&& call) {
  const Degrees d = degrees(comm);
  const Volume v{times(d.out, rec::type_bytes(sendcount, sendtype)),
                 sum_bytes(d.in, recvcounts, recvtype)};
  return rec::collective(region, rec::state.comms.find(comm), -1, v, request, call);
}

template <class Call>
int alltoallv(MpiRegion region, MPI_Request* request, const int sendcounts[], MPI_Datatype sendtype,
              const int recvcounts[], MPI_Datatype recvtype, MPI_Comm comm, Call&& call) {
  const Degrees d = degrees(comm);
  const Volume v{sum_bytes(d.out, sendcounts, sendtype), sum_bytes(d.in, recvcounts, recvtype)};
  return rec::collective(region, rec::state.comms.find(comm), -1, v, request, call);
}

template <class Call>
int alltoallw(MpiRegion region, MPI_Request* request, const int sendcounts[],
              const MPI_Datatype sendtypes[], const int recvcounts[],
              const MPI_Datatype recvtypes[], MPI_Comm comm, Call&& call) {
  const Degrees d = degrees(comm);
  Volume v;
  for (int i = 0; i < d.out; ++i) v.sent += rec::type_bytes(sendcounts[i], sendtypes[i]);
  for (int i = 0; i < d.in; ++i) v.received += rec::type_bytes(recvcounts[i], recvtypes[i]);
  return rec::collective(region, rec::state.comms.find(comm), -1, v, request, call);
}

} // namespace

extern "C" {

int MPI_Neighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                   comm);
  return allgather(MpiRegion::Neighbor_allgather, nullptr, sendcount, sendtype, recvcount, recvtype,
                   comm, [&] {
                     return PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf,
                                                    recvcount, recvtype, comm);
                   });
}

int MPI_Ineighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                    comm, request);
  return allgather(MpiRegion::Ineighbor_allgather, request, sendcount, sendtype, recvcount,
                   recvtype, comm, [&] {
                     return PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf,
                                                     recvcount, recvtype, comm, request);
                   });
}

int MPI_Neighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                    recvtype, comm);
  return allgatherv(MpiRegion::Neighbor_allgatherv, nullptr, sendcount, sendtype, recvcounts,
                    recvtype, comm, [&] {
                      return PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf,
                                                      recvcounts, displs, recvtype, comm);
                    });
}

int MPI_Ineighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, comm, request);
  return allgatherv(MpiRegion::Ineighbor_allgatherv, request, sendcount, sendtype, recvcounts,
                    recvtype, comm, [&] {
                      return PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf,
                                                       recvcounts, displs, recvtype, comm, request);
                    });
}

int MPI_Neighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  // Same volume rule as the allgather: one block per neighbour each way.
  return allgather(MpiRegion::Neighbor_alltoall, nullptr, sendcount, sendtype, recvcount, recvtype,
                   comm, [&] {
                     return PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                                   recvtype, comm);
                   });
}

int MPI_Ineighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                   request);
  return allgather(MpiRegion::Ineighbor_alltoall, request, sendcount, sendtype, recvcount, recvtype,
                   comm, [&] {
                     return PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf,
                                                    recvcount, recvtype, comm, request);
                   });
}

int MPI_Neighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                   rdispls, recvtype, comm);
  return alltoallv(MpiRegion::Neighbor_alltoallv, nullptr, sendcounts, sendtype, recvcounts,
                   recvtype, comm, [&] {
                     return PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                                                    recvcounts, rdispls, recvtype, comm);
                   });
}

int MPI_Ineighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                    rdispls, recvtype, comm, request);
  return alltoallv(MpiRegion::Ineighbor_alltoallv, request, sendcounts, sendtype, recvcounts,
                   recvtype, comm, [&] {
                     return PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype,
                                                     recvbuf, recvcounts, rdispls, recvtype, comm,
                                                     request);
                   });
}

int MPI_Neighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                           MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                                   rdispls, recvtypes, comm);
  return alltoallw(MpiRegion::Neighbor_alltoallw, nullptr, sendcounts, sendtypes, recvcounts,
                   recvtypes, comm, [&] {
                     return PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes,
                                                    recvbuf, recvcounts, rdispls, recvtypes, comm);
                   });
}

int MPI_Ineighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                                    rdispls, recvtypes, comm, request);
  return alltoallw(MpiRegion::Ineighbor_alltoallw, request, sendcounts, sendtypes, recvcounts,
                   recvtypes, comm, [&] {
                     return PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes,
                                                     recvbuf, recvcounts, rdispls, recvtypes, comm,
                                                     request);
                   });
}

} // extern "C"
