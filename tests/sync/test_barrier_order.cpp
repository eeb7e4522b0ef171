// Barriers checked by what a barrier is: no rank leaves before every rank entered
// (collscope/algorithms/barrier_check.hpp). Every registered barrier and ibarrier passes; two
// deliberately broken barriers — one that does not wait at all, one that stops a round short
// of the dissemination — are caught, so the check can fail. Nonblocking collectives: MPI_Test
// alone completes them while the program computes, and two pending at once on one
// communicator do not take each other's messages.
#include "collscope/algorithms/barrier_check.hpp"
#include "collscope/algorithms/nonblocking.hpp"
#include "collscope/algorithms/registry.hpp"
#include "mpi_support.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace collscope;
using collscope::testing::all_ranks;
using collscope::testing::world_size;

namespace {

/// Dissemination without its last round: for p ≥ 3 some rank has not heard from some other.
int short_dissemination(MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  for (int d = 1; 2 * d < p; d *= 2)
    MPI_Sendrecv(nullptr, 0, MPI_BYTE, (rank + d) % p, 99, nullptr, 0, MPI_BYTE, (rank - d + p) % p,
                 99, comm, MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}

} // namespace

TEST_CASE("every barrier and ibarrier lets no rank leave before all entered", "[sync]") {
  for (const Algorithm& a : algorithms()) {
    if (blocking_twin(a.collective) != Collective::barrier) continue;
    INFO(to_string(a.collective) << " " << a.name);
    const BarrierCheck check = check_barrier_order(
        [&](MPI_Comm comm) {
          if (!a.nonblocking()) return a.barrier(comm);
          MPI_Request request = MPI_REQUEST_NULL;
          const int rc = a.ibarrier(comm, &request);
          return rc != MPI_SUCCESS ? rc : MPI_Wait(&request, MPI_STATUS_IGNORE);
        },
        MPI_COMM_WORLD, 0.003);
    CHECK(check.code == MPI_SUCCESS);
    CHECK(check.shared_clock);
    CHECK(check.passes == world_size());
    CHECK_FALSE(check.violation);
  }
}

TEST_CASE("broken barriers are caught", "[sync]") {
  const int p = world_size();
  if (p < 2) return;
  const BarrierCheck none =
      check_barrier_order([](MPI_Comm) { return MPI_SUCCESS; }, MPI_COMM_WORLD, 0.02);
  REQUIRE(none.violation);
  CHECK(none.violation->early_by > 0);
  if (p < 3) return; // at p = 2 the short dissemination is complete
  const BarrierCheck shortened = check_barrier_order(short_dissemination, MPI_COMM_WORLD, 0.02);
  CHECK(shortened.violation);
}

TEST_CASE("MPI_Test alone completes an ibcast while the program computes", "[sync]") {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<int> data(5000, rank == 1 % world_size() ? 42 : 0);
  MPI_Request request = MPI_REQUEST_NULL;
  REQUIRE(ibcast_binomial(data.data(), 5000, MPI_INT, 1 % world_size(), MPI_COMM_WORLD, &request) ==
          MPI_SUCCESS);
  int done = 0;
  for (int spins = 0; !done && spins < 10000000; ++spins)
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  CHECK(all_ranks(done == 1 && data.front() == 42 && data.back() == 42, MPI_COMM_WORLD));
}

TEST_CASE("two pending nonblocking collectives on one communicator stay apart", "[sync]") {
  const int p = world_size();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Request requests[3];
  std::vector<int> a(3, rank), b(3, 10 * rank), want_a(3), want_b(3);
  REQUIRE(ibarrier_dissemination(MPI_COMM_WORLD, &requests[0]) == MPI_SUCCESS);
  REQUIRE(iallreduce_butterfly(MPI_IN_PLACE, a.data(), 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                               &requests[1]) == MPI_SUCCESS);
  REQUIRE(iallreduce_butterfly(MPI_IN_PLACE, b.data(), 3, MPI_INT, MPI_MAX, MPI_COMM_WORLD,
                               &requests[2]) == MPI_SUCCESS);
  REQUIRE(MPI_Waitall(3, requests, MPI_STATUSES_IGNORE) == MPI_SUCCESS);
  const std::vector<int> sum(3, p * (p - 1) / 2), max(3, 10 * (p - 1));
  CHECK(all_ranks(a == sum && b == max, MPI_COMM_WORLD));
}
