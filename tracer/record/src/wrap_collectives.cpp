// PMPI wrappers of the blocking collectives: Enter, MpiCollectiveBegin, the call,
// MpiCollectiveEnd (operation, communicator, root, bytes this rank sent and received through
// its own buffers), Leave. Arguments that MPI declares significant only at the root are not
// read elsewhere, and MPI_IN_PLACE arguments are never read, since they may be garbage.
#include "recorder.hpp"

namespace rec = collscope::rec;
using rec::MpiRegion;

namespace {

constexpr std::uint32_t no_root = 0xffffffffu;

struct Volume {
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
};

template <class Call>
int collective(MpiRegion region, const rec::CommInfo& comm, int root, Volume v, Call&& call) {
  const std::uint64_t t0 = rec::begin_call(region);
  const int rc = call();
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, region);
  rec::push(rec::event(rec::Kind::CollBegin, t0));
  rec::Event end = rec::event(rec::Kind::CollEnd, t1);
  end.op = rec::mpi_region_info(static_cast<std::uint32_t>(region)).coll_op;
  end.comm = comm.id;
  end.peer = root >= 0 ? static_cast<std::uint32_t>(root) : no_root;
  end.bytes = v.sent;
  end.request = v.received;
  rec::push(end);
  rec::leave(t1, region);
  return rc;
}

bool in_place(const void* buf) {
  return buf == MPI_IN_PLACE;
}

// On an intercommunicator the root group passes MPI_ROOT (the root) or MPI_PROC_NULL (no data).
bool is_root(const rec::CommInfo& c, int root) {
  return root == MPI_ROOT || (!c.inter && c.rank == root);
}

std::uint64_t sum_bytes(int n, const int* counts, MPI_Datatype type) {
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += rec::type_bytes(counts[i], type);
  return total;
}

} // namespace

extern "C" {

int MPI_Barrier(MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Barrier(comm);
  return collective(MpiRegion::Barrier, rec::state.comms.find(comm), -1, {},
                    [&] { return PMPI_Barrier(comm); });
}

int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Bcast(buf, count, type, root, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  const Volume v = is_root(c, root)        ? Volume{bytes, 0}
                   : root == MPI_PROC_NULL ? Volume{}
                                           : Volume{0, bytes};
  return collective(MpiRegion::Bcast, c, root, v,
                    [&] { return PMPI_Bcast(buf, count, type, root, comm); });
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
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
  return collective(MpiRegion::Gather, c, root, v, [&] {
    return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  });
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                        comm);
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
  return collective(MpiRegion::Gatherv, c, root, v, [&] {
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                        comm);
  });
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
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
  return collective(MpiRegion::Scatter, c, root, v, [&] {
    return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  });
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                         comm);
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
  return collective(MpiRegion::Scatterv, c, root, v, [&] {
    return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                         comm);
  });
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t block = rec::type_bytes(recvcount, recvtype);
  const Volume v{in_place(sendbuf) ? block : rec::type_bytes(sendcount, sendtype),
                 block * static_cast<std::uint64_t>(c.size)};
  return collective(MpiRegion::Allgather, c, -1, v, [&] {
    return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  });
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const Volume v{in_place(sendbuf) ? rec::type_bytes(recvcounts[c.rank], recvtype)
                                   : rec::type_bytes(sendcount, sendtype),
                 sum_bytes(c.size, recvcounts, recvtype)};
  return collective(MpiRegion::Allgatherv, c, -1, v, [&] {
    return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           comm);
  });
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const auto p = static_cast<std::uint64_t>(c.size);
  const std::uint64_t received = p * rec::type_bytes(recvcount, recvtype);
  const Volume v{in_place(sendbuf) ? received : p * rec::type_bytes(sendcount, sendtype), received};
  return collective(MpiRegion::Alltoall, c, -1, v, [&] {
    return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  });
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                          recvtype, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t received = sum_bytes(c.size, recvcounts, recvtype);
  const Volume v{in_place(sendbuf) ? received : sum_bytes(c.size, sendcounts, sendtype), received};
  return collective(MpiRegion::Alltoallv, c, -1, v, [&] {
    return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                          recvtype, comm);
  });
}

int MPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                          recvtypes, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  Volume v;
  for (int i = 0; i < c.size; ++i) {
    v.received += rec::type_bytes(recvcounts[i], recvtypes[i]);
    if (!in_place(sendbuf)) v.sent += rec::type_bytes(sendcounts[i], sendtypes[i]);
  }
  if (in_place(sendbuf)) v.sent = v.received;
  return collective(MpiRegion::Alltoallw, c, -1, v, [&] {
    return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                          recvtypes, comm);
  });
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return collective(MpiRegion::Reduce, c, root,
                    {root == MPI_PROC_NULL ? 0 : bytes, is_root(c, root) ? bytes : 0},
                    [&] { return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm); });
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return collective(MpiRegion::Allreduce, rec::state.comms.find(comm), -1, {bytes, bytes},
                    [&] { return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[],
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  int local_size = c.size; // recvcounts has one entry per rank of the local group
  if (c.inter) PMPI_Comm_size(comm, &local_size);
  const Volume v{sum_bytes(local_size, recvcounts, type),
                 rec::type_bytes(recvcounts[c.rank], type)};
  return collective(MpiRegion::Reduce_scatter, c, -1, v, [&] {
    return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  });
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type,
                             MPI_Op op, MPI_Comm comm) {
  if (!rec::recording())
    return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t block = rec::type_bytes(recvcount, type);
  return collective(
      MpiRegion::Reduce_scatter_block, c, -1, {block * static_cast<std::uint64_t>(c.size), block},
      [&] { return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm); });
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
             MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return collective(MpiRegion::Scan, rec::state.comms.find(comm), -1, {bytes, bytes},
                    [&] { return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm) {
  if (!rec::recording()) return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
  const rec::CommInfo c = rec::state.comms.find(comm);
  const std::uint64_t bytes = rec::type_bytes(count, type);
  return collective(MpiRegion::Exscan, c, -1, {bytes, c.rank == 0 ? 0 : bytes},
                    [&] { return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm); });
}

} // extern "C"
