// Divide-and-conquer gather/scatter trees, every p = 1..64, root and rank: each rank's path
// of halvings, then the whole tree assembled from all paths and simulated in both directions.
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/divide_conquer.hpp"
#include "message_checks.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <deque>
#include <map>
#include <utility>
#include <vector>

using namespace collscope::schedule;
using collscope::test::Message;

namespace {

// Every level of the tree for (root, p), merged from all ranks' paths, keyed by its range.
std::map<std::pair<int, int>, DncLevel> whole_tree(int root, int p) {
  std::map<std::pair<int, int>, DncLevel> tree;
  for (int rank = 0; rank < p; ++rank) {
    for (const DncLevel& level : dnc_levels(rank, root, p)) {
      const auto [it, fresh] = tree.insert({{level.begin, level.end}, level});
      if (!fresh) { // two ranks must see the same split of a shared range
        REQUIRE(it->second.split == level.split);
        REQUIRE(it->second.root == level.root);
        REQUIRE(it->second.subroot == level.subroot);
        REQUIRE(it->second.depth == level.depth);
      }
    }
  }
  return tree;
}

std::vector<int> iota_blocks(int begin, int end) {
  std::vector<int> blocks;
  for (int b = begin; b < end; ++b) blocks.push_back(b);
  return blocks;
}

} // namespace

TEST_CASE("dnc_levels: each rank's path halves nested ranges", "[dnc]") {
  for (int p = 1; p <= 64; ++p) {
    for (int root = 0; root < p; ++root) {
      for (int rank = 0; rank < p; ++rank) {
        INFO("p = " << p << ", root = " << root << ", rank = " << rank);
        const std::vector<DncLevel> levels = dnc_levels(rank, root, p);
        if (p == 1) REQUIRE(levels.empty());
        REQUIRE(static_cast<int>(levels.size()) >= floor_log2(p));
        REQUIRE(static_cast<int>(levels.size()) <= ceil_log2(p));
        int begin = 0, end = p, level_root = root;
        for (std::size_t i = 0; i < levels.size(); ++i) {
          const DncLevel& l = levels[i];
          INFO("level " << i << ": [" << l.begin << "," << l.end << ") split " << l.split);
          REQUIRE(l.begin == begin);
          REQUIRE(l.end == end);
          REQUIRE(l.root == level_root);
          REQUIRE(l.depth == static_cast<int>(i));
          REQUIRE(l.begin <= rank);
          REQUIRE(rank < l.end);
          // The root keeps the larger half, ⌈n/2⌉ ranks; the subroot's is ⌊n/2⌋ ≥ 1.
          const bool root_low = l.root < l.split;
          const int mine = root_low ? l.split - l.begin : l.end - l.split;
          const int other = (l.end - l.begin) - mine;
          REQUIRE(other >= 1);
          REQUIRE(mine == (l.end - l.begin + 1) / 2);
          REQUIRE(other == (l.end - l.begin) / 2);
          REQUIRE(l.root >= l.begin);
          REQUIRE(l.root < l.end);
          REQUIRE(l.subroot == (root_low ? l.split : l.begin)); // first rank of the other half
          REQUIRE(l.sub_begin() == (root_low ? l.split : l.begin));
          REQUIRE(l.sub_end() == (root_low ? l.end : l.split));
          REQUIRE_FALSE((l.sub_begin() <= l.root && l.root < l.sub_end()));
          REQUIRE(l.gather_round() >= 0);
          if (i == 0) REQUIRE(l.gather_round() == ceil_log2(p) - 1);
          if (i > 0) REQUIRE(l.gather_round() < levels[i - 1].gather_round());
          // Descend into the half that holds rank; its root is whoever holds that half.
          const bool rank_in_sub = l.sub_begin() <= rank && rank < l.sub_end();
          if (rank_in_sub) level_root = l.subroot;
          if (rank < l.split)
            end = l.split;
          else
            begin = l.split;
        }
        REQUIRE(end - begin == 1); // the path ends where rank's half is rank alone
        REQUIRE(begin == rank);
      }
    }
  }
}

