// The neighbourhood collectives against Open MPI's MPI_Neighbor_allgather/alltoall on periodic
// tori of p = 4, 6 and 9 (one run of 9 processes, split): the Cartesian 5-point neighbourhood,
// the 5- and 9-point stencil graphs, MPI_Dims_create's torus and the p × 1 ring (extents 1 and
// 2: duplicate edges and self-edges), counts 0, 1 and 5, contiguous, non-contiguous and mixed
// datatypes; receive buffers compared byte for byte, gaps and a guard zone included. Then MPI's
// argument errors, the fallback of combining on a graph that is no stencil, and a user's
// MPI_ANY_TAG receive that must not see the algorithms' messages.
#include "collscope/algorithms/neighbor.hpp"
#include "collscope/algorithms/registry.hpp"
#include "mpi_support.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace collscope;
using namespace collscope::testing;

namespace {

constexpr int sentinel = -7;

struct Topology {
  std::string name;
  MPI_Comm comm = MPI_COMM_NULL;
  int s = 0;
};

std::vector<Topology> topologies(MPI_Comm comm, const int dims[2]) {
  std::vector<Topology> all;
  const int periods[2] = {1, 1};
  const std::string shape = std::to_string(dims[0]) + "x" + std::to_string(dims[1]);
  Topology cart{"cartesian " + shape, MPI_COMM_NULL, 4};
  MPI_Cart_create(comm, 2, dims, periods, 0, &cart.comm);
  all.push_back(cart);
  for (int points : {5, 9}) {
    Topology graph{std::to_string(points) + "-point graph " + shape, MPI_COMM_NULL, points - 1};
    REQUIRE(stencil_graph_create(comm, points, dims, &graph.comm) == MPI_SUCCESS);
    all.push_back(graph);
  }
  for (Topology& t : all) MPI_Comm_set_errhandler(t.comm, MPI_ERRORS_RETURN);
  return all;
}

/// One call of `fn` and of native on the same input; true when every byte agrees.
bool same_as_native(NeighborFn fn, NeighborFn native, bool alltoall, const Topology& t, int count,
                    Types types, const TestTypes& tt) {
  int rank = 0;
  MPI_Comm_rank(t.comm, &rank);
  // Elements: ints, vectors (2 ints in an extent of 3) or vectors sent, 2 ints received each.
  const MPI_Datatype send_type = types == Types::ints ? MPI_INT : tt.vector();
  const MPI_Datatype recv_type = types == Types::vectors ? tt.vector() : MPI_INT;
  const int send_count = count, recv_count = types == Types::mixed ? 2 * count : count;
  const int send_ints = types == Types::ints ? 1 : 3, recv_ints = types == Types::vectors ? 3 : 1;
  const int send_blocks = alltoall ? t.s : 1;
  std::vector<int> send(static_cast<std::size_t>(send_blocks * send_count * send_ints + 1));
  for (std::size_t i = 0; i < send.size(); ++i) send[i] = rank * 1000 + static_cast<int>(i);
  const std::vector<int> original = send;
  std::vector<int> got(static_cast<std::size_t>(t.s * recv_count * recv_ints + 1), sentinel);
  std::vector<int> want = got;
  const int rc = fn(send.data(), send_count, send_type, got.data(), recv_count, recv_type, t.comm);
  const int rc_native =
      native(send.data(), send_count, send_type, want.data(), recv_count, recv_type, t.comm);
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want && send == original;
}

} // namespace

TEST_CASE("neighbourhood algorithms match native MPI at p = 4, 6, 9", "[neighbor]") {
  const TestTypes tt;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int cases = 0;
  for (int q : {4, 6, 9}) {
    if (q > world_size()) continue;
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, rank < q ? 0 : MPI_UNDEFINED, rank, &comm);
    bool ok = true;
    std::string first_failure;
    if (comm != MPI_COMM_NULL) {
      int balanced[2] = {0, 0};
      MPI_Dims_create(q, 2, balanced);
      const int ring[2] = {q, 1};
      for (const int* dims : {static_cast<const int*>(balanced), ring})
        for (Topology& t : topologies(comm, dims)) {
          for (const Algorithm& a : algorithms()) {
            if (!a.neighborhood() || a.is_native()) continue;
            const bool alltoall = a.collective == Collective::neighbor_alltoall;
            const NeighborFn native = alltoall ? MPI_Neighbor_alltoall : MPI_Neighbor_allgather;
            for (int count : {0, 1, 5})
              for (Types types : {Types::ints, Types::vectors, Types::mixed}) {
                const bool good = all_ranks(
                    same_as_native(a.neighbor, native, alltoall, t, count, types, tt), comm);
                ++cases;
                if (!good && ok)
                  first_failure = std::string(to_string(a.collective)) + " " + std::string(a.name) +
                                  " on " + t.name + " count " + std::to_string(count) + " " +
                                  to_string(types);
                ok = ok && good;
              }
          }
          MPI_Comm_free(&t.comm);
        }
      MPI_Comm_free(&comm);
    }
    INFO("p = " << q << ", first failure: " << first_failure);
    CHECK(all_ranks(ok, MPI_COMM_WORLD));
  }
  CHECK(cases > 0);
}

