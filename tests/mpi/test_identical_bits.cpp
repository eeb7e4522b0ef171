// MPI requires every rank to get the same result from an allreduce. With floating-point sums,
// operands combined in a different order give different bits, so an algorithm whose ranks
// compute the result separately must combine the same operands the same way everywhere. The
// doubly pipelined allreduce computes each result block at both roots (tree A's partial on the
// left at both), and every other rank receives one of the two: this holds it to identical bits
// on every rank, with values whose sums depend on the order (1e16-scale terms and small ones),
// at several block counts, and to rank order with the non-commutative op.
#include "collscope/algorithms/allreduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "mpi_support.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <vector>

using namespace collscope;
using namespace collscope::testing;

TEST_CASE("doubly pipelined allreduce: identical bits on every rank for double sums",
          "[allreduce]") {
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const PipelineTuning saved = pipeline_tuning();
  constexpr int count = 997;
  for (const int blocks : {1, 4, 50}) {
    PipelineTuning tuning = saved;
    tuning.blocks = blocks;
    set_pipeline_tuning(tuning);
    std::vector<double> in(count), out(count, 0.0), first(count, 0.0);
    for (int i = 0; i < count; ++i)
      in[i] = (rank % 2 == 0 ? 1e16 : -1e16) * std::sin(i + 1.0) + 1.0 / (rank + 3.0 + i);
    const int rc =
        allreduce_doubly_pipelined(in.data(), out.data(), count, MPI_DOUBLE, MPI_SUM,
                                   MPI_COMM_WORLD);
    CHECK(all_ranks(rc == MPI_SUCCESS, MPI_COMM_WORLD));
    if (rank == 0) first = out;
    MPI_Bcast(first.data(), count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    INFO("p = " << p << ", M = " << blocks);
    CHECK(all_ranks(std::memcmp(first.data(), out.data(), sizeof(double) * count) == 0,
                    MPI_COMM_WORLD));
  }
  set_pipeline_tuning(saved);
}

TEST_CASE("doubly pipelined allreduce: the non-commutative op in rank order at many blocks",
          "[allreduce]") {
  const TestTypes types;
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const PipelineTuning saved = pipeline_tuning();
  constexpr int count = 40; // pairs (a, b): x ↦ a·x + b
  for (const int blocks : {3, 40}) {
    PipelineTuning tuning = saved;
    tuning.blocks = blocks;
    set_pipeline_tuning(tuning);
    std::vector<int> in(2 * count), out(2 * count), expected(2 * count);
    for (int i = 0; i < count; ++i) {
      in[2 * i] = (rank + i) % 3 + 1;
      in[2 * i + 1] = rank - i;
    }
    MPI_Allreduce(in.data(), expected.data(), count, types.pair(), types.affine(),
                  MPI_COMM_WORLD);
    const int rc = allreduce_doubly_pipelined(in.data(), out.data(), count, types.pair(),
                                              types.affine(), MPI_COMM_WORLD);
    INFO("p = " << p << ", M = " << blocks);
    CHECK(all_ranks(rc == MPI_SUCCESS && out == expected, MPI_COMM_WORLD));
  }
  set_pipeline_tuning(saved);
}
