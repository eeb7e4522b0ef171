// Bit-reversed binomial tree (broadcast without harmful algorithmic latency), p = 1..64:
// tree shape, and the broadcast simulated round by round.
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "message_checks.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace collscope::schedule;
using collscope::test::Message;

namespace {

int subtree_count(int v, int p) {
  int count = 1;
  for (const TreeEdge& child : bitreversed_children(v, p)) count += subtree_count(child.vrank, p);
  return count;
}

std::vector<Message> bcast_messages(int p) {
  std::vector<Message> messages;
  for (int v = 0; v < p; ++v)
    for (const TreeEdge& child : bitreversed_children(v, p))
      messages.push_back({child.round, v, child.vrank});
  return messages;
}

} // namespace

TEST_CASE("bit-reversed binomial: parents and children agree and span 0..p-1",
          "[binomial][bitreversed]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    REQUIRE(bitreversed_parent(0) == -1);
    std::vector<int> receives(p, 0);
    for (int v = 0; v < p; ++v) {
      INFO("v = " << v);
      const std::vector<TreeEdge> children = bitreversed_children(v, p);
      int sum = 0;
      for (std::size_t i = 0; i < children.size(); ++i) {
        const TreeEdge& child = children[i];
        REQUIRE(child.vrank > v);
        REQUIRE(child.vrank < p);
        REQUIRE(bitreversed_parent(child.vrank) == v);
        REQUIRE(child.subtree_size == subtree_count(child.vrank, p));
        if (i > 0) REQUIRE(child.round > children[i - 1].round); // sent in round order
        sum += child.subtree_size;
        ++receives[child.vrank];
      }
      REQUIRE(1 + sum == subtree_count(v, p));
      if (v != 0) REQUIRE(bitreversed_parent(v) < v);
    }
    REQUIRE(subtree_count(0, p) == p);
    int root_sum = 0;
    for (const TreeEdge& child : bitreversed_children(0, p)) root_sum += child.subtree_size;
    REQUIRE(root_sum == p - 1);
    REQUIRE(receives[0] == 0);
    for (int v = 1; v < p; ++v) REQUIRE(receives[v] == 1);
  }
}

TEST_CASE("bit-reversed broadcast: rounds, dependencies and 1-portedness",
          "[binomial][bitreversed]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const std::vector<Message> messages = bcast_messages(p);
    REQUIRE(static_cast<int>(messages.size()) == p - 1);
    for (const Message& m : messages) {
      INFO("message " << m.from << "->" << m.to << " in round " << m.round);
      REQUIRE(m.round == bitreversed_round(m.to));
      REQUIRE(m.to - m.from == (1 << m.round));
      REQUIRE(m.from < (1 << m.round)); // the sender's receive round is earlier
      if (m.from != 0) REQUIRE(bitreversed_round(m.from) < m.round);
    }
    REQUIRE(collscope::test::one_ported_violation(messages) == "");
    REQUIRE(collscope::test::rounds_used(messages) == collscope::test::first_rounds(ceil_log2(p)));
  }
}

TEST_CASE("bit-reversed broadcast: simulated, the informed ranks double every round",
          "[binomial][bitreversed]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    std::vector<bool> has(p, false);
    has[0] = true;
    const auto rounds = collscope::test::by_round(bcast_messages(p));
    for (const auto& [round, in_round] : rounds) {
      INFO("round " << round);
      const std::vector<bool> before = has;
      for (const Message& m : in_round) {
        REQUIRE(before[m.from]);
        REQUIRE_FALSE(has[m.to]);
        has[m.to] = true;
      }
      // No harmful latency: after round k exactly vranks below min(2^(k+1), p) hold the data.
      for (int v = 0; v < p; ++v) REQUIRE(has[v] == (v < (2 << round)));
    }
    for (int v = 0; v < p; ++v) REQUIRE(has[v]);
  }
}

TEST_CASE("bit-reversed broadcast: p = 7 example", "[binomial][bitreversed][lecture]") {
  // round 0: 0→1; round 1: 0→2 1→3; round 2: 0→4 1→5 2→6
  const auto rounds = collscope::test::by_round(bcast_messages(7));
  REQUIRE(rounds.size() == 3);
  CHECK(rounds.at(0).size() == 1);
  CHECK(rounds.at(1).size() == 2);
  CHECK(rounds.at(2).size() == 3);
  const std::vector<TreeEdge> root = bitreversed_children(0, 7);
  REQUIRE(root.size() == 3);
  CHECK(root[0].vrank == 1);
  CHECK(root[0].subtree_size == 3); // 1, 3, 5
  CHECK(root[1].vrank == 2);
  CHECK(root[1].subtree_size == 2); // 2, 6
  CHECK(root[2].vrank == 4);
  CHECK(root[2].subtree_size == 1);
  CHECK(bitreversed_parent(6) == 2);
  CHECK(bitreversed_parent(5) == 1);
  CHECK(bitreversed_round(5) == 2);
}
