// The scan schedules for p = 1..64, simulated on partial-sum ranges: every send has its
// matching receive, what a rank sends is exactly what it holds, what it receives covers the
// inputs just left of its own (so no operand is ever reordered), and every rank ends with
// B(0) … B(i) after exactly the rounds the registry prints, none of them empty.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/scan.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <vector>

using namespace collscope::schedule;

namespace {

struct Simulated {
  int rounds = 0;     ///< rounds up to the last one with a message
  bool empty = false; ///< a round before that without any message
  int messages = 0;
  int most_combined = 0; ///< the most receives (combinations) of one rank
  std::vector<OriginRange> held;
};

/// Runs `step(rank, round)` for rounds 0 … rounds − 1 on partial-sum ranges, one range per
/// pipeline block (`blocks` 1 for the unpipelined schedules; `block_of` names the block sent
/// and received, 0 for them).
Simulated simulate(int p, int rounds, int blocks, const std::function<ScanStep(int, int)>& step,
                   const std::function<std::pair<int, int>(int, int)>& block_of) {
  Simulated s;
  std::vector<std::vector<OriginRange>> held(p, std::vector<OriginRange>(blocks));
  for (int i = 0; i < p; ++i)
    for (auto& r : held[i]) r = {i, 1};
  std::vector<int> combined(p, 0);
  for (int k = 0; k < rounds; ++k) {
    INFO("round " << k);
    auto next = held;
    int in_round = 0;
    for (int i = 0; i < p; ++i) {
      const ScanStep st = step(i, k);
      if (st.to >= 0) {
        REQUIRE(st.to < p);
        const ScanStep peer = step(st.to, k);
        REQUIRE(peer.from == i);
        const auto [sent_block, unused] = block_of(i, k);
        const auto [unused2, received_block] = block_of(st.to, k);
        REQUIRE(sent_block == received_block);
        REQUIRE(st.sent == held[i][sent_block]); // sends what it holds
        OriginRange& mine = next[st.to][received_block];
        REQUIRE(st.sent.first + st.sent.count == mine.first); // adjacent, on the left
        mine = {st.sent.first, st.sent.count + mine.count};
        ++combined[st.to];
        ++in_round;
      }
      if (st.from >= 0) REQUIRE(step(st.from, k).to == i);
    }
    s.messages += in_round;
    if (in_round == 0) s.empty = true;
    held = next;
  }
  s.rounds = rounds;
  for (int i = 0; i < p; ++i)
    for (const OriginRange& r : held[i]) s.held.push_back(r);
  for (int c : combined) s.most_combined = std::max(s.most_combined, c);
  return s;
}

void check_complete(const Simulated& s, int p, int blocks) {
  for (int i = 0; i < p; ++i)
    for (int b = 0; b < blocks; ++b) {
      INFO("rank " << i << " block " << b);
      CHECK(s.held[static_cast<std::size_t>(i * blocks + b)] == OriginRange{0, i + 1});
    }
  CHECK_FALSE(s.empty);
}

const auto whole = [](int, int) { return std::pair{0, 0}; };

} // namespace

TEST_CASE("hillis-steele: the lecture's Sendrecv(rank − 2^k, rank + 2^k) in ⌈log₂p⌉ rounds") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int rounds = hillis_steele_rounds(p);
    CHECK(rounds == ceil_log2(p));
    const Simulated s = simulate(
        p, rounds, 1, [p](int i, int k) { return hillis_steele_step(i, p, k); }, whole);
    check_complete(s, p, 1);
    int expected = 0; // rank i sends in round k iff i + 2^k < p
    for (int k = 0; k < rounds; ++k) expected += p - (1 << k);
    CHECK(s.messages == expected);
    // Nothing past the last round.
    if (p > 1) CHECK(hillis_steele_step(p - 1, p, rounds).from == -1);
  }
  // The lecture's rounds for rank 5 of 8: partners 4/6, 3/7, 1/none; sums (4..5], (1..5], all.
  const int p = 8;
  CHECK(hillis_steele_step(5, p, 0).from == 4);
  CHECK(hillis_steele_step(5, p, 0).to == 6);
  CHECK(hillis_steele_step(5, p, 1).from == 3);
  CHECK(hillis_steele_step(5, p, 1).to == 7);
  CHECK(hillis_steele_step(5, p, 2).from == 1);
  CHECK(hillis_steele_step(5, p, 2).to == -1);
  CHECK(hillis_steele_step(5, p, 1).sent == OriginRange{4, 2});
}

TEST_CASE("binomial up/down sweep: exact rounds, at most 2(p − 1) messages and ⊕ in all") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    const int rounds = updown_rounds(p);
    CHECK(rounds == updown_up_rounds(p) + updown_down_rounds(p));
    if (p >= 2) {
      CHECK(rounds == floor_log2(p) + static_cast<int>(std::floor(std::log2(2.0 * p / 3))));
      CHECK(rounds <= 2 * floor_log2(p));
      CHECK(rounds <= 2 * ceil_log2(p) - 1);
    }
    const Simulated s = simulate(
        p, rounds, 1, [p](int i, int k) { return updown_step(i, p, k); }, whole);
    check_complete(s, p, 1);
    CHECK(s.messages <= 2 * (p - 1));
    CHECK(s.most_combined <= floor_log2(p) + 1); // rank 2^k − 1 adds k subtree sums
    CHECK(updown_step(0, p, rounds).to == -1);   // nothing past the last round
  }
  // p = 8: up 0→1 2→3 4→5 6→7, 1→3 5→7, 3→7; down 3→5, then 1→2 3→4 5→6.
  CHECK(updown_step(3, 8, 2).to == 7);
  CHECK(updown_step(3, 8, 3).to == 5);
  CHECK(updown_step(3, 8, 3).sent == OriginRange{0, 4});
  CHECK(updown_step(5, 8, 4).to == 6);
  CHECK(updown_rounds(8) == 5);
}

TEST_CASE("pipelined scan: p − 1 + M − 1 rounds, every block of every prefix in order") {
  for (int p = 1; p <= 64; ++p)
    for (int blocks : {1, 2, 3, 7, 16}) {
      INFO("p = " << p << ", M = " << blocks);
      const int rounds = pipeline_rounds(p, blocks);
      const Simulated s = simulate(
          p, rounds, blocks,
          [p, blocks](int i, int k) { return pipeline_scan_step(i, p, blocks, k).step; },
          [p, blocks](int i, int k) {
            const PipelineScanStep st = pipeline_scan_step(i, p, blocks, k);
            return std::pair{st.sent_block, st.received_block};
          });
      check_complete(s, p, blocks);
      CHECK(s.messages == (p - 1) * blocks);
    }
}
