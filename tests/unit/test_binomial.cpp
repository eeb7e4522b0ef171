// Pre-order binomial tree (gather, scatter, reduce): tree shape from parent/children alone,
// then the gather and top-down round schedules simulated over every vrank, p = 1..64.
#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"
#include "message_checks.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <vector>

using namespace collscope::schedule;
using collscope::test::Message;

namespace {

// Every vrank below v, found by walking the children lists (not the size formula).
void collect_subtree(int v, int p, std::vector<int>& out) {
  out.push_back(v);
  for (const TreeEdge& child : preorder_children(v, p)) collect_subtree(child.vrank, p, out);
}

// One message per tree edge, child → parent, in the edge's gather round.
std::vector<Message> gather_messages(int p) {
  std::vector<Message> messages;
  for (int v = 0; v < p; ++v)
    for (const TreeEdge& child : preorder_children(v, p))
      messages.push_back({child.round, child.vrank, v});
  return messages;
}

} // namespace

TEST_CASE("pre-order binomial: parents and children agree", "[binomial]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    REQUIRE(preorder_parent(0, p) == -1);
    std::vector<int> listed_as_child(p, 0);
    for (int v = 0; v < p; ++v) {
      INFO("v = " << v);
      for (const TreeEdge& child : preorder_children(v, p)) {
        REQUIRE(child.vrank > v);
        REQUIRE(child.vrank < p);
        REQUIRE(preorder_parent(child.vrank, p) == v);
        ++listed_as_child[child.vrank];
      }
      if (v != 0) {
        const int parent = preorder_parent(v, p);
        REQUIRE(parent >= 0);
        REQUIRE(parent < v);
      }
    }
    REQUIRE(listed_as_child[0] == 0);
    for (int v = 1; v < p; ++v) REQUIRE(listed_as_child[v] == 1);
  }
}

TEST_CASE("pre-order binomial: the tree spans 0..p-1 and subtrees are contiguous", "[binomial]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    std::vector<int> all;
    collect_subtree(0, p, all);
    REQUIRE(static_cast<int>(all.size()) == p); // no vrank reached twice, none missed
    REQUIRE(preorder_subtree_size(0, p) == p);
    for (int v = 0; v < p; ++v) {
      INFO("v = " << v);
      std::vector<int> below;
      collect_subtree(v, p, below);
      const int size = preorder_subtree_size(v, p);
      REQUIRE(static_cast<int>(below.size()) == size);
      // Pre-order: the subtree is listed as exactly v, v+1, …, v+size−1.
      for (int i = 0; i < size; ++i) REQUIRE(below[i] == v + i);
      int sum = 1;
      for (const TreeEdge& child : preorder_children(v, p)) {
        REQUIRE(child.subtree_size == preorder_subtree_size(child.vrank, p));
        sum += child.subtree_size;
      }
      REQUIRE(sum == size);
    }
  }
}

TEST_CASE("pre-order binomial: children come in round order, full subtrees first", "[binomial]") {
  for (int p = 1; p <= 64; ++p) {
    for (int v = 0; v < p; ++v) {
      INFO("p = " << p << ", v = " << v);
      const std::vector<TreeEdge> children = preorder_children(v, p);
      for (std::size_t i = 0; i < children.size(); ++i) {
        const TreeEdge& child = children[i];
        REQUIRE(child.vrank == v + (1 << child.round));
        if (i > 0) REQUIRE(child.round > children[i - 1].round);
        // Only the last child can be cut short by p; all others hold a full 2^round.
        REQUIRE(child.subtree_size <= (1 << child.round));
        if (i + 1 < children.size()) REQUIRE(child.subtree_size == (1 << child.round));
        if (i > 0 && i + 1 < children.size())
          REQUIRE(child.subtree_size > children[i - 1].subtree_size);
      }
    }
  }
}