TEST_CASE("argument errors return MPI's error class", "[neighbor]") {
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  const int p = world_size();
  const int dims[2] = {p, 1};
  MPI_Comm graph = MPI_COMM_NULL;
  REQUIRE(stencil_graph_create(MPI_COMM_WORLD, 9, dims, &graph) == MPI_SUCCESS);
  MPI_Comm_set_errhandler(graph, MPI_ERRORS_RETURN);
  std::vector<int> send(8, 1), recv(8, 0);
  const auto error_class = [](int rc) {
    int c = rc;
    if (rc != MPI_SUCCESS) MPI_Error_class(rc, &c);
    return c;
  };
  for (const Algorithm& a : algorithms()) {
    if (!a.neighborhood() || a.is_native()) continue;
    INFO(to_string(a.collective) << " " << a.name);
    const auto call = [&](const void* sb, int n, MPI_Datatype t, void* rb, MPI_Comm c) {
      return error_class(a.neighbor(sb, n, t, rb, n, t, c));
    };
    bool ok = call(send.data(), 1, MPI_INT, recv.data(), MPI_COMM_NULL) == MPI_ERR_COMM &&
              call(send.data(), 1, MPI_INT, recv.data(), MPI_COMM_WORLD) == MPI_ERR_TOPOLOGY &&
              call(send.data(), 1, MPI_DATATYPE_NULL, recv.data(), graph) == MPI_ERR_TYPE &&
              call(send.data(), -1, MPI_INT, recv.data(), graph) == MPI_ERR_COUNT &&
              call(MPI_IN_PLACE, 1, MPI_INT, recv.data(), graph) == MPI_ERR_ARG;
    CHECK(all_ranks(ok, MPI_COMM_WORLD));
  }
  const int bad[2] = {p + 1, 1};
  MPI_Comm none = MPI_COMM_NULL;
  CHECK(all_ranks(error_class(stencil_graph_create(MPI_COMM_WORLD, 9, bad, &none)) == MPI_ERR_ARG &&
                      error_class(stencil_graph_create(MPI_COMM_WORLD, 7, dims, &none)) ==
                          MPI_ERR_ARG,
                  MPI_COMM_WORLD));
  MPI_Comm_free(&graph);
}

TEST_CASE("combining on a graph that is no stencil runs direct, and counts it", "[neighbor]") {
  const TestTypes tt;
  const int p = world_size();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // i → i + 1 and i + 3: a circulant graph, not a torus stencil.
  const int destinations[2] = {(rank + 1) % p, (rank + 3) % p};
  const int sources[2] = {(rank + p - 1) % p, ((rank - 3) % p + p) % p};
  Topology t{"circulant graph", MPI_COMM_NULL, 2};
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, sources, MPI_UNWEIGHTED, 2, destinations,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &t.comm);
  const long long before = neighbor_combining_fallbacks();
  const bool gather = same_as_native(neighbor_allgather_combining, MPI_Neighbor_allgather, false, t,
                                     3, Types::ints, tt);
  const bool exchange = same_as_native(neighbor_alltoall_combining, MPI_Neighbor_alltoall, true, t,
                                       3, Types::mixed, tt);
  CHECK(all_ranks(gather && exchange && neighbor_combining_fallbacks() == before + 2,
                  MPI_COMM_WORLD));
  MPI_Comm_free(&t.comm);
}

TEST_CASE("the algorithms' messages never match a user's MPI_ANY_TAG receive", "[neighbor]") {
  const TestTypes tt;
  const int p = world_size();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int dims[2] = {0, 0};
  MPI_Dims_create(p, 2, dims);
  for (Topology& t : topologies(MPI_COMM_WORLD, dims)) {
    for (const Algorithm& a : algorithms()) {
      if (!a.neighborhood() || a.is_native()) continue;
      int got[2] = {-1, -1};
      MPI_Request pending = MPI_REQUEST_NULL;
      MPI_Irecv(got, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, t.comm, &pending);
      const bool alltoall = a.collective == Collective::neighbor_alltoall;
      const bool same =
          same_as_native(a.neighbor, alltoall ? MPI_Neighbor_alltoall : MPI_Neighbor_allgather,
                         alltoall, t, 5, Types::ints, tt);
      const int mine[2] = {rank, 4242};
      MPI_Send(mine, 2, MPI_INT, (rank + 1) % p, 4242, t.comm);
      MPI_Status status;
      MPI_Wait(&pending, &status);
      INFO(to_string(a.collective) << " " << a.name << " on " << t.name);
      CHECK(all_ranks(same && status.MPI_TAG == 4242 && got[0] == (rank + p - 1) % p,
                      MPI_COMM_WORLD));
    }
    MPI_Comm_free(&t.comm);
  }
}
