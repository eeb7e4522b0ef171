// PMPI wrappers of the blocking collectives and their nonblocking twins (MPI_Ibcast, …), which
// share one volume rule each (collective.hpp): the bytes this rank's own buffers send and
// receive. Arguments that MPI declares significant only at the root are not read elsewhere,
// and MPI_IN_PLACE arguments are never read, since they may be garbage.
#include "collective.hpp"

namespace rec = collscope::rec;
using rec::in_place;
using rec::is_root;
using rec::MpiRegion;
using rec::sum_bytes;
using rec::Volume;

namespace {

// Each rule takes its call's whole MPI signature, so both twins pass their arguments alike;
// buffers and displacements only matter to the call itself.
#pragma GCC diagnostic ignored "-Wunused-parameter"

template <class Call>
int barrier(MpiRegion region, MPI_Request* request, MPI_Comm comm, Call&& call) {
  return rec::collective(region, rec::state.comms.find(comm), -1, {}, request, call);
}

template <class Call>
int bcast(MpiRegion region, MPI_Request* request, void* buf, int count, MPI_Datatype type, int root,
          MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  Volume v = is_root(c, root)        ? Volume{bytes, 0}
             : root == MPI_PROC_NULL ? Volume{}
                                     : Volume{0, bytes};
  v.elements = count > 0 ? static_cast<std::uint64_t>(count) : 0;
  return rec::collective(region, c, root, v, request, call);
}

template <class Call>
int gather(MpiRegion region, MPI_Request* request, const void* sendbuf, int sendcount,
           MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
           MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  Volume v;
  if (root == MPI_PROC_NULL) {
    // an intercommunicator's root group member that takes no part: nothing moves
  } else if (is_root(c, root)) {
    const std::uint64_t block = rec::type_bytes(recvcount, recvtype);
    v = {in_place(sendbuf) ? block : rec::type_bytes(sendcount, sendtype),
         block * static_cast<std::uint64_t>(c.size)};
  } else {
    v.sent = rec::type_bytes(sendcount, sendtype);
  }
  return rec::collective(region, c, root, v, request, call);
}

template <class Call>
int gatherv(MpiRegion region, MPI_Request* request, const void* sendbuf, int sendcount,
            MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int displs[],
            MPI_Datatype recvtype, int root, MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  Volume v;
  if (root == MPI_PROC_NULL) {
    // an intercommunicator's root group member that takes no part: nothing moves
  } else if (is_root(c, root)) {
    v.received = sum_bytes(c.size, recvcounts, recvtype);
    v.sent = in_place(sendbuf) ? rec::type_bytes(recvcounts[root], recvtype)
                               : rec::type_bytes(sendcount, sendtype);
  } else {
    v.sent = rec::type_bytes(sendcount, sendtype);
  }
  return rec::collective(region, c, root, v, request, call);
}

template <class Call>
int scatter(MpiRegion region, MPI_Request* request, const void* sendbuf, int sendcount,
            MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
            MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  Volume v;
  if (root == MPI_PROC_NULL) {
    // an intercommunicator's root group member that takes no part: nothing moves
  } else if (is_root(c, root)) {
    const std::uint64_t block = rec::type_bytes(sendcount, sendtype);
    v = {block * static_cast<std::uint64_t>(c.size),
         in_place(recvbuf) ? block : rec::type_bytes(recvcount, recvtype)};
  } else {
    v.received = rec::type_bytes(recvcount, recvtype);
  }
  return rec::collective(region, c, root, v, request, call);
}

template <class Call>
int scatterv(MpiRegion region, MPI_Request* request, const void* sendbuf, const int sendcounts[],
             const int displs[], MPI_Datatype sendtype, void* recvbuf, int recvcount,
             MPI_Datatype recvtype, int root, MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  Volume v;
  if (root == MPI_PROC_NULL) {
    // an intercommunicator's root group member that takes no part: nothing moves
  } else if (is_root(c, root)) {
    v.sent = sum_bytes(c.size, sendcounts, sendtype);
    v.received = in_place(recvbuf) ? rec::type_bytes(sendcounts[root], sendtype)
                                   : rec::type_bytes(recvcount, recvtype);
  } else {
    v.received = rec::type_bytes(recvcount, recvtype);
  }
  return rec::collective(region, c, root, v, request, call);
}

template <class Call>
int allgather(MpiRegion region, MPI_Request* request, const void* sendbuf, int sendcount,
              MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t block = rec::type_bytes(recvcount, recvtype);
  const Volume v{in_place(sendbuf) ? block : rec::type_bytes(sendcount, sendtype),
                 block * static_cast<std::uint64_t>(c.size)};
  return rec::collective(region, c, -1, v, request, call);
}

template <class Call>
int allgatherv(MpiRegion region, MPI_Request* request, const void* sendbuf, int sendcount,
               MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int displs[],
               MPI_Datatype recvtype, MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const Volume v{in_place(sendbuf) ? rec::type_bytes(recvcounts[c.rank], recvtype)
                                   : rec::type_bytes(sendcount, sendtype),
                 sum_bytes(c.size, recvcounts, recvtype)};
  return rec::collective(region, c, -1, v, request, call);
}

template <class Call>
int alltoall(MpiRegion region, MPI_Request* request, const void* sendbuf, int sendcount,
             MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
             MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const auto p = static_cast<std::uint64_t>(c.size);
  const std::uint64_t received = p * rec::type_bytes(recvcount, recvtype);
  const Volume v{in_place(sendbuf) ? received : p * rec::type_bytes(sendcount, sendtype), received};
  return rec::collective(region, c, -1, v, request, call);
}

template <class Call>
int alltoallv(MpiRegion region, MPI_Request* request, const void* sendbuf, const int sendcounts[],
              const int sdispls[], MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
              const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t received = sum_bytes(c.size, recvcounts, recvtype);
  const Volume v{in_place(sendbuf) ? received : sum_bytes(c.size, sendcounts, sendtype), received};
  return rec::collective(region, c, -1, v, request, call);
}

template <class Call>
int alltoallw(MpiRegion region, MPI_Request* request, const void* sendbuf, const int sendcounts[],
              const int sdispls[], const MPI_Datatype sendtypes[], void* recvbuf,
              const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
              MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  Volume v;
  for (int i = 0; i < c.size; ++i) {
    v.received += rec::type_bytes(recvcounts[i], recvtypes[i]);
    if (!in_place(sendbuf)) v.sent += rec::type_bytes(sendcounts[i], sendtypes[i]);
  }
  if (in_place(sendbuf)) v.sent = v.received;
  return rec::collective(region, c, -1, v, request, call);
}

template <class Call>
int reduce(MpiRegion region, MPI_Request* request, const void* sendbuf, void* recvbuf, int count,
           MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return rec::collective(region, c, root,
                         {root == MPI_PROC_NULL ? 0 : bytes, is_root(c, root) ? bytes : 0,
                          rec::reduction_op_code(op), rec::commutes(op),
                          count > 0 ? static_cast<std::uint64_t>(count) : 0},
                         request, call);
}

template <class Call>
int allreduce(MpiRegion region, MPI_Request* request, const void* sendbuf, void* recvbuf, int count,
              MPI_Datatype type, MPI_Op op, MPI_Comm comm, Call&& call) {
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return rec::collective(region, rec::state.comms.find(comm), -1,
                         {bytes, bytes, rec::reduction_op_code(op), rec::commutes(op),
                          count > 0 ? static_cast<std::uint64_t>(count) : 0},
                         request, call);
}

template <class Call>
int reduce_scatter(MpiRegion region, MPI_Request* request, const void* sendbuf, void* recvbuf,
                   const int recvcounts[], MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  int local_size = c.size; // recvcounts has one entry per rank of the local group
  if (c.inter) PMPI_Comm_size(comm, &local_size);
  const Volume v{sum_bytes(local_size, recvcounts, type),
                 rec::type_bytes(recvcounts[c.rank], type), rec::reduction_op_code(op), rec::commutes(op)};
  return rec::collective(region, c, -1, v, request, call);
}

template <class Call>
int reduce_scatter_block(MpiRegion region, MPI_Request* request, const void* sendbuf, void* recvbuf,
                         int recvcount, MPI_Datatype type, MPI_Op op, MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t block = rec::type_bytes(recvcount, type);
  return rec::collective(region, c, -1,
                         {block * static_cast<std::uint64_t>(c.size), block,
                          rec::reduction_op_code(op), rec::commutes(op)},
                         request, call);
}

template <class Call>
int scan(MpiRegion region, MPI_Request* request, const void* sendbuf, void* recvbuf, int count,
         MPI_Datatype type, MPI_Op op, MPI_Comm comm, Call&& call) {
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return rec::collective(region, rec::state.comms.find(comm), -1,
                         {bytes, bytes, rec::reduction_op_code(op), rec::commutes(op)}, request, call);
}

template <class Call>
int exscan(MpiRegion region, MPI_Request* request, const void* sendbuf, void* recvbuf, int count,
           MPI_Datatype type, MPI_Op op, MPI_Comm comm, Call&& call) {
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return rec::collective(region, c, -1, {bytes, c.rank == 0 ? 0 : bytes, rec::reduction_op_code(op), rec::commutes(op)},
                         request, call);
}
} // namespace