TEST_CASE("divide-and-conquer gather: simulated over all ranks, every root", "[dnc]") {
  for (int p = 1; p <= 64; ++p) {
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      const auto tree = whole_tree(root, p);
      REQUIRE(static_cast<int>(tree.size()) == p - 1);
      std::vector<Message> messages;
      std::map<std::pair<int, int>, const DncLevel*> by_edge;
      std::vector<int> send_round(p, -1), last_recv_round(p, -1), sends(p, 0);
      for (const auto& [range, level] : tree) {
        messages.push_back({level.gather_round(), level.subroot, level.root});
        by_edge[{level.subroot, level.root}] = &level;
        ++sends[level.subroot];
        send_round[level.subroot] = level.gather_round();
        last_recv_round[level.root] = std::max(last_recv_round[level.root], level.gather_round());
      }
      for (int r = 0; r < p; ++r) {
        INFO("rank " << r);
        REQUIRE(sends[r] == (r == root ? 0 : 1));
        // A subroot forwards its half only once everything of it has arrived.
        if (r != root) REQUIRE(last_recv_round[r] < send_round[r]);
      }
      REQUIRE(collscope::test::one_ported_violation(messages) == "");
      REQUIRE(collscope::test::rounds_used(messages) ==
              collscope::test::first_rounds(ceil_log2(p)));

      std::vector<std::deque<int>> held(p); // blocks in buffer order
      for (int r = 0; r < p; ++r) held[r] = {r};
      for (const auto& [round, in_round] : collscope::test::by_round(messages)) {
        const std::vector<std::deque<int>> before = held;
        for (const Message& m : in_round) {
          const DncLevel& level = *by_edge.at({m.from, m.to});
          INFO("round " << round << ": " << m.from << "->" << m.to);
          const std::deque<int>& sent = before[m.from];
          const std::vector<int> expected = iota_blocks(level.sub_begin(), level.sub_end());
          REQUIRE(std::vector<int>(sent.begin(), sent.end()) == expected);
          std::deque<int>& mine = held[m.to];
          if (mine.back() + 1 == sent.front())
            mine.insert(mine.end(), sent.begin(), sent.end());
          else {
            REQUIRE(sent.back() + 1 == mine.front()); // rank order without any reordering
            mine.insert(mine.begin(), sent.begin(), sent.end());
          }
        }
      }
      REQUIRE(std::vector<int>(held[root].begin(), held[root].end()) == iota_blocks(0, p));
      for (int r = 0; r < p; ++r) {
        INFO("rank " << r);
        const RankRange range = dnc_collected_range(r, root, p);
        REQUIRE(std::vector<int>(held[r].begin(), held[r].end()) ==
                iota_blocks(range.begin, range.end));
        if (r != root) REQUIRE(range.begin == r);
      }
    }
  }
}

TEST_CASE("divide-and-conquer scatter: simulated by depth, every root", "[dnc]") {
  for (int p = 1; p <= 64; ++p) {
    for (int root = 0; root < p; ++root) {
      INFO("p = " << p << ", root = " << root);
      const auto tree = whole_tree(root, p);
      std::vector<Message> messages;
      for (const auto& [range, level] : tree)
        messages.push_back({level.depth, level.root, level.subroot});
      REQUIRE(collscope::test::one_ported_violation(messages) == "");
      REQUIRE(collscope::test::rounds_used(messages) ==
              collscope::test::first_rounds(ceil_log2(p)));
      std::vector<RankRange> held(p, RankRange{0, 0});
      held[root] = {0, p};
      for (int depth = 0; depth < ceil_log2(p); ++depth) {
        const std::vector<RankRange> before = held;
        for (const auto& [range, level] : tree) {
          if (level.depth != depth) continue;
          INFO("depth " << depth << ": " << level.root << "->" << level.subroot);
          const RankRange& source = before[level.root];
          REQUIRE(source.begin <= level.sub_begin());
          REQUIRE(level.sub_end() <= source.end);
          REQUIRE(held[level.subroot].end == held[level.subroot].begin); // receives once
          held[level.subroot] = {level.sub_begin(), level.sub_end()};
        }
      }
      for (int r = 0; r < p; ++r) {
        INFO("rank " << r);
        REQUIRE(held[r].begin <= r);
        REQUIRE(r < held[r].end);
        const RankRange range = dnc_collected_range(r, root, p);
        REQUIRE(held[r].begin == range.begin);
        REQUIRE(held[r].end == range.end);
      }
    }
  }
}

TEST_CASE("divide-and-conquer: the p = 7, root 3 example", "[dnc][lecture]") {
  const auto tree = whole_tree(3, 7);
  REQUIRE(tree.size() == 6);
  const DncLevel& top = tree.at({0, 7});
  CHECK(top.split == 4);
  CHECK(top.subroot == 4);
  CHECK(top.gather_round() == 2);
  CHECK(tree.at({0, 4}).root == 3);
  CHECK(tree.at({0, 4}).subroot == 0);
  CHECK(tree.at({0, 4}).gather_round() == 1);
  CHECK(tree.at({4, 7}).root == 4);
  CHECK(tree.at({4, 7}).subroot == 6);
  CHECK(tree.at({4, 7}).gather_round() == 1);
  CHECK(tree.at({2, 4}).subroot == 2);
  CHECK(tree.at({0, 2}).subroot == 1);
  CHECK(tree.at({4, 6}).subroot == 5);
  CHECK(dnc_collected_range(0, 3, 7).begin == 0);
  CHECK(dnc_collected_range(0, 3, 7).end == 2);
  CHECK(dnc_collected_range(4, 3, 7).begin == 4);
  CHECK(dnc_collected_range(4, 3, 7).end == 7);
  CHECK(dnc_collected_range(5, 3, 7).end == 6);
  CHECK(dnc_collected_range(6, 3, 7).begin == 6);
}
