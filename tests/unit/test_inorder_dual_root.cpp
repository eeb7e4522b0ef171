// The in-order binary tree, its reduction to any root, the dual-root doubly pipelined
// allreduce and the batches of the posted alltoall, simulated without MPI for p = 1..64 and
// every root: every partial result is a contiguous run of ranks combined in rank order (so
// non-commutative operations are fine), both ends of every message agree on its round and
// content, a rank does at most one exchange per round, and the round counts are the
// schedules' and below the registry's bounds.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/dual_root.hpp"
#include "collscope/schedule/inorder_tree.hpp"
#include "collscope/schedule/posted_alltoall.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace collscope::schedule;

namespace {

/// A partial result: the ranks [begin, end) combined in order; empty = nothing held.
struct Run {
  int begin = 0, end = 0;
  bool operator==(const Run&) const = default;
};
/// left ⊕ right, which must be adjacent runs in rank order.
Run combine(Run left, Run right) {
  REQUIRE(left.end == right.begin);
  return {left.begin, right.end};
}

} // namespace

TEST_CASE("in-order tree: subtrees are contiguous ranges, in order, every rank once") {
  for (int p = 1; p <= 64; ++p)
    for (int top = 0; top < p; ++top) {
      CAPTURE(p, top);
      int tops = 0;
      for (int r = 0; r < p; ++r) {
        const InorderNode n = inorder_node(0, p, top, r);
        CHECK((n.lo <= r && r < n.hi));
        if (n.parent < 0) ++tops;
        if (n.left >= 0) {
          const InorderNode l = inorder_node(0, p, top, n.left);
          CHECK(l.parent == r);
          CHECK((l.lo == n.lo && l.hi == r));
          CHECK(l.depth == n.depth + 1);
        } else {
          CHECK(n.lo == r);
        }
        if (n.right >= 0) {
          const InorderNode rt = inorder_node(0, p, top, n.right);
          CHECK(rt.parent == r);
          CHECK((rt.lo == r + 1 && rt.hi == n.hi));
          CHECK(rt.second == n.second + 1);
        } else {
          CHECK(n.hi == r + 1);
        }
      }
      CHECK(tops == 1);
    }
}

TEST_CASE("in-order reduce: rank order at every root, one receive per round, ≤ 2⌈log₂p⌉") {
  for (int p = 1; p <= 64; ++p)
    for (int root = 0; root < p; ++root) {
      CAPTURE(p, root);
      std::vector<InorderReducePlan> plans;
      for (int r = 0; r < p; ++r) plans.push_back(inorder_reduce_plan(r, p, root));
      // round → (sender, receiver) from both ends; they must agree.
      std::set<std::tuple<int, int, int>> sent, received;
      for (int r = 0; r < p; ++r) {
        if (r == root) {
          CHECK(plans[r].send.peer == -1);
        } else {
          CHECK(plans[r].send.peer == inorder_node(0, p, root, r).parent);
          sent.insert({plans[r].send.round, r, plans[r].send.peer});
        }
        int last = -1;
        for (const TreeMessage& m : plans[r].receives) {
          CHECK(m.round > last); // one receive per round, in program order
          last = m.round;
          received.insert({m.round, m.peer, r});
        }
        if (r != root) CHECK(plans[r].send.round > last); // sends after its last receive
      }
      CHECK(sent == received);
      // Replay the values in round order: every rank's run ends as its subtree, the root's
      // as [0, p).
      std::vector<Run> held(p);
      for (int r = 0; r < p; ++r) held[r] = {r, r + 1};
      const int rounds = inorder_reduce_rounds(p, root);
      for (const auto& [round, from, to] : sent) {
        CHECK(round < rounds);
        held[to] = from < to ? combine(held[from], held[to]) : combine(held[to], held[from]);
      }
      CHECK(held[root] == Run{0, p});
      CHECK(rounds == (p == 1 ? 0 : 1 + std::get<0>(*sent.rbegin())));
      CHECK(rounds <= inorder_reduce_round_bound(p));
    }
}

