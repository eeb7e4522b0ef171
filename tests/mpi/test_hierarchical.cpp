// The hierarchical and full-lane algorithms against Open MPI on node layouts described through
// the environment (collscope/algorithms/nodes.hpp): n ranks per node for several n, placed
// consecutively and round-robin, and irregular node sizes; every root, counts 0, 5 and 12,
// contiguous and non-contiguous types, MPI_IN_PLACE, a non-commutative operator where the
// layout keeps rank order. Then the refusals: full-lane on irregular nodes, scan on
// round-robin nodes, a layout that does not fit the communicator.
#include "collective_case.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/hierarchical_alltoall.hpp"
#include "collscope/algorithms/nodes.hpp"
#include "collscope/algorithms/scan.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace collscope;
using namespace collscope::testing;
using schedule::NodeSpec;
using schedule::Placement;

namespace {

/// Node sizes 3, 2, 1, 3, 2, 1, … up to p (the last one cut to fit): irregular for p ≥ 4.
std::vector<int> irregular_sizes(int p) {
  std::vector<int> sizes;
  for (int left = p, i = 0; left > 0; ++i) {
    const int size = std::min(left, 3 - i % 3);
    sizes.push_back(size);
    left -= size;
  }
  return sizes;
}

std::vector<NodeSpec> specs(int p) {
  std::vector<NodeSpec> out;
  for (int n : {1, 2, 3, 4})
    for (Placement placement : {Placement::consecutive, Placement::round_robin})
      if (n <= p && (p <= 9 || n > 1)) out.push_back(NodeSpec{{}, n, placement});
  out.push_back(NodeSpec{irregular_sizes(p), 0, Placement::explicit_sizes});
  return out;
}

std::string describe(const NodeSpec& spec, const schedule::NodeLayout& layout) {
  return "nodes " + schedule::nodes_text(layout) + " (" +
         std::string(schedule::to_string(spec.placement)) + ")";
}

/// Sets the environment's layout for the scope (every rank alike), clears it afterwards.
struct ScopedLayout {
  explicit ScopedLayout(const NodeSpec& spec) { set_node_spec(spec); }
  ~ScopedLayout() { set_node_spec(std::nullopt); }
};

bool alltoall_matches(int count, bool in_place, MPI_Comm comm) {
  int rank = 0, p = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const std::size_t n = std::size_t(p) * std::size_t(count);
  std::vector<int> send(n), ours(n, -999), theirs(n, -999);
  for (std::size_t i = 0; i < n; ++i) send[i] = rank * 100000 + static_cast<int>(i);
  if (in_place) ours = send;
  const int rc = alltoall_hierarchical(in_place ? MPI_IN_PLACE : send.data(), count, MPI_INT,
                                       ours.data(), count, MPI_INT, comm);
  MPI_Alltoall(send.data(), count, MPI_INT, theirs.data(), count, MPI_INT, comm);
  return rc == MPI_SUCCESS && ours == theirs;
}

} // namespace

TEST_CASE("hierarchical and full-lane algorithms match native MPI on node layouts",
          "[hierarchical]") {
  const TestTypes types;
  const int p = world_size();
  for (const NodeSpec& spec : specs(p)) {
    std::string error;
    const auto layout = schedule::layout_for(spec, p, error);
    REQUIRE(layout);
    const ScopedLayout scoped(spec);
    INFO(describe(spec, *layout));
    for (const Algorithm& a : algorithms()) {
      if (!a.hierarchical()) continue;
      if (a.full_lane() && !layout->regular()) continue;
      if (a.prefix() && !layout->rank_ordered()) continue;
      for (int root = 0; root < (a.has_root() ? p : 1); ++root)
        for (int count : {0, 5, 12})
          for (bool in_place : {false, true}) {
            if (in_place && a.collective == Collective::bcast) continue;
            if (a.reduces()) {
              Case c{&a, root, count, Types::ints, in_place};
              INFO(c.describe(MPI_COMM_WORLD) << " sum");
              CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
              if (!layout->rank_ordered() || a.commutative_only) continue;
              c.op = types.affine();
              c.datatype = types.pair();
              INFO(c.describe(MPI_COMM_WORLD) << " non-commutative");
              CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
              continue;
            }
            for (Types t : {Types::ints, Types::vectors}) {
              const Case c{&a, root, count, t, in_place};
              INFO(c.describe(MPI_COMM_WORLD));
              CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
            }
          }
    }
    for (int count : {0, 1, 3})
      for (bool in_place : {false, true}) {
        INFO("alltoall hierarchical count " << count << (in_place ? " in place" : ""));
        CHECK(all_ranks(alltoall_matches(count, in_place, MPI_COMM_WORLD), MPI_COMM_WORLD));
      }
  }
}

TEST_CASE("hierarchical algorithms refuse layouts they cannot serve, on every rank",
          "[hierarchical]") {
  const int p = world_size();
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  std::vector<int> data(8, 1), out(8, 0);
  {
    // One node more than there are ranks: the sizes cannot sum to p.
    const ScopedLayout scoped(
        NodeSpec{std::vector<int>(std::size_t(p) + 1, 1), 0, Placement::explicit_sizes});
    int error_class = MPI_SUCCESS;
    MPI_Error_class(bcast_hierarchical(data.data(), 8, MPI_INT, 0, comm), &error_class);
    CHECK(all_ranks(error_class == MPI_ERR_ARG, comm));
  }
  if (p >= 3) {
    const ScopedLayout scoped(NodeSpec{{p - 1, 1}, 0, Placement::explicit_sizes});
    int error_class = MPI_SUCCESS;
    MPI_Error_class(bcast_full_lane(data.data(), 8, MPI_INT, 0, comm), &error_class);
    CHECK(all_ranks(error_class == MPI_ERR_ARG, comm));
  }
  if (p >= 3) {
    const ScopedLayout scoped(NodeSpec{{}, 2, Placement::round_robin});
    int error_class = MPI_SUCCESS;
    MPI_Error_class(scan_hierarchical(data.data(), out.data(), 8, MPI_INT, MPI_SUM, comm),
                    &error_class);
    CHECK(all_ranks(error_class == MPI_ERR_ARG, comm));
  }
  MPI_Comm_free(&comm);
}
