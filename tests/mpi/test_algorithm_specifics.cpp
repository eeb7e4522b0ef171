// Behaviour particular to single algorithms: pipeline block counts and the refusal of the
// binomial reduction to reorder a non-commutative operation.
#include "collective_case.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/tuning.hpp"

#include <catch2/catch.hpp>
#include <numeric>
#include <vector>

using namespace collscope;
using namespace collscope::testing;

TEST_CASE("pipeline broadcast is correct for every block count", "[pipeline]") {
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const int count = 37;
  for (int blocks : {1, 2, 3, 7, 36, 37, 100}) {
    for (int root = 0; root < p; ++root) {
      std::vector<int> buffer(count, -1);
      if (rank == root) std::iota(buffer.begin(), buffer.end(), 100);
      const int rc =
          bcast_pipeline_blocks(buffer.data(), count, MPI_INT, root, MPI_COMM_WORLD, blocks);
      std::vector<int> expected(count);
      std::iota(expected.begin(), expected.end(), 100);
      INFO("blocks=" << blocks << " root=" << root);
      CHECK(all_ranks(rc == MPI_SUCCESS && buffer == expected, MPI_COMM_WORLD));
    }
  }
}

TEST_CASE("pipeline block count follows the tuning override and the lemma", "[pipeline]") {
  const PipelineTuning saved = pipeline_tuning();
  PipelineTuning forced = saved;
  forced.blocks = 5;
  set_pipeline_tuning(forced);
  CHECK(pipeline_blocks_for(8, 1000, MPI_INT) == 5);
  CHECK(pipeline_blocks_for(8, 3, MPI_INT) == 3);
  set_pipeline_tuning(saved);
  // Lemma: M* = √((p − 2)βm/α); with α = 1 µs, β = 1 ns/B, p = 8, m = 4 MB: √24000 ≈ 155.
  set_pipeline_tuning({0, 1e-6, 1e-9});
  const int m = pipeline_blocks_for(8, 1'000'000, MPI_INT);
  CHECK(m >= 154);
  CHECK(m <= 156);
  set_pipeline_tuning(saved);
}

TEST_CASE("binomial reduce refuses a non-commutative op on every rank", "[reduce]") {
  const TestTypes types;
  std::vector<int> send(4, 1), recv(4, 0);
  const int rc =
      reduce_binomial(send.data(), recv.data(), 2, types.pair(), types.affine(), 0, MPI_COMM_WORLD);
  CHECK(all_ranks(rc == MPI_ERR_OP, MPI_COMM_WORLD));
}

TEST_CASE("commutative-only reductions refuse a non-commutative op on every rank", "[reduce]") {
  // The refusal comes before any message: a rank that sent would leave its partner waiting,
  // and the test would hang instead of failing.
  const TestTypes types;
  const int p = world_size();
  for (const Algorithm& a : algorithms()) {
    if (!a.commutative_only) continue;
    INFO(to_string(a.collective) << " " << a.name);
    std::vector<int> send(4 * static_cast<std::size_t>(p), 1), recv(send.size(), 0);
    const std::vector<int> counts(static_cast<std::size_t>(p), 2);
    int rc = MPI_SUCCESS;
    if (a.collective == Collective::reduce)
      rc = a.reduce(send.data(), recv.data(), 2, types.pair(), types.affine(), 0, MPI_COMM_WORLD);
    else if (a.collective == Collective::allreduce)
      rc = a.allreduce(send.data(), recv.data(), 2, types.pair(), types.affine(), MPI_COMM_WORLD);
    else if (a.collective == Collective::reduce_scatter_block)
      rc = a.reduce_scatter_block(send.data(), recv.data(), 2, types.pair(), types.affine(),
                                  MPI_COMM_WORLD);
    else if (a.collective == Collective::reduce_scatter)
      rc = a.reduce_scatter(send.data(), recv.data(), counts.data(), types.pair(), types.affine(),
                            MPI_COMM_WORLD);
    int error_class = rc;
    if (rc != MPI_SUCCESS) MPI_Error_class(rc, &error_class);
    CHECK(all_ranks(error_class == MPI_ERR_OP, MPI_COMM_WORLD));
  }
}
