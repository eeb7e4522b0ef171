// Every algorithm at every communicator size 1..p, in one mpirun: the world is split into a
// communicator of the first q ranks for q = 1..p. Counts 0 and 3, contiguous, non-contiguous
// and mixed datatypes, MPI_IN_PLACE where MPI allows it. The roots are sampled (0, 1, the
// middle and the last: the root's own block first, last and inside, and the rotation by one);
// COLLSCOPE_TEST_EXHAUSTIVE=1 (`ctest -L exhaustive`) takes every root.
#include "collective_case.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <set>

using namespace collscope;
using namespace collscope::testing;

namespace {

std::set<int> roots_of(int q, bool every) {
  std::set<int> roots;
  if (every)
    for (int r = 0; r < q; ++r) roots.insert(r);
  else
    roots = {0, std::min(1, q - 1), q / 2, q - 1};
  return roots;
}

} // namespace

TEST_CASE("every algorithm at every size up to the world's, sampled roots", "[sizes]") {
  const char* exhaustive = std::getenv("COLLSCOPE_TEST_EXHAUSTIVE");
  const bool every_root = exhaustive != nullptr && std::strcmp(exhaustive, "1") == 0;
  const TestTypes types;
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (int q = 1; q <= p; ++q) {
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, rank < q ? 0 : MPI_UNDEFINED, rank, &comm);
    bool ok = true;
    std::string first_failure;
    if (comm != MPI_COMM_NULL) {
      for (const Algorithm& a : algorithms()) {
        if (a.is_native() || a.neighborhood()) continue; // on topologies: tests/neighbor
        // The guideline mock-ups call the library's collectives: the runs at the ten process
        // counts of "mpi: p=N" cover them, a sweep of every size would double their share.
        if (a.mock_up()) continue;
        for (int root : roots_of(a.has_root() ? q : 1, every_root))
          for (int count : {0, 3})
            for (Types t : {Types::ints, Types::vectors, Types::mixed})
              for (bool in_place : {false, true}) {
                if ((a.uses_blocks() || a.full_lane()) && t == Types::mixed) continue;
                if (a.reduces() && t != Types::ints) continue;
                if (in_place && (t == Types::mixed || a.collective == Collective::bcast)) continue;
                const Case c{&a, root, count, t, in_place};
                const bool good = all_ranks(matches_native(c, types, comm), comm);
                if (!good && ok) first_failure = c.describe(comm);
                ok = ok && good;
              }
      }
      MPI_Comm_free(&comm);
    }
    INFO("size " << q << ", first failure: " << first_failure);
    CHECK(all_ranks(ok, MPI_COMM_WORLD));
  }
}
