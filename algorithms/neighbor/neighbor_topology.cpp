#include "neighbor/neighbor_topology.hpp"

#include "collscope/algorithms/neighbor.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <collscope/annotate.hpp>

namespace collscope {

namespace {

/// The stencil a graph was made as (stencil_graph_create); copied with the communicator, so
/// MPI_Comm_dup (and the algorithms' private duplicate) keep it.
struct Stencil {
  int points = 0;
  std::vector<int> dims;
};

int copy_stencil(MPI_Comm, int, void*, void* value, void* copy, int* flag) {
  *static_cast<Stencil**>(copy) = new Stencil(*static_cast<Stencil*>(value));
  *flag = 1;
  return MPI_SUCCESS;
}

int delete_stencil(MPI_Comm, int, void* value, void*) {
  delete static_cast<Stencil*>(value);
  return MPI_SUCCESS;
}

int stencil_key() {
  static int key = MPI_KEYVAL_INVALID;
  if (key == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval(copy_stencil, delete_stencil, &key, nullptr);
  return key;
}

const Stencil* stencil_of(MPI_Comm comm) {
  void* value = nullptr;
  int found = 0;
  if (MPI_Comm_get_attr(comm, stencil_key(), &value, &found) != MPI_SUCCESS || !found)
    return nullptr;
  return static_cast<const Stencil*>(value);
}

} // namespace

int stencil_graph_create(MPI_Comm comm, int points, const int dims[2], MPI_Comm* graph) {
  int p = 0, rank = 0;
  if (comm == MPI_COMM_NULL) return detail::raise(comm, MPI_ERR_COMM);
  MPI_Comm_size(comm, &p);
  MPI_Comm_rank(comm, &rank);
  if (dims == nullptr || dims[0] < 1 || dims[1] < 1 || dims[0] * dims[1] != p ||
      (points != 5 && points != 9))
    return detail::raise(comm, MPI_ERR_ARG);
  const std::vector<int> extents{dims[0], dims[1]};
  const schedule::Neighborhood n = schedule::stencil_neighborhood(points, extents);
  const std::vector<int> sources = schedule::recv_ranks(n, rank);
  const std::vector<int> destinations = schedule::send_ranks(n, rank);
  COLLSCOPE_TRY(
      MPI_Dist_graph_create_adjacent(comm, static_cast<int>(sources.size()), sources.data(),
                                     MPI_UNWEIGHTED, static_cast<int>(destinations.size()),
                                     destinations.data(), MPI_UNWEIGHTED, MPI_INFO_NULL, 0, graph));
  return MPI_Comm_set_attr(*graph, stencil_key(), new Stencil{points, extents});
}

namespace detail {

int neighbors_of(MPI_Comm comm, Neighbors& out) {
  int kind = MPI_UNDEFINED;
  COLLSCOPE_TRY(MPI_Topo_test(comm, &kind));
  out = {};
  if (kind == MPI_CART) {
    int d = 0;
    COLLSCOPE_TRY(MPI_Cartdim_get(comm, &d));
    std::vector<int> periods(static_cast<std::size_t>(d)), coords(periods.size());
    out.dims.resize(periods.size());
    out.cartesian = true;
    if (d > 0) COLLSCOPE_TRY(MPI_Cart_get(comm, d, out.dims.data(), periods.data(), coords.data()));
    for (int k = 0; k < d; ++k) {
      int minus = MPI_PROC_NULL, plus = MPI_PROC_NULL;
      COLLSCOPE_TRY(MPI_Cart_shift(comm, k, 1, &minus, &plus));
      for (int q : {minus, plus}) {
        out.sources.push_back(q);
        out.destinations.push_back(q);
      }
    }
    return MPI_SUCCESS;
  }
  if (kind == MPI_DIST_GRAPH) {
    int in = 0, outdegree = 0, weighted = 0;
    COLLSCOPE_TRY(MPI_Dist_graph_neighbors_count(comm, &in, &outdegree, &weighted));
    out.sources.resize(static_cast<std::size_t>(in));
    out.destinations.resize(static_cast<std::size_t>(outdegree));
    std::vector<int> weights(static_cast<std::size_t>(std::max(in, outdegree)) + 1);
    return MPI_Dist_graph_neighbors(comm, in, out.sources.data(), weights.data(), outdegree,
                                    out.destinations.data(), weights.data());
  }
  if (kind == MPI_GRAPH) {
    int rank = 0, degree = 0;
    MPI_Comm_rank(comm, &rank);
    COLLSCOPE_TRY(MPI_Graph_neighbors_count(comm, rank, &degree));
    out.sources.resize(static_cast<std::size_t>(degree));
    COLLSCOPE_TRY(MPI_Graph_neighbors(comm, rank, degree, out.sources.data()));
    out.destinations = out.sources;
    return MPI_SUCCESS;
  }
  return MPI_ERR_TOPOLOGY;
}

int check_neighbor(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  int inter = 0, kind = MPI_UNDEFINED;
  if (MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter) return MPI_ERR_COMM;
  if (MPI_Topo_test(comm, &kind) != MPI_SUCCESS || kind == MPI_UNDEFINED) return MPI_ERR_TOPOLOGY;
  if (recvtype == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if (recvcount < 0) return MPI_ERR_COUNT;
  if (sendbuf == MPI_IN_PLACE || recvbuf == MPI_IN_PLACE) return MPI_ERR_ARG;
  if (sendtype == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if (sendcount < 0) return MPI_ERR_COUNT;
  return MPI_SUCCESS;
}

std::optional<StencilPlan> stencil_plan(MPI_Comm user, MPI_Comm own, const Neighbors& lists) {
  StencilPlan plan;
  int rank = 0;
  MPI_Comm_rank(own, &rank);
  if (lists.cartesian) {
    plan.neighborhood = schedule::cartesian_neighborhood(lists.dims);
    plan.topology = "cartesian";
    for (std::size_t k = 0; k < lists.dims.size(); ++k) {
      plan.minus_to.push_back(lists.destinations[2 * k]);
      plan.plus_to.push_back(lists.destinations[2 * k + 1]);
    }
    return plan;
  }
  const Stencil* stencil = stencil_of(user);
  if (stencil == nullptr) return std::nullopt;
  plan.neighborhood = schedule::stencil_neighborhood(stencil->points, stencil->dims);
  // Lists that are not the stencil's (a graph made otherwise) are no stencil to combine on.
  if (lists.sources != schedule::recv_ranks(plan.neighborhood, rank) ||
      lists.destinations != schedule::send_ranks(plan.neighborhood, rank))
    return std::nullopt;
  plan.topology = std::to_string(stencil->points) + "-point graph";
  for (int k = 0; k < 2; ++k) {
    schedule::Offset step{0, 0};
    step[static_cast<std::size_t>(k)] = 1;
    plan.plus_to.push_back(schedule::torus_shift(stencil->dims, rank, step));
    step[static_cast<std::size_t>(k)] = -1;
    plan.minus_to.push_back(schedule::torus_shift(stencil->dims, rank, step));
  }
  return plan;
}

void annotate_topology(MPI_Comm user, const Neighbors& lists) {
  if (!trace::active()) return;
  if (lists.cartesian) {
    trace::meta("topology", "cartesian");
    trace::meta("dims", schedule::dims_text(lists.dims));
  } else if (const Stencil* stencil = stencil_of(user)) {
    trace::meta("topology", std::to_string(stencil->points) + "-point graph");
    trace::meta("dims", schedule::dims_text(stencil->dims));
  } else {
    trace::meta("topology", "graph");
  }
  trace::meta("neighbors", static_cast<int>(lists.destinations.size()));
}

} // namespace detail

} // namespace collscope
