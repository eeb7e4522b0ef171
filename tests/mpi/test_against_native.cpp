// Every registered algorithm against Open MPI's own collective on MPI_COMM_WORLD: every root,
// counts 0, 1 and 5, contiguous, non-contiguous and mixed datatypes, MPI_IN_PLACE.
#include "collective_case.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::testing;

namespace {

bool in_place_allowed(const Algorithm& a, Types types) {
  // In place, a rank's own block already sits in the receive buffer, in the receive type.
  return a.collective != Collective::bcast && types != Types::mixed;
}

bool types_allowed(const Algorithm& a, Types types) {
  // Block boundaries of the pipeline are counted in elements of each rank's own datatype, as
  // in Open MPI's segmented broadcasts: all ranks must pass the same (count, datatype).
  // The full-lane broadcast cuts the vector into one piece per lane, counted the same way.
  return !((a.uses_blocks() || a.full_lane()) && types == Types::mixed);
}

} // namespace

TEST_CASE("rooted and all-to-all collectives match native MPI", "[native]") {
  const TestTypes types;
  const int p = world_size();
  for (const Algorithm& a : algorithms()) {
    if (a.is_native() || a.reduces() || a.neighborhood()) continue; // neighbor: tests/neighbor
    for (int root : roots_to_test(a, p))
      for (int count : {0, 1, 5})
        for (Types t : {Types::ints, Types::vectors, Types::mixed})
          for (bool in_place : {false, true}) {
            if (!types_allowed(a, t) || (in_place && !in_place_allowed(a, t))) continue;
            const Case c{&a, root, count, t, in_place};
            INFO(c.describe(MPI_COMM_WORLD));
            CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
          }
  }
}

TEST_CASE("reductions match native MPI for commutative and non-commutative ops", "[native]") {
  const TestTypes types;
  const int p = world_size();
  struct OpCase {
    const char* name;
    MPI_Op op;
    MPI_Datatype datatype;
    bool commutative;
  };
  const OpCase ops[] = {
      {"sum/int", MPI_SUM, MPI_INT, true},
      {"max/int", MPI_MAX, MPI_INT, true},
      {"sum/vector (Open MPI refuses: MPI_ERR_OP)", MPI_SUM, types.vector(), true},
      {"affine/pair", types.affine(), types.pair(), false}};
  for (const Algorithm& a : algorithms()) {
    if (a.is_native() || !a.reduces()) continue;
    for (const OpCase& o : ops) {
      if (a.commutative_only && !o.commutative) continue;
      for (int root : roots_to_test(a, p))
        for (int count : {0, 1, 5, 7, 1000})
          for (bool in_place : {false, true}) {
            Case c{&a, root, count, Types::ints, in_place};
            c.op = o.op;
            c.datatype = o.datatype;
            INFO(c.describe(MPI_COMM_WORLD) << " op=" << o.name);
            CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
          }
    }
  }
}

TEST_CASE("large messages match native MPI", "[native]") {
  const TestTypes types;
  const int p = world_size();
  for (const Algorithm& a : algorithms()) {
    if (a.is_native() || a.neighborhood()) continue;
    // A million ints through bcast and reduce; 20000 per block through the others.
    const bool vector_sized =
        a.collective == Collective::bcast || a.collective == Collective::reduce;
    Case c{&a, p / 2, vector_sized ? 1 << 20 : 20000, Types::ints, false};
    INFO(c.describe(MPI_COMM_WORLD));
    CHECK(all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD));
  }
}