extern "C" {

int MPI_Barrier(MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Barrier(comm);
  return barrier(MpiRegion::Barrier, nullptr, comm, [&] { return PMPI_Barrier(comm); });
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording()) return PMPI_Ibarrier(comm, request);
  return barrier(MpiRegion::Ibarrier, request, comm, [&] { return PMPI_Ibarrier(comm, request); });
}

int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Bcast(buf, count, type, root, comm);
  return bcast(MpiRegion::Bcast, nullptr, buf, count, type, root, comm,
               [&] { return PMPI_Bcast(buf, count, type, root, comm); });
}

int MPI_Ibcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
               MPI_Request* request) {
  if (!rec::recording()) return PMPI_Ibcast(buf, count, type, root, comm, request);
  return bcast(MpiRegion::Ibcast, request, buf, count, type, root, comm,
               [&] { return PMPI_Ibcast(buf, count, type, root, comm, request); });
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  return gather(MpiRegion::Gather, nullptr, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype, root, comm, [&] {
                  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                     root, comm);
                });
}

int MPI_Igather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                        request);
  return gather(MpiRegion::Igather, request, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                recvtype, root, comm, [&] {
                  return PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                      root, comm, request);
                });
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                        comm);
  return gatherv(MpiRegion::Gatherv, nullptr, sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                 displs, recvtype, root, comm, [&] {
                   return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                       recvtype, root, comm);
                 });
}

