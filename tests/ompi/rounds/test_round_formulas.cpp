// The formulas of round_formulas.hpp against the one-ported rule run on each algorithm's message
// order (ompi_programs.hpp), over p = 2 … 40, every root, unsegmented and segmented, chain
// fanouts 1 … 4: a formula that does not follow from the algorithm under the rule fails here.
// And issue 36's table, as the rule gives it.
#define CATCH_CONFIG_MAIN
#include "expected_rounds.hpp"
#include "one_ported_oracle.hpp"
#include "round_formulas.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

using namespace collscope::ompi_rounds;

namespace {

const std::vector<std::pair<std::string, std::string>> algorithms = {
    {"bcast", "basic_linear"},
    {"bcast", "chain"},
    {"bcast", "pipeline"},
    {"bcast", "split_binary_tree"},
    {"bcast", "binary_tree"},
    {"bcast", "binomial"},
    {"bcast", "knomial"},
    {"bcast", "scatter_allgather"},
    {"bcast", "scatter_allgather_ring"},
    {"reduce", "linear"},
    {"reduce", "chain"},
    {"reduce", "pipeline"},
    {"reduce", "binary"},
    {"reduce", "binomial"},
    {"reduce", "in-order_binary"},
    {"allreduce", "basic_linear"},
    {"allreduce", "nonoverlapping"},
    {"allreduce", "recursive_doubling"},
    {"allreduce", "ring"},
    {"scan", "linear"},
    {"scan", "recursive_doubling"},
    {"allgather", "linear"},
    {"allgather", "bruck"},
    {"allgather", "recursive_doubling"},
    {"allgather", "ring"},
    {"allgather", "neighbor"},
    {"gather", "basic_linear"},
    {"gather", "binomial"},
    {"gather", "linear_sync"},
    {"scatter", "basic_linear"},
    {"scatter", "binomial"},
    {"scatter", "linear_nb"},
    {"barrier", "linear"},
    {"barrier", "double_ring"},
    {"barrier", "recursive_doubling"},
    {"barrier", "bruck"},
    {"barrier", "tree"},
    {"alltoall", "linear"},
    {"alltoall", "pairwise"},
    {"alltoall", "modified_bruck"},
    {"alltoall", "linear_sync"}};

int simulated(const Case& c) {
  return one_ported_rounds(program_of(c)).rounds;
}

} // namespace

TEST_CASE("every generated program matches its messages and has no cycle") {
  for (const auto& [coll, alg] : algorithms)
    for (int p = 2; p <= 24; ++p)
      for (int root = 0; root < p; ++root)
        for (const int segsize : {0, 40, 4}) {
          const Case c{coll, alg, p, root, 100, segsize, 3, 4};
          const OracleRounds o = one_ported_rounds(program_of(c));
          INFO(coll << "/" << alg << " p=" << p << " root=" << root << " segsize=" << segsize);
          REQUIRE(o.matched);
          REQUIRE(o.consistent);
          REQUIRE(o.messages > 0);
        }
}

TEST_CASE("each closed form equals the rule on the algorithm's message order") {
  int formulas = 0;
  for (const auto& [coll, alg] : algorithms)
    for (int p = 2; p <= 40; ++p)
      for (int root = 0; root < p; root += (p > 12 ? 5 : 1))
        for (const int segsize : {0, 40, 4})
          for (int fanout = 1; fanout <= 4; ++fanout) {
            const Case c{coll, alg, p, root, 100, segsize, fanout, 4};
            const auto formula = round_formula(c);
            if (!formula) continue;
            ++formulas;
            INFO(coll << "/" << alg << " p=" << p << " root=" << root << " segsize=" << segsize
                      << " fanout=" << fanout);
            REQUIRE(*formula == simulated(c));
          }
  CHECK(formulas > 10000);
}

TEST_CASE("the counts of issue 36's table, from the algorithms' definitions") {
  CHECK(expected_rounds({"allreduce", "recursive_doubling", 6, 0, 100}).rounds == 4);
  CHECK(expected_rounds({"gather", "binomial", 4, 0, 100}).rounds == 2);
  CHECK(expected_rounds({"scan", "linear", 4, 0, 100}).rounds == 3);
  // 100 ints in segments of 40 bytes: 10 segments.
  CHECK(segments(40, 100) == 10);
  CHECK(expected_rounds({"bcast", "pipeline", 8, 0, 100, 40}).rounds == 16);
  CHECK(expected_rounds({"barrier", "recursive_doubling", 3, 0, 1}).rounds == 3);
  CHECK(expected_rounds({"barrier", "recursive_doubling", 4, 0, 1}).rounds == 2);
}

TEST_CASE("the recursive-doubling barrier at p = 3 takes 3 rounds: ties by the receiver's order") {
  // Rank 0's program: recv 2→0, send 0→1, recv 1→0, send 0→2. 1→0 and 2→0 are both ready in
  // round 0 at their senders' position 0; by the sender's rank (the rule as first stated) 1→0
  // won and the barrier took 4; by the receiver's order 2→0 goes first: 3, as issue 36 says.
  const Program program = program_of({"barrier", "recursive_doubling", 3, 0, 1});
  CHECK(program.ranks[0].size() == 4);
  CHECK(one_ported_rounds(program).rounds == 3);
}

TEST_CASE("trees are Open MPI's") {
  // coll_base_topo.c's own examples.
  const Tree bintree = build_tree(2, 7, 0);
  CHECK(bintree[1].children == std::vector<int>{3, 5});
  CHECK(bintree[2].children == std::vector<int>{4, 6});
  const Tree in_order = build_in_order_bintree(9);
  CHECK(in_order[8].children == std::vector<int>{7, 3});
  CHECK(in_order[3].children == std::vector<int>{2, 1});
  CHECK(in_order[1].children == std::vector<int>{0});
  const Tree kmtree = build_kmtree(10, 0, 3);
  CHECK(kmtree[0].children == std::vector<int>{9, 3, 6, 1, 2});
  CHECK(kmtree[3].children == std::vector<int>{4, 5});
  const Tree in_order_bm = build_in_order_bmtree(8, 0);
  CHECK(in_order_bm[0].children == std::vector<int>{1, 2, 4});
  CHECK(in_order_bm[4].children == std::vector<int>{5, 6});
  const Tree chain = build_chain(2, 8, 0);
  CHECK(chain[0].children == std::vector<int>{1, 5});
  CHECK(chain[4].children.empty());
}
