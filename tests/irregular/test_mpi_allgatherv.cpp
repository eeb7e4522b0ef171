// The ring allgatherv algorithms against Open MPI's MPI_Allgatherv, beyond the common sweep of
// test_mpi_native.cpp: the pipelined ring at piece sizes from one element to more than any
// block (then it is the plain ring), the pipelining lemma's and the tuning's piece on large
// blocks, and all the data on one rank.
#include "collscope/algorithms/allgatherv.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/ring_pipeline.hpp"
#include "irregular_case.hpp"
#include "problem_cases.hpp"

#include <catch2/catch.hpp>

using namespace collscope;
using namespace collscope::testing;

namespace {

const Algorithm& algorithm(std::string_view name) {
  const Algorithm* a = find_algorithm(Collective::allgatherv, name);
  REQUIRE(a != nullptr);
  return *a;
}

std::vector<std::vector<int>> count_sets(int p) {
  std::vector<std::vector<int>> sets;
  for (schedule::Problem problem : schedule::all_problems)
    for (int b : {1, 5}) sets.push_back(schedule::problem_blocks(problem, p, b, 4));
  for (std::uint64_t seed : {3u, 4u}) { // empty blocks in every position
    std::vector<int> counts;
    for (std::int64_t m : collscope::test::sparse_blocks(p, seed))
      counts.push_back(static_cast<int>(m % 11));
    sets.push_back(counts);
  }
  sets.push_back(std::vector<int>(static_cast<std::size_t>(p), 0));
  sets.push_back(schedule::single_block(p, p - 1, 9));
  return sets;
}

bool check(const IrregularCase& c, const TestTypes& types) {
  INFO(c.describe(MPI_COMM_WORLD));
  const bool ok = all_ranks(matches_native(c, types, MPI_COMM_WORLD), MPI_COMM_WORLD);
  CHECK(ok);
  return ok;
}

} // namespace

TEST_CASE("allgatherv ring-pipelined matches native MPI at every piece size", "[native]") {
  const TestTypes types;
  const Algorithm& a = algorithm("ring-pipelined");
  const int p = world_size();
  // 1: every element its own piece; 1 << 20: one piece per block, the plain ring's schedule.
  for (int piece : {1, 2, 5, 1 << 20})
    for (const std::vector<int>& counts : count_sets(p)) {
      // Every layout and datatype at the extreme sizes; the shuffled layout in between.
      const bool extreme = piece == 1 || piece == 1 << 20;
      for (Placement placement :
           {Placement::shuffled, Placement::packed, Placement::gaps, Placement::reversed})
        for (Types t : {Types::ints, Types::vectors, Types::mixed})
          for (bool in_place : {false, true}) {
            if (!extreme && (placement != Placement::shuffled || t == Types::vectors)) continue;
            if (in_place && t == Types::mixed) continue; // own block is in the receive type
            if (t == Types::vectors && placement != Placement::gaps) continue;
            IrregularCase c{&a, 0, counts, placement, t, in_place};
            c.piece = piece;
            check(c, types);
          }
    }
}

TEST_CASE("allgatherv with all the data on one rank", "[native]") {
  const TestTypes types;
  const int p = world_size();
  for (int holder : {0, p / 2, p - 1})
    for (std::string_view name : {"ring", "ring-pipelined"})
      for (int piece : {0, 1, 7}) {
        if (name == "ring" && piece > 0) continue;
        IrregularCase c{&algorithm(name),    0,           schedule::single_block(p, holder, 40),
                        Placement::reversed, Types::ints, false};
        c.piece = piece;
        check(c, types);
      }
}

TEST_CASE("allgatherv on large blocks: the lemma's piece and the tuning's", "[native]") {
  const TestTypes types;
  const int p = world_size();
  const PipelineTuning saved = pipeline_tuning();
  for (int tuned : {0, 100, 1 << 30}) {
    PipelineTuning tuning = saved;
    tuning.piece = tuned;
    set_pipeline_tuning(tuning);
    for (std::string_view name : {"ring", "ring-pipelined"}) {
      if (name == "ring" && tuned > 0) continue;
      for (schedule::Problem problem :
           {schedule::Problem::random, schedule::Problem::spikes, schedule::Problem::two_blocks})
        for (Types t : {Types::ints, Types::mixed}) {
          const IrregularCase c{&algorithm(name), 0, schedule::problem_blocks(problem, p, 3000, 2),
                                Placement::gaps,  t, false};
          INFO("tuning.piece = " << tuned);
          check(c, types);
        }
    }
  }
  set_pipeline_tuning(saved);
}

TEST_CASE("allgatherv piece size follows the tuning override and the lemma", "[native]") {
  const PipelineTuning saved = pipeline_tuning();
  const int counts[] = {1000, 0, 30, 7000, 1};
  PipelineTuning tuning = saved;
  tuning.piece = 64;
  set_pipeline_tuning(tuning);
  CHECK(allgatherv_piece_for(5, counts, MPI_INT) == 64);
  tuning.piece = 0;
  set_pipeline_tuning(tuning);
  const std::vector<std::int64_t> wide(std::begin(counts), std::end(counts));
  CHECK(allgatherv_piece_for(5, counts, MPI_INT) ==
        schedule::ring_allgatherv_best_piece(wide, 4, tuning.alpha, tuning.beta));
  CHECK(allgatherv_piece_for(2, counts, MPI_INT) == 1000); // two ranks: whole blocks
  set_pipeline_tuning(saved);
}

TEST_CASE("allgatherv ring-pipelined refuses a piece size below one on every rank", "[native]") {
  const int p = world_size();
  std::vector<int> counts(static_cast<std::size_t>(p), 2), displs(counts.size());
  for (int i = 0; i < p; ++i) displs[i] = 2 * i;
  std::vector<int> mine{1, 2}, all(static_cast<std::size_t>(2 * p), 0);
  const int rc = allgatherv_ring_pipelined_piece(mine.data(), 2, MPI_INT, all.data(), counts.data(),
                                                 displs.data(), MPI_INT, MPI_COMM_WORLD, 0);
  CHECK(all_ranks(rc != MPI_SUCCESS, MPI_COMM_WORLD));
}
