// Same bits on every rank (issue 27): MPI asks that an allreduce give every rank the same
// result, and floating-point sums depend on the order of the additions. In the style of
// MPICH's allred_float: inputs mixing ±1e8 with small values, so any two orders of summation
// differ in the low bits. Every allreduce algorithm not marked float_rank_dependent must give
// bitwise-equal results on every rank; every marked one must really differ somewhere here
// (else its mark is stale and costs users the algorithm for nothing).
//
// One mpirun at p = 7 covers p = 3 and 4 (the world split in two) and p = 7.
#include "collscope/algorithms/registry.hpp"
#include "mpi_support.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

using collscope::Algorithm;
using collscope::Collective;

/// Order-sensitive inputs: large values of both signs cancel, small ones get lost or kept
/// depending on when they are added.
template <class T> std::vector<T> inputs(int rank, int count) {
  std::vector<T> v(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    switch ((rank + i) % 4) {
    case 0:
      v[static_cast<std::size_t>(i)] = static_cast<T>(1.0e8);
      break;
    case 1:
      v[static_cast<std::size_t>(i)] = static_cast<T>(-1.0e8);
      break;
    case 2:
      v[static_cast<std::size_t>(i)] = static_cast<T>(1.25 + 0.5 * rank);
      break;
    default:
      v[static_cast<std::size_t>(i)] = static_cast<T>(3.0e-3 * (i + 1));
      break;
    }
    if (std::is_same_v<T, double>) v[static_cast<std::size_t>(i)] *= static_cast<T>(1.0e9);
  }
  return v;
}

enum class Outcome { equal, differ, refused };

/// Whether every rank's bytes equal rank 0's (the same verdict on every rank of comm); refused:
/// the algorithm returned an error (full-lane on nodes of different sizes).
template <class T>
Outcome same_bits(const Algorithm& algorithm, MPI_Datatype type, int count, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const std::vector<T> in = inputs<T>(rank, count);
  std::vector<T> out(in.size()), first(in.size());
  const int rc = algorithm.allreduce(in.data(), out.data(), count, type, MPI_SUM, comm);
  if (!collscope::testing::all_ranks(rc == MPI_SUCCESS, comm)) return Outcome::refused;
  if (rank == 0) first = out;
  MPI_Bcast(first.data(), count, type, 0, comm);
  const bool equal = std::memcmp(first.data(), out.data(), out.size() * sizeof(T)) == 0;
  return collscope::testing::all_ranks(equal, comm) ? Outcome::equal : Outcome::differ;
}

/// Only full-lane may refuse (nodes of different sizes); any other error is a failure.
bool acceptable(const Algorithm& algorithm, Outcome outcome) {
  return outcome == Outcome::equal || (outcome == Outcome::refused && algorithm.full_lane());
}

} // namespace

TEST_CASE("every allreduce algorithm gives every rank the same float bits unless marked",
          "[float]") {
  const int world = collscope::testing::world_size();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // The world, and where it has more than 4 ranks, its first 3 and next 4 ranks.
  MPI_Comm part = MPI_COMM_NULL;
  const int colour = world > 4 ? (rank < 3 ? 0 : (rank < 7 ? 1 : MPI_UNDEFINED)) : 0;
  MPI_Comm_split(MPI_COMM_WORLD, colour, rank, &part);
  std::set<std::string> differed; // marked algorithms seen differing, on any communicator
  for (const Algorithm& algorithm : collscope::algorithms()) {
    if (algorithm.collective != Collective::allreduce || algorithm.is_native()) continue;
    const std::string name{algorithm.name};
    for (const MPI_Comm comm : {MPI_COMM_WORLD, part}) {
      bool ok = true;
      if (comm != MPI_COMM_NULL)
        for (const int count : {1, 7, 64, 301})
          ok = ok && acceptable(algorithm, same_bits<float>(algorithm, MPI_FLOAT, count, comm)) &&
               acceptable(algorithm, same_bits<double>(algorithm, MPI_DOUBLE, count, comm));
      // Agreed over the world, so every rank knows whether some part differed.
      ok = collscope::testing::all_ranks(ok, MPI_COMM_WORLD);
      if (algorithm.float_rank_dependent) {
        if (!ok) differed.insert(name);
      } else {
        INFO("allreduce " << name << " at p = " << world << " (and its parts)");
        CHECK(ok);
      }
    }
    if (algorithm.float_rank_dependent && world >= 7) {
      INFO("allreduce " << name << " is marked float_rank_dependent but gave equal bits");
      CHECK(differed.count(name) == 1);
    }
  }
  if (part != MPI_COMM_NULL) MPI_Comm_free(&part);
}
