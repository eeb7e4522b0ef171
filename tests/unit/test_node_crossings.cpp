// Algorithm::one_sender_per_node, derived from the schedules: with ranks filling nodes of n in
// order, a flagged algorithm sends to other nodes from at most one rank of a node in any round
// (so auto charges its bytes between nodes at β', not β'·n/lanes), and every bcast or reduce
// tree whose messages carry the whole vector and that keeps to this is flagged.
#include "collscope/algorithms/registry.hpp"
#include "collscope/schedule/patterns.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <utility>

using namespace collscope;

namespace {

/// The most ranks of one node that send to other nodes in one round, over every round of the
/// pattern, for nodes of n consecutive ranks (the last node may hold fewer).
int most_senders_off_node(const schedule::Pattern& pattern, int n) {
  std::map<std::pair<int, int>, std::set<int>> senders; // (round, node) → ranks
  for (const schedule::PatternMessage& m : pattern.messages)
    if (m.from / n != m.to / n) senders[{m.round, m.from / n}].insert(m.from);
  std::size_t most = 0;
  for (const auto& [key, ranks] : senders) most = std::max(most, ranks.size());
  return static_cast<int>(most);
}

/// The most over p = 1..64, every root, nodes of n = 2..16 and (k-nomial trees) k = 2, 3, 4, 8.
int most_senders_off_node(const schedule::PatternAlgorithm& pa) {
  int most = 0;
  for (const int k : pa.uses_radix ? std::vector<int>{2, 3, 4, 8} : std::vector<int>{1})
    for (int p = 1; p <= 64; ++p)
      for (int root = 0; root < p; ++root) {
        const schedule::Pattern pattern = pa.make({.p = p, .root = root, .blocks = k});
        for (int n = 2; n <= 16; ++n) most = std::max(most, most_senders_off_node(pattern, n));
      }
  return most;
}

} // namespace

TEST_CASE("one sender per node: flagged exactly where the schedules send off a node from one "
          "rank a round") {
  int flagged = 0;
  for (const schedule::PatternAlgorithm& pa : schedule::pattern_algorithms()) {
    if (!pa.in_registry || (pa.collective != "bcast" && pa.collective != "reduce")) continue;
    const Algorithm* a = find_algorithm(*parse_collective(pa.collective), pa.name);
    REQUIRE(a != nullptr);
    CAPTURE(pa.collective, pa.name);
    // Pipelines move pieces, scatter-based broadcasts parts of the vector: the whole-vector
    // trees only (the flag says nothing of the others' pieces).
    const bool whole_vector = !a->uses_blocks() && !a->hierarchical() &&
                              !pa.name.starts_with("scatter-") && pa.name != "two-tree";
    const int most = most_senders_off_node(pa);
    CAPTURE(most);
    CHECK(a->one_sender_per_node == (whole_vector && most <= 1));
    flagged += a->one_sender_per_node;
  }
  // bcast linear, pre-order binomial and k-nomial; reduce binomial. The bit-reversed binomial
  // bcast sends from every rank of a node at once (p = 32, n = 16: 16), as does the k-nomial
  // reduce (k − 1 children of one parent).
  CHECK(flagged == 4);
  for (const Algorithm& a : algorithms())
    if (a.one_sender_per_node) {
      CAPTURE(a.name);
      CHECK(schedule::find_pattern(to_string(a.collective), a.name) != nullptr);
    }
}

namespace {

/// The share of the bytes sent by all ranks that stays inside their nodes (nodes of n
/// consecutive ranks).
double inside_share(const schedule::Pattern& pattern, int n) {
  double inside = 0, all = 0;
  for (const schedule::PatternMessage& m : pattern.messages) {
    all += m.size;
    if (m.to / n == m.from / n) inside += m.size;
  }
  return all > 0 ? inside / all : 0.0;
}

} // namespace

