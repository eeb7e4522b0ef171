// The schedule patterns (schedule/patterns.hpp) over p = 1..64 and every root (a sample of roots
// above p = 32): consistent, no message to oneself, rounds from 0 without gaps, and every rank
// gets what the collective promises — data move only along messages, in later rounds than
// they arrived in.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/patterns.hpp"

#include <bitset>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

using namespace collscope::schedule;

namespace {

using Held = std::bitset<64>;

// What each rank holds after the pattern: held[r] at the start, then round by round every
// message carries what its sender held before that round.
std::vector<Held> propagate(const Pattern& pattern, std::vector<Held> held) {
  std::size_t i = 0;
  for (int round = 0; round < pattern.rounds; ++round) {
    const std::vector<Held> before = held;
    for (; i < pattern.messages.size() && pattern.messages[i].round == round; ++i) {
      const PatternMessage& m = pattern.messages[i];
      held[static_cast<std::size_t>(m.to)] |= before[static_cast<std::size_t>(m.from)];
    }
  }
  return held;
}

Held prefix(int n) {
  Held h;
  for (int i = 0; i < n; ++i) h.set(static_cast<std::size_t>(i));
  return h;
}

// Which ranks' data each rank must end with.
void check_outcome(const PatternAlgorithm& a, const Pattern& pattern, int root) {
  const int p = pattern.p;
  const std::string c(a.collective);
  std::vector<Held> start(static_cast<std::size_t>(p));
  for (int r = 0; r < p; ++r) start[static_cast<std::size_t>(r)].set(static_cast<std::size_t>(r));
  const bool down = c == "bcast" || c == "scatter" || c == "scatterv";
  const std::vector<Held> end = propagate(pattern, start);
  for (int r = 0; r < p; ++r) {
    CAPTURE(r);
    const Held& h = end[static_cast<std::size_t>(r)];
    if (down)
      CHECK(h.test(static_cast<std::size_t>(root))); // the root's data reached r
    else if (c == "gather" || c == "gatherv" || c == "reduce") {
      if (r == root) CHECK(h == prefix(p));
    } else if (c == "scan")
      CHECK((h & prefix(r + 1)) == prefix(r + 1));
    else if (c == "exscan")
      CHECK((h & prefix(r)) == prefix(r));
    else
      CHECK(h == prefix(p)); // allgather(v), allreduce, reduce_scatter(_block), alltoall
  }
}

void check(const PatternAlgorithm& a, int p, int root, int blocks) {
  CAPTURE(a.collective, a.name, p, root, blocks);
  const Pattern pattern = a.make({p, root, blocks});
  REQUIRE(pattern.consistent);
  CHECK(pattern.p == p);
  std::set<int> rounds;
  for (const PatternMessage& m : pattern.messages) {
    CHECK(m.from != m.to);
    CHECK(m.from >= 0);
    CHECK(m.to < p);
    CHECK((a.collective == "barrier" ? m.size == 0 : m.size > 0)); // a barrier moves no data
    rounds.insert(m.round);
  }
  CHECK(static_cast<int>(rounds.size()) == pattern.rounds); // 0 … rounds − 1, no gaps
  if (!rounds.empty()) CHECK(*rounds.rbegin() == pattern.rounds - 1);
  if (p == 1) CHECK(pattern.messages.empty());
  if (p > 1) CHECK_FALSE(pattern.messages.empty());
  check_outcome(a, pattern, root);
}

} // namespace

TEST_CASE("patterns: every one over p = 1..64, every root, one and several blocks") {
  REQUIRE(pattern_algorithms().size() >= 30);
  for (const PatternAlgorithm& a : pattern_algorithms())
    for (int p = 1; p <= 64; ++p) {
      if (a.power_of_two_only && (p & (p - 1)) != 0) continue;
      std::vector<int> roots{0};
      if (a.rooted) {
        if (p <= 32)
          for (int r = 1; r < p; ++r) roots.push_back(r);
        else
          roots.insert(roots.end(), {1, p / 2, p - 1});
      }
      for (const int root : roots)
        for (const int blocks : a.uses_blocks  ? std::vector<int>{1, 3}
                                : a.uses_radix ? std::vector<int>{2, 3, 4, 7}
                                               : std::vector<int>{1})
          check(a, p, root, blocks);
    }
}

TEST_CASE("patterns: the lecture's binomial trees at p = 6, root 2") {
  const Pattern bcast = find_pattern("bcast", "binomial")->make({6, 2, 1});
  // Vrank v sends to v + 2^k in round k: 2→3 | 2→4 3→5 | 2→0 3→1.
  const std::vector<std::tuple<int, int, int>> expected{{0, 2, 3}, {1, 2, 4}, {1, 3, 5},
                                                        {2, 2, 0}, {2, 3, 1}};
  std::vector<std::tuple<int, int, int>> got;
  for (const auto& m : bcast.messages) got.emplace_back(m.round, m.from, m.to);
  CHECK(got == expected);
  CHECK(bcast.rounds == ceil_log2(6));
  // Pre-order at p = 6: rank 4 (vrank 2 … ) forwards as soon as it has the data, so the
  // inferred rounds close the gap the schedule's round numbers leave: still 3 rounds.
  CHECK(find_pattern("bcast", "binomial-preorder")->make({6, 0, 1}).rounds == 3);
  // Heap-order binary tree with one block at p = 7: 4 rounds (0→1 | 0→2 1→3 | 1→4 2→5 | 2→6).
  CHECK(find_pattern("bcast", "binary-pipeline")->make({7, 0, 1}).rounds == 4);
}

TEST_CASE("patterns: the builder infers rounds as the trace model does") {
  PatternBuilder b(3);
  b.send(0, 1, 1);             // step 0 of rank 0
  b.recv(1, 0, 1);             // rank 1 receives in round 0
  b.sendrecv(1, 2, 1, 2, 1);   // exchange with 2: round 1
  b.sendrecv(2, 1, 1, 1, 1);   // rank 2's first step waits for rank 1
  b.send(2, 2, 1);             // to itself: no step, no message
  const Pattern p = b.finish();
  REQUIRE(p.consistent);
  CHECK(p.rounds == 2);
  REQUIRE(p.messages.size() == 3);
  CHECK(p.messages[0].round == 0);
  CHECK(p.messages[1].round == 1);
  CHECK(p.messages[2].round == 1);
  PatternBuilder stuck(2);
  stuck.recv(0, 1, 1);
  const Pattern lonely = stuck.finish(); // a receive nobody sends
  CHECK(lonely.messages.empty());
  CHECK_FALSE(lonely.consistent);
}