int MPI_Igatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                         comm, request);
  return gatherv(MpiRegion::Igatherv, request, sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                 displs, recvtype, root, comm, [&] {
                   return PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                        recvtype, root, comm, request);
                 });
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  return scatter(MpiRegion::Scatter, nullptr, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                 recvtype, root, comm, [&] {
                   return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                       root, comm);
                 });
}

int MPI_Iscatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                         request);
  return scatter(MpiRegion::Iscatter, request, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                 recvtype, root, comm, [&] {
                   return PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                        root, comm, request);
                 });
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                         comm);
  return scatterv(MpiRegion::Scatterv, nullptr, sendbuf, sendcounts, displs, sendtype, recvbuf,
                  recvcount, recvtype, root, comm, [&] {
                    return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                         recvtype, root, comm);
                  });
}

int MPI_Iscatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                          comm, request);
  return scatterv(MpiRegion::Iscatterv, request, sendbuf, sendcounts, displs, sendtype, recvbuf,
                  recvcount, recvtype, root, comm, [&] {
                    return PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                          recvtype, root, comm, request);
                  });
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  return allgather(MpiRegion::Allgather, nullptr, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                   recvtype, comm, [&] {
                     return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                           recvtype, comm);
                   });
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                           request);
  return allgather(MpiRegion::Iallgather, request, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                   recvtype, comm, [&] {
                     return PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                            recvtype, comm, request);
                   });
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           comm);
  return allgatherv(MpiRegion::Allgatherv, nullptr, sendbuf, sendcount, sendtype, recvbuf,
                    recvcounts, displs, recvtype, comm, [&] {
                      return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                             displs, recvtype, comm);
                    });
}

