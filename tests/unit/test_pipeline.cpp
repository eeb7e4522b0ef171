// Linear pipeline broadcast: block partition, round count against a simulated chain, and the
// best block count against a brute-force search over the α-β cost.
#include "collscope/schedule/cost.hpp"
#include "collscope/schedule/pipeline.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

using namespace collscope::schedule;

namespace {

void require_partition(std::int64_t count, int blocks) {
  INFO("count = " << count << ", blocks = " << blocks);
  std::int64_t next = 0, smallest = count, largest = 0;
  for (int b = 0; b < blocks; ++b) {
    const ElementRange block = pipeline_block(count, blocks, b);
    REQUIRE(block.begin == next); // contiguous, in order, no gap or overlap
    REQUIRE(block.count >= 0);
    next = block.begin + block.count;
    smallest = std::min(smallest, block.count);
    largest = std::max(largest, block.count);
  }
  REQUIRE(next == count);
  REQUIRE(largest - smallest <= 1);
  if (count >= blocks) REQUIRE(smallest >= 1);
}

// Rounds until the last vrank of a 0 → 1 → … → p−1 chain has all M blocks, when every vrank
// forwards its oldest block the successor lacks (one send and one receive per round).
// arrival[i][b] records the round in which vrank i received block b.
int simulate_chain(int p, int blocks, std::vector<std::vector<int>>& arrival) {
  std::vector<int> has(p, 0);
  has[0] = blocks;
  arrival.assign(p, std::vector<int>(blocks, -1));
  int round = 0;
  while (has[p - 1] < blocks) {
    const std::vector<int> before = has;
    for (int i = 0; i + 1 < p; ++i) {
      if (before[i] > before[i + 1]) {
        arrival[i + 1][before[i + 1]] = round;
        ++has[i + 1];
      }
    }
    ++round;
  }
  return round;
}

} // namespace

TEST_CASE("pipeline_block cuts count elements into contiguous near-equal blocks", "[pipeline]") {
  for (std::int64_t count = 0; count <= 300; ++count)
    for (int blocks = 1; blocks <= 70; ++blocks) require_partition(count, blocks);
  for (std::int64_t count :
       {std::int64_t{1000003}, std::int64_t{1} << 31, (std::int64_t{1} << 40) + 3})
    for (int blocks : {1, 2, 3, 7, 1000, 4097, 1 << 20}) require_partition(count, blocks);
}

TEST_CASE("pipeline_rounds matches a simulated chain", "[pipeline]") {
  for (int p = 1; p <= 64; ++p) {
    for (int blocks = 0; blocks <= 40; ++blocks) {
      INFO("p = " << p << ", blocks = " << blocks);
      std::vector<std::vector<int>> arrival;
      REQUIRE(pipeline_rounds(p, blocks) == simulate_chain(p, blocks, arrival));
      // Header diagram: vrank i receives block b in round i − 1 + b.
      for (int i = 1; i < p; ++i)
        for (int b = 0; b < blocks; ++b) REQUIRE(arrival[i][b] == i - 1 + b);
    }
  }
  CHECK(pipeline_rounds(4, 3) == 5);
  CHECK(pipeline_rounds(1, 10) == 0);
  CHECK(pipeline_rounds(5, 0) == 0);
}

TEST_CASE("pipeline_best_blocks is 0 for an empty message", "[pipeline]") {
  for (int p = 1; p <= 64; ++p) {
    CHECK(pipeline_best_blocks(p, 0, 0.0, 1e-6, 1e-9) == 0);
    CHECK(pipeline_best_blocks(p, 0, 0.0, 0.0, 1e-9) == 0);
  }
}

TEST_CASE("pipeline_best_blocks minimises the pipeline cost over [1, count]", "[pipeline]") {
  struct Machine {
    double alpha, beta;
  };
  const Machine machines[] = {{1e-6, 1e-9},  {1e-5, 1e-10}, {1e-9, 1e-9},
                              {1e-3, 1e-10}, {2e-6, 3e-9},  {0.0, 1e-9}};
  for (int p = 1; p <= 64; ++p) {
    for (std::int64_t count : {1, 2, 5, 17, 100, 1000, 5000}) {
      for (double element : {1.0, 8.0}) {
        for (const Machine& machine : machines) {
          const double bytes = element * static_cast<double>(count);
          INFO("p = " << p << ", count = " << count << ", bytes = " << bytes
                      << ", alpha = " << machine.alpha << ", beta = " << machine.beta);
          const int best = pipeline_best_blocks(p, count, bytes, machine.alpha, machine.beta);
          INFO("best = " << best);
          REQUIRE(best >= 1);
          REQUIRE(best <= count);
          const double best_time = bcast_pipeline_cost(p, bytes, machine.alpha, machine.beta, best);
          for (int m = 1; m <= count; ++m)
            REQUIRE(best_time <=
                    bcast_pipeline_cost(p, bytes, machine.alpha, machine.beta, m) * (1 + 1e-12));
        }
      }
    }
  }
}

TEST_CASE("pipeline_best_blocks follows the pipelining lemma's sqrt((p-2)beta m/alpha)",
          "[pipeline][lecture]") {
  const double alpha = 1e-6, beta = 1e-9;
  for (int p = 3; p <= 64; ++p) {
    for (double bytes : {1e3, 1e5, 1e7, 1e9}) {
      // A large element count, so that the lemma's optimum is never clamped by it.
      const std::int64_t count = std::int64_t{1} << 40;
      const double ideal = std::sqrt((p - 2) * beta * bytes / alpha);
      INFO("p = " << p << ", bytes = " << bytes << ", ideal = " << ideal);
      const int best = pipeline_best_blocks(p, count, bytes, alpha, beta);
      INFO("best = " << best);
      if (ideal >= 1)
        REQUIRE(std::abs(best - ideal) < 1);
      else
        REQUIRE(best == 1);
      // Integer neighbours of the answer are no better (the cost is convex in M).
      const double best_time = bcast_pipeline_cost(p, bytes, alpha, beta, best);
      REQUIRE(best_time <= bcast_pipeline_cost(p, bytes, alpha, beta, best + 1));
      if (best > 1) REQUIRE(best_time <= bcast_pipeline_cost(p, bytes, alpha, beta, best - 1));
    }
  }
}

TEST_CASE("pipeline_best_blocks with one or two ranks sends the message whole", "[pipeline]") {
  for (std::int64_t count : {1, 10, 1000}) {
    CHECK(pipeline_best_blocks(1, count, 8.0 * double(count), 1e-6, 1e-9) == 1);
    CHECK(pipeline_best_blocks(2, count, 8.0 * double(count), 1e-6, 1e-9) == 1);
  }
}