TEST_CASE("dual-root allreduce: every rank ends with every block of x₀ ⊕ … ⊕ x_{p−1}") {
  for (int p = 1; p <= 64; ++p)
    for (const int blocks : {1, 2, 3, 7}) {
      CAPTURE(p, blocks);
      const int rounds = dual_root_rounds(p, blocks);
      CHECK(rounds <= dual_root_round_bound(p, blocks));
      if (p > 1) CHECK(rounds - dual_root_rounds(p, 1) == dual_root_slots(p) * (blocks - 1));
      // round → rank → its exchange.
      std::map<int, std::map<int, DualRootStep>> at;
      for (int r = 0; r < p; ++r) {
        int last = -1;
        for (const DualRootStep& s : dual_root_steps(r, p, blocks)) {
          CHECK(s.round > last); // one exchange per round, in program order
          last = s.round;
          CHECK((s.round >= 0 && s.round < rounds));
          at[s.round][r] = s;
        }
      }
      CHECK(static_cast<int>(at.size()) == rounds); // rounds 0 … R − 1, none empty
      // partial[r][b]: what r has combined of block b; result[r][b]: block b of the result.
      std::vector<std::vector<Run>> partial(p, std::vector<Run>(blocks));
      std::vector<std::vector<Run>> result(p, std::vector<Run>(blocks));
      for (int r = 0; r < p; ++r)
        for (Run& run : partial[r]) run = {r, r + 1};
      for (const auto& [round, steps] : at) {
        CAPTURE(round);
        // Every value sent in a round is read before any of the round's receives lands.
        std::map<int, Run> sent;
        for (const auto& [r, s] : steps) {
          CAPTURE(r, s.peer);
          const auto peer = steps.find(s.peer);
          REQUIRE(peer != steps.end());
          CHECK(peer->second.peer == r);
          CHECK(peer->second.recv_block == s.send_block);
          CHECK(peer->second.send_block == s.recv_block);
          const InorderNode node = [&] {
            const DualRootTree t = dual_root_tree(r, p);
            return inorder_node(t.lo, t.hi, t.top, r);
          }();
          if (s.send_block < 0) continue;
          if (s.with == DualRootPeer::child) {
            CHECK(peer->second.with == DualRootPeer::parent);
            CHECK(result[r][s.send_block] == Run{0, p}); // only finished blocks go down
            sent[r] = result[r][s.send_block];
          } else {
            // Only a whole subtree's partial goes up (or to the other root).
            CHECK(partial[r][s.send_block] == Run{node.lo, node.hi});
            sent[r] = partial[r][s.send_block];
          }
        }
        for (const auto& [r, s] : steps) {
          if (s.recv_block < 0) continue;
          const Run in = sent.at(s.peer);
          Run& mine = partial[r][s.recv_block];
          if (s.with == DualRootPeer::parent)
            result[r][s.recv_block] = in;
          else if (s.with == DualRootPeer::child)
            mine = s.peer < r ? combine(in, mine) : combine(mine, in);
          else
            result[r][s.recv_block] = s.peer < r ? combine(in, mine) : combine(mine, in);
        }
      }
      for (int r = 0; r < p; ++r)
        for (int b = 0; b < blocks; ++b) {
          CAPTURE(r, b);
          // p = 1: the input is the result; otherwise the tops computed it, the rest received.
          const Run expected{0, p};
          CHECK((p == 1 ? partial[r][b] : result[r][b]) == expected);
        }
    }
}

TEST_CASE("posted alltoall: batches cover the p − 1 rounds in order, at most b each") {
  for (int p = 1; p <= 64; ++p)
    for (const int batch : {1, 2, 3, 5, 32, 1000}) {
      CAPTURE(p, batch);
      const int n = posted_batches(p, batch);
      CHECK(n == (p == 1 ? 0 : (p - 2) / batch + 1));
      int next = 0;
      for (int i = 0; i < n; ++i) {
        const RoundRange r = posted_batch(p, batch, i);
        CHECK(r.first == next);
        CHECK((r.end > r.first && r.end - r.first <= batch));
        next = r.end;
      }
      CHECK(next == std::max(0, p - 1));
    }
  CHECK(scatter_dest_default_batch == 32);
}