int MPI_Iallgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            comm, request);
  return allgatherv(MpiRegion::Iallgatherv, request, sendbuf, sendcount, sendtype, recvbuf,
                    recvcounts, displs, recvtype, comm, [&] {
                      return PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                              displs, recvtype, comm, request);
                    });
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  return alltoall(MpiRegion::Alltoall, nullptr, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, comm, [&] {
                    return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                         comm);
                  });
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                          request);
  return alltoall(MpiRegion::Ialltoall, request, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, comm, [&] {
                    return PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                          recvtype, comm, request);
                  });
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                          recvtype, comm);
  return alltoallv(MpiRegion::Alltoallv, nullptr, sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                   recvcounts, rdispls, recvtype, comm, [&] {
                     return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                                           recvcounts, rdispls, recvtype, comm);
                   });
}

int MPI_Ialltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                           recvtype, comm, request);
  return alltoallv(MpiRegion::Ialltoallv, request, sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                   recvcounts, rdispls, recvtype, comm, [&] {
                     return PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                                            recvcounts, rdispls, recvtype, comm, request);
                   });
}

int MPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                          recvtypes, comm);
  return alltoallw(MpiRegion::Alltoallw, nullptr, sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                   recvcounts, rdispls, recvtypes, comm, [&] {
                     return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                                           recvcounts, rdispls, recvtypes, comm);
                   });
}

int MPI_Ialltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                   const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                   MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                           recvtypes, comm, request);
  return alltoallw(MpiRegion::Ialltoallw, request, sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                   recvcounts, rdispls, recvtypes, comm, [&] {
                     return PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                                            recvcounts, rdispls, recvtypes, comm, request);
                   });
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  return reduce(MpiRegion::Reduce, nullptr, sendbuf, recvbuf, count, type, op, root, comm,
                [&] { return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm); });
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request);
  return reduce(MpiRegion::Ireduce, request, sendbuf, recvbuf, count, type, op, root, comm, [&] {
    return PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request);
  });
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
  return allreduce(MpiRegion::Allreduce, nullptr, sendbuf, recvbuf, count, type, op, comm,
                   [&] { return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording()) return PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
  return allreduce(MpiRegion::Iallreduce, request, sendbuf, recvbuf, count, type, op, comm, [&] {
    return PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
  });
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[],
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  return reduce_scatter(
      MpiRegion::Reduce_scatter, nullptr, sendbuf, recvbuf, recvcounts, type, op, comm,
      [&] { return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm); });
}

int MPI_Ireduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[],
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm, request);
  return reduce_scatter(
      MpiRegion::Ireduce_scatter, request, sendbuf, recvbuf, recvcounts, type, op, comm,
      [&] { return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm, request); });
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type,
                             MPI_Op op, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
  return reduce_scatter_block(
      MpiRegion::Reduce_scatter_block, nullptr, sendbuf, recvbuf, recvcount, type, op, comm,
      [&] { return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm); });
}

int MPI_Ireduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type,
                              MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording())
    return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm, request);
  return reduce_scatter_block(
      MpiRegion::Ireduce_scatter_block, request, sendbuf, recvbuf, recvcount, type, op, comm, [&] {
        return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm, request);
      });
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
             MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm);
  return scan(MpiRegion::Scan, nullptr, sendbuf, recvbuf, count, type, op, comm,
              [&] { return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Iscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
              MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording()) return PMPI_Iscan(sendbuf, recvbuf, count, type, op, comm, request);
  return scan(MpiRegion::Iscan, request, sendbuf, recvbuf, count, type, op, comm,
              [&] { return PMPI_Iscan(sendbuf, recvbuf, count, type, op, comm, request); });
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
  return exscan(MpiRegion::Exscan, nullptr, sendbuf, recvbuf, count, type, op, comm,
                [&] { return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Iexscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm, MPI_Request* request) {
  if (!rec::recording()) return PMPI_Iexscan(sendbuf, recvbuf, count, type, op, comm, request);
  return exscan(MpiRegion::Iexscan, request, sendbuf, recvbuf, count, type, op, comm,
                [&] { return PMPI_Iexscan(sendbuf, recvbuf, count, type, op, comm, request); });
}
} // extern "C"