TEST_CASE("nearest first: flagged exactly where a doubling's first rounds stay in the node") {
  // An allgather's or reduce-scatter's doubling or halving on p = 2^a ranks in nodes of n = 2^b:
  // auto's model (choose.cpp) has the node keep its small rounds, n − 1 blocks of the p − 1 a
  // rank sends, when an allgather is flagged or a reduce-scatter is not, and its large ones
  // otherwise, (n − 1)/n of the vector against (p − 1)/p. Checked on the bytes of the
  // schedules. The circulant (dissemination) sends its small rounds' 2^k blocks across from
  // the last 2^k ranks of every node: its share inside is n(n − 1) − (n² − 1)/3 blocks of a
  // node's n(p − 1), a little below the model's (p = 256, n = 16: 85 of 3840 blocks a node).
  int flagged = 0, doublings = 0;
  for (const schedule::PatternAlgorithm& pa : schedule::pattern_algorithms()) {
    if (!pa.in_registry ||
        (pa.collective != "allgather" && pa.collective != "reduce_scatter_block"))
      continue;
    const Algorithm* a = find_algorithm(*parse_collective(pa.collective), pa.name);
    REQUIRE(a != nullptr);
    CAPTURE(pa.collective, pa.name);
    flagged += a->nearest_first;
    if (pa.make({.p = 16}).rounds != 4) { // the rings: p − 1 rounds, not a doubling
      CHECK_FALSE(a->nearest_first);
      continue;
    }
    ++doublings;
    const bool small_inside = (pa.collective == "allgather") == a->nearest_first;
    const bool circulant_schedule = pa.name == "dissemination";
    if (circulant_schedule) CHECK(small_inside); // its small rounds are its first ones
    for (int p = 4; p <= 64; p *= 2)
      for (int n = 2; n < p; n *= 2) {
        CAPTURE(p, n);
        const double small = (n - 1.0) / (p - 1), large = (n - 1.0) * p / (n * (p - 1.0));
        const double circulant = (n * (n - 1.0) - (n * n - 1.0) / 3) / (n * (p - 1.0));
        CHECK(inside_share(pa.make({.p = p}), n) == Approx(circulant_schedule ? circulant
                                                           : small_inside     ? small
                                                                              : large));
      }
  }
  // allgather dissemination and recursive doubling; reduce_scatter_block ordered-halving (its
  // `halving` goes largest distance first).
  CHECK(doublings == 4);
  CHECK(flagged == 3);
  for (const Algorithm& a : algorithms())
    if (a.nearest_first) {
      CAPTURE(a.name);
      CHECK((a.collective == Collective::allgather ||
             a.collective == Collective::reduce_scatter_block));
    }
}

TEST_CASE("combines blocks: flagged exactly where an alltoall sends fewer than p − 1 messages") {
  // auto charges an alltoall's rounds inside a node with m·n/p when it sends every block alone
  // and with m when it combines them (choose.cpp). The registry's alltoalls without a schedule
  // here: `linear` and `scatter-dest` post one message per block (p − 1), `bruck-radix` combines.
  int combining = 0;
  for (const schedule::PatternAlgorithm& pa : schedule::pattern_algorithms()) {
    if (!pa.in_registry || pa.collective != "alltoall") continue;
    const Algorithm* a = find_algorithm(Collective::alltoall, pa.name);
    REQUIRE(a != nullptr);
    CAPTURE(pa.name);
    for (int p = 4; p <= 64; p *= 2) {
      int sent = 0;
      for (const schedule::PatternMessage& m : pa.make({.p = p}).messages) sent += m.from == 0;
      CAPTURE(p, sent);
      CHECK(a->combines_blocks == (sent < p - 1));
    }
    combining += a->combines_blocks;
  }
  CHECK(combining == 2); // hypercube, bruck
  CHECK(find_algorithm(Collective::alltoall, "bruck-radix")->combines_blocks);
  CHECK_FALSE(find_algorithm(Collective::alltoall, "linear")->combines_blocks);
  CHECK_FALSE(find_algorithm(Collective::alltoall, "scatter-dest")->combines_blocks);
}
