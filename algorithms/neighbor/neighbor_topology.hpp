// What the neighbourhood collectives share: the neighbour lists of a communicator's topology,
// MPI's argument checks for MPI_Neighbor_*, the stencil remembered on stencil graphs, and the
// tags of their messages.
#pragma once

#include "collscope/schedule/stencil.hpp"

#include <mpi.h>
#include <optional>
#include <string>
#include <vector>

namespace collscope::detail {

/// Tags of the neighbourhood collectives (buffers.hpp numbers the others from 7101 to 7141):
/// direct on Cartesian communicators adds the receive block (MPI's per-direction matching),
/// combining adds 2k + (message to r + eₖ).
enum NeighborTag : int { neighbor_tag = 7200 };

struct Neighbors {
  std::vector<int> sources;      ///< receive block i comes from sources[i]
  std::vector<int> destinations; ///< send block j goes to destinations[j]
  bool cartesian = false;
  std::vector<int> dims; ///< Cartesian only
};

/// The lists of comm's topology, or MPI_ERR_TOPOLOGY without one.
int neighbors_of(MPI_Comm comm, Neighbors& out);

/// Open MPI's parameter checks of MPI_Neighbor_allgather/alltoall, in its order.
int check_neighbor(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm);

/// What the combining schedule needs: the neighbourhood as offsets, and the rank each message
/// goes to and comes from per round dimension k: plus_to[k] = r + eₖ, minus_to[k] = r − eₖ
/// (MPI_PROC_NULL off a non-periodic Cartesian edge).
struct StencilPlan {
  schedule::Neighborhood neighborhood;
  std::vector<int> plus_to, minus_to;
  std::string topology; ///< "cartesian", "5-point graph", "9-point graph"
};

/// The plan, when `user` is a Cartesian communicator or a stencil graph whose lists are the
/// stencil's; nullopt (the caller falls back to direct) otherwise.
std::optional<StencilPlan> stencil_plan(MPI_Comm user, MPI_Comm own, const Neighbors& lists);

/// Records the topology in the trace's algorithm metadata (topology, dims, neighbors).
void annotate_topology(MPI_Comm user, const Neighbors& lists);

} // namespace collscope::detail
