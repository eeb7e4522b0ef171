// Circulant allgather schedules (ring, dissemination) simulated on all ranks at once, p = 1..64:
// every send must match the partner's receive, carry only blocks the sender has, and bring
// the receiver blocks it lacks.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/circulant.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

using namespace collscope::schedule;

namespace {

using Holdings = std::vector<std::vector<int>>; // [rank][block] → copies held

// Both ranks' views of one step agree, and the sender owns what it sends; then deliver.
void exchange(const std::vector<CirculantStep>& steps, Holdings& held, int p) {
  const Holdings before = held;
  std::vector<int> received_from(p, -1);
  for (int r = 0; r < p; ++r) {
    const CirculantStep& out = steps[r];
    INFO("rank " << r << " sends to " << out.send_to);
    REQUIRE(out.send_to >= 0);
    REQUIRE(out.send_to < p);
    REQUIRE(out.send_to != r);
    const CirculantStep& in = steps[out.send_to];
    REQUIRE(in.recv_from == r);
    REQUIRE(in.recv_first == out.send_first);
    REQUIRE(in.blocks == out.blocks);
    REQUIRE(received_from[out.send_to] == -1); // one receive per rank and step
    received_from[out.send_to] = r;
    REQUIRE(out.blocks >= 1);
    for (const BlockRun& run : wrap_blocks(out.send_first, out.blocks, p)) {
      for (int b = run.first; b < run.first + run.count; ++b) {
        INFO("block " << b);
        REQUIRE(before[r][b] == 1);         // only blocks the sender already has
        REQUIRE(held[out.send_to][b] == 0); // never a block twice
        held[out.send_to][b] = 1;
      }
    }
  }
}

Holdings own_blocks(int p) {
  Holdings held(p, std::vector<int>(p, 0));
  for (int r = 0; r < p; ++r) held[r][r] = 1;
  return held;
}

} // namespace

TEST_CASE("wrap_blocks covers first..first+count-1 mod p in address order", "[circulant]") {
  for (int p = 1; p <= 64; ++p) {
    for (int first = 0; first < p; ++first) {
      for (int count = 0; count <= p; ++count) {
        INFO("p = " << p << ", first = " << first << ", count = " << count);
        const auto runs = wrap_blocks(first, count, p);
        std::vector<int> covered(p, 0);
        for (const BlockRun& run : runs) {
          REQUIRE(run.count >= 0);
          REQUIRE(run.first >= 0);
          REQUIRE(run.first + run.count <= p);
          for (int b = run.first; b < run.first + run.count; ++b) ++covered[b];
        }
        for (int i = 0; i < count; ++i) --covered[(first + i) % p];
        for (int b = 0; b < p; ++b) REQUIRE(covered[b] == 0);
        const bool wraps = first + count > p;
        REQUIRE((runs[1].count > 0) == wraps);
        if (count > 0) REQUIRE(runs[0].count > 0);
        if (wraps) REQUIRE(runs[0].first + runs[0].count <= runs[1].first);
      }
    }
  }
}

TEST_CASE("ring allgather: p-1 matched steps give every rank every block once",
          "[circulant][ring]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    Holdings held = own_blocks(p);
    std::vector<CirculantStep> previous;
    for (int i = 0; i < p - 1; ++i) {
      INFO("step " << i);
      std::vector<CirculantStep> steps;
      for (int r = 0; r < p; ++r) steps.push_back(ring_allgather_step(r, p, i));
      for (int r = 0; r < p; ++r) {
        REQUIRE(steps[r].blocks == 1);
        REQUIRE(steps[r].send_to == (r + 1) % p); // a ring: always the right neighbour
        // Pipelined: what goes out now is what came in during the previous step.
        if (i > 0)
          REQUIRE(steps[r].send_first == previous[r].recv_first);
        else
          REQUIRE(steps[r].send_first == r);
      }
      exchange(steps, held, p);
      previous = steps;
    }
    for (int r = 0; r < p; ++r)
      for (int b = 0; b < p; ++b) REQUIRE(held[r][b] == 1);
  }
}

TEST_CASE("dissemination allgather: ceil(log2 p) matched rounds complete every rank",
          "[circulant][dissemination]") {
  for (int p = 1; p <= 64; ++p) {
    INFO("p = " << p);
    Holdings held = own_blocks(p);
    int total_blocks = 0;
    for (int k = 0; k < ceil_log2(p); ++k) {
      INFO("round " << k);
      const int d = 1 << k;
      REQUIRE(d < p);
      std::vector<CirculantStep> steps;
      for (int r = 0; r < p; ++r) {
        steps.push_back(dissemination_round(r, p, k));
        REQUIRE((steps[r].send_to - r + p) % p == d);
        REQUIRE((r - steps[r].recv_from + p) % p == d);
      }
      total_blocks += steps[0].blocks;
      exchange(steps, held, p);
      // After round k every rank holds the min(2^(k+1), p) blocks ending at its own.
      const int window = std::min(2 * d, p);
      for (int r = 0; r < p; ++r)
        for (int back = 0; back < p; ++back)
          REQUIRE(held[r][(r - back + p) % p] == (back < window ? 1 : 0));
    }
    REQUIRE(total_blocks == p - 1);
    for (int r = 0; r < p; ++r)
      for (int b = 0; b < p; ++b) REQUIRE(held[r][b] == 1);
  }
}

TEST_CASE("dissemination allgather: the p = 7, rank 3 example", "[circulant][lecture]") {
  struct Expected {
    int to, from, send_first, recv_first, blocks;
  };
  const Expected rounds[] = {{4, 2, 3, 2, 1}, {5, 1, 2, 0, 2}, {0, 6, 1, 4, 3}};
  for (int k = 0; k < 3; ++k) {
    INFO("round " << k);
    const CirculantStep step = dissemination_round(3, 7, k);
    CHECK(step.send_to == rounds[k].to);
    CHECK(step.recv_from == rounds[k].from);
    CHECK(step.send_first == rounds[k].send_first);
    CHECK(step.recv_first == rounds[k].recv_first);
    CHECK(step.blocks == rounds[k].blocks);
  }
  // [4,5,6] (received by rank 3 in round 2) and [6,0,1] (sent by rank 1 in round 2) as runs
  const auto plain = wrap_blocks(4, 3, 7);
  CHECK(plain[0].first == 4);
  CHECK(plain[0].count == 3);
  CHECK(plain[1].count == 0);
  const auto wrapped = wrap_blocks(6, 3, 7);
  CHECK(wrapped[0].first == 0);
  CHECK(wrapped[0].count == 2);
  CHECK(wrapped[1].first == 6);
  CHECK(wrapped[1].count == 1);
}
