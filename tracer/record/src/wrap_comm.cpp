// PMPI wrappers of communicator creation and destruction. Creation agrees on the new
// communicator's id (comm_table.hpp) whenever tracing is enabled, even while paused, and
// on a thread that is not recorded (MPI_THREAD_MULTIPLE): another member may be recording
// and waits for the broadcast.
#include "recorder.hpp"

namespace rec = collscope::rec;
using rec::MpiRegion;

namespace {

template <class Call>
int create(MpiRegion region, MPI_Comm parent, MPI_Comm* newcomm, Call&& call) {
  if (!rec::owner_thread()) { // MPI_THREAD_MULTIPLE, another thread: counted, not recorded
    const int rc = call();
    if (rc == MPI_SUCCESS && *newcomm != MPI_COMM_NULL) rec::CommTable::agree_elsewhere(*newcomm);
    return rc;
  }
  const bool record = rec::recording();
  if (record) rec::enter(rec::begin_call(region), region);
  const int rc = call();
  const std::uint64_t t1 = rec::now();
  if (rc == MPI_SUCCESS && *newcomm != MPI_COMM_NULL)
    rec::state.comms.agree(*newcomm, parent, region);
  if (record) rec::leave(t1, region);
  return rc;
}

} // namespace

extern "C" {

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm) {
  if (!rec::tracing()) return PMPI_Comm_dup(comm, newcomm);
  return create(MpiRegion::Comm_dup, comm, newcomm, [&] { return PMPI_Comm_dup(comm, newcomm); });
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm) {
  if (!rec::tracing()) return PMPI_Comm_dup_with_info(comm, info, newcomm);
  return create(MpiRegion::Comm_dup_with_info, comm, newcomm,
                [&] { return PMPI_Comm_dup_with_info(comm, info, newcomm); });
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm) {
  if (!rec::tracing()) return PMPI_Comm_split(comm, color, key, newcomm);
  return create(MpiRegion::Comm_split, comm, newcomm,
                [&] { return PMPI_Comm_split(comm, color, key, newcomm); });
}

int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm* newcomm) {
  if (!rec::tracing()) return PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
  return create(MpiRegion::Comm_split_type, comm, newcomm,
                [&] { return PMPI_Comm_split_type(comm, split_type, key, info, newcomm); });
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm) {
  if (!rec::tracing()) return PMPI_Comm_create(comm, group, newcomm);
  return create(MpiRegion::Comm_create, comm, newcomm,
                [&] { return PMPI_Comm_create(comm, group, newcomm); });
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm) {
  if (!rec::tracing()) return PMPI_Comm_create_group(comm, group, tag, newcomm);
  return create(MpiRegion::Comm_create_group, comm, newcomm,
                [&] { return PMPI_Comm_create_group(comm, group, tag, newcomm); });
}

int MPI_Cart_create(MPI_Comm old_comm, int ndims, const int dims[], const int periods[],
                    int reorder, MPI_Comm* comm_cart) {
  if (!rec::tracing()) return PMPI_Cart_create(old_comm, ndims, dims, periods, reorder, comm_cart);
  return create(MpiRegion::Cart_create, old_comm, comm_cart, [&] {
    return PMPI_Cart_create(old_comm, ndims, dims, periods, reorder, comm_cart);
  });
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* new_comm) {
  if (!rec::tracing()) return PMPI_Cart_sub(comm, remain_dims, new_comm);
  return create(MpiRegion::Cart_sub, comm, new_comm,
                [&] { return PMPI_Cart_sub(comm, remain_dims, new_comm); });
}

int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                         int remote_leader, int tag, MPI_Comm* newintercomm) {
  if (!rec::tracing())
    return PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag,
                                 newintercomm);
  return create(MpiRegion::Intercomm_create, local_comm, newintercomm, [&] {
    return PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag,
                                 newintercomm);
  });
}

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newintracomm) {
  if (!rec::tracing()) return PMPI_Intercomm_merge(intercomm, high, newintracomm);
  return create(MpiRegion::Intercomm_merge, intercomm, newintracomm,
                [&] { return PMPI_Intercomm_merge(intercomm, high, newintracomm); });
}

int MPI_Graph_create(MPI_Comm old_comm, int nnodes, const int index[], const int edges[],
                     int reorder, MPI_Comm* comm_graph) {
  if (!rec::tracing())
    return PMPI_Graph_create(old_comm, nnodes, index, edges, reorder, comm_graph);
  return create(MpiRegion::Graph_create, old_comm, comm_graph, [&] {
    return PMPI_Graph_create(old_comm, nnodes, index, edges, reorder, comm_graph);
  });
}

int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                          const int destinations[], const int weights[], MPI_Info info, int reorder,
                          MPI_Comm* comm_dist_graph) {
  if (!rec::tracing())
    return PMPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info,
                                  reorder, comm_dist_graph);
  return create(MpiRegion::Dist_graph_create, comm_old, comm_dist_graph, [&] {
    return PMPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info,
                                  reorder, comm_dist_graph);
  });
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                   const int sourceweights[], int outdegree,
                                   const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm* comm_dist_graph) {
  if (!rec::tracing())
    return PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree,
                                           destinations, destweights, info, reorder,
                                           comm_dist_graph);
  return create(MpiRegion::Dist_graph_create_adjacent, comm_old, comm_dist_graph, [&] {
    return PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree,
                                           destinations, destweights, info, reorder,
                                           comm_dist_graph);
  });
}

// The copy's handle exists when the call returns (it is usable once the request completes),
// and its id follows from the parent's without communication (comm_table.hpp).
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request) {
  if (!rec::enabled()) return PMPI_Comm_idup(comm, newcomm, request);
  const bool record = rec::recording();
  if (record) rec::enter(rec::begin_call(MpiRegion::Comm_idup), MpiRegion::Comm_idup);
  const int rc = PMPI_Comm_idup(comm, newcomm, request);
  const std::uint64_t t1 = rec::now();
  if (rc == MPI_SUCCESS && *newcomm != MPI_COMM_NULL) rec::state.comms.idup(comm, *newcomm);
  if (record) rec::leave(t1, MpiRegion::Comm_idup);
  return rc;
}

int MPI_Comm_free(MPI_Comm* comm) {
  if (!rec::enabled()) return PMPI_Comm_free(comm);
  rec::state.comms.forget(*comm);
  if (!rec::recording()) return PMPI_Comm_free(comm);
  rec::enter(rec::begin_call(MpiRegion::Comm_free), MpiRegion::Comm_free);
  const int rc = PMPI_Comm_free(comm);
  rec::leave(rec::now(), MpiRegion::Comm_free);
  return rc;
}

} // extern "C"