TEST_CASE("pre-order binomial gather: one send per vrank, after all its receives", "[binomial]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const std::vector<Message> messages = gather_messages(p);
    REQUIRE(static_cast<int>(messages.size()) == p - 1);
    std::vector<int> sends(p, 0);
    for (const Message& m : messages) {
      INFO("message " << m.from << "->" << m.to << " in round " << m.round);
      ++sends[m.from];
      REQUIRE(m.round == preorder_gather_round(m.from));
      REQUIRE((m.from >> m.round) % 2 == 1); // bit `round` is set …
      REQUIRE(m.from % (1 << m.round) == 0); // … and is the lowest one
      if (m.to != 0) REQUIRE(m.round < preorder_gather_round(m.to));
    }
    REQUIRE(sends[0] == 0);
    for (int v = 1; v < p; ++v) REQUIRE(sends[v] == 1);
    REQUIRE(collscope::test::one_ported_violation(messages) == "");
    REQUIRE(collscope::test::rounds_used(messages) == collscope::test::first_rounds(ceil_log2(p)));
    for (const auto& [round, in_round] : collscope::test::by_round(messages)) {
      bool root_active = false;
      for (const Message& m : in_round) root_active = root_active || m.to == 0;
      REQUIRE(root_active); // lecture: root 0 is active in every round
    }
  }
}

TEST_CASE("pre-order binomial gather: simulated, subtrees travel whole and contiguous",
          "[binomial]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    std::vector<std::vector<int>> held(p); // blocks held, in buffer order
    for (int v = 0; v < p; ++v) held[v] = {v};
    for (const auto& [round, in_round] : collscope::test::by_round(gather_messages(p))) {
      const std::vector<std::vector<int>> before = held;
      for (const Message& m : in_round) {
        INFO("round " << round << ": " << m.from << "->" << m.to);
        const std::vector<int>& sent = before[m.from];
        REQUIRE(static_cast<int>(sent.size()) == preorder_subtree_size(m.from, p));
        for (std::size_t i = 0; i < sent.size(); ++i) REQUIRE(sent[i] == m.from + int(i));
        // The child's range continues the parent's contiguous range directly.
        REQUIRE(held[m.to].back() + 1 == sent.front());
        held[m.to].insert(held[m.to].end(), sent.begin(), sent.end());
      }
    }
    REQUIRE(static_cast<int>(held[0].size()) == p);
    for (int v = 0; v < p; ++v) REQUIRE(held[0][v] == v);
  }
}

TEST_CASE("pre-order binomial top-down rounds mirror the gather rounds", "[binomial]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int rounds = ceil_log2(p);
    std::vector<Message> messages;
    for (int v = 1; v < p; ++v) {
      INFO("v = " << v);
      const int round = preorder_topdown_round(v, p);
      REQUIRE(round == rounds - 1 - preorder_gather_round(v));
      const int parent = preorder_parent(v, p);
      // A parent forwards only what it has already received (the root holds it at the start).
      if (parent != 0) REQUIRE(preorder_topdown_round(parent, p) < round);
      messages.push_back({round, parent, v});
    }
    REQUIRE(collscope::test::one_ported_violation(messages) == "");
    REQUIRE(collscope::test::rounds_used(messages) == collscope::test::first_rounds(rounds));
  }
}

TEST_CASE("pre-order binomial: the lecture's p = 7 example", "[binomial][lecture]") {
  const int p = 7;
  const std::vector<TreeEdge> root_children = preorder_children(0, p);
  REQUIRE(root_children.size() == 3);
  const int vranks[] = {1, 2, 4}, sizes[] = {1, 2, 3};
  for (int i = 0; i < 3; ++i) {
    CHECK(root_children[i].vrank == vranks[i]);
    CHECK(root_children[i].subtree_size == sizes[i]);
    CHECK(root_children[i].round == i);
  }
  CHECK(preorder_children(2, p).size() == 1);
  CHECK(preorder_children(4, p).size() == 2);
  CHECK(preorder_children(6, p).empty());
  // round 0: 1→0 3→2 5→4; round 1: 2→0 6→4; round 2: 4→0
  std::map<int, std::vector<int>> senders;
  for (const Message& m : gather_messages(p)) senders[m.round].push_back(m.from);
  CHECK(senders.size() == 3);
  CHECK(senders[0] == std::vector<int>{1, 3, 5});
  CHECK(senders[1] == std::vector<int>{2, 6});
  CHECK(senders[2] == std::vector<int>{4});
  CHECK(gather_messages(p).size() == 6);
}
