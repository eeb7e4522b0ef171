// Simulates a block broadcast schedule on all p vranks at once: each round, every send must
// match the peer's receive (same block, same round), a process sends only blocks it already
// holds, and after the last round every process holds every block. Returns the round in which
// each vrank first holds each block (−1 for the root).
#pragma once

#include "collscope/schedule/block_step.hpp"

#include <catch2/catch.hpp>
#include <functional>
#include <vector>

namespace collscope::test {

using StepFn = std::function<schedule::BlockStep(int v, int round)>;

struct SimResult {
  std::vector<std::vector<int>> first; // [vrank][block] → round of first arrival
  int redundant = 0;                   // receives of a block already held
};

inline SimResult simulate_broadcast(int p, int blocks, int rounds, const StepFn& step) {
  SimResult r;
  r.first.assign(p, std::vector<int>(blocks, -2));
  for (int b = 0; b < blocks; ++b) r.first[0][b] = -1;
  for (int t = 0; t < rounds + 2; ++t) {
    std::vector<schedule::BlockStep> steps(p);
    for (int v = 0; v < p; ++v) steps[v] = step(v, t);
    for (int v = 0; v < p; ++v) {
      INFO("round " << t << ", vrank " << v);
      const schedule::BlockStep& s = steps[v];
      if (t >= rounds) { // nothing happens after the announced last round
        REQUIRE_FALSE(s.send.active());
        REQUIRE_FALSE(s.recv.active());
        continue;
      }
      if (s.send.active()) {
        INFO("sends block " << s.send.block << " to " << s.send.peer);
        REQUIRE(s.send.peer != v);
        REQUIRE(s.send.peer < p);
        REQUIRE(s.send.block >= 0);
        REQUIRE(s.send.block < blocks);
        REQUIRE(r.first[v][s.send.block] != -2); // held before this round
        REQUIRE(r.first[v][s.send.block] < t);
        const schedule::BlockStep& other = steps[s.send.peer];
        REQUIRE(other.recv.peer == v);
        REQUIRE(other.recv.block == s.send.block);
      }
      if (s.recv.active()) {
        INFO("receives block " << s.recv.block << " from " << s.recv.peer);
        REQUIRE(s.recv.peer != v);
        REQUIRE(s.recv.peer < p);
        REQUIRE(steps[s.recv.peer].send.peer == v);
      }
    }
    if (t >= rounds) continue;
    for (int v = 0; v < p; ++v) {
      const schedule::Transfer in = steps[v].recv;
      if (!in.active()) continue;
      if (r.first[v][in.block] == -2)
        r.first[v][in.block] = t;
      else
        ++r.redundant;
    }
  }
  int last = -1;
  for (int v = 0; v < p; ++v) {
    for (int b = 0; b < blocks; ++b) {
      INFO("vrank " << v << " block " << b);
      REQUIRE(r.first[v][b] != -2);
      last = std::max(last, r.first[v][b]);
    }
  }
  if (p > 1 && blocks > 0) REQUIRE(last == rounds - 1); // the round count is tight
  return r;
}

} // namespace collscope::test
