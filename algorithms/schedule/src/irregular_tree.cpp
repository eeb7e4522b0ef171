#include "collscope/schedule/irregular_tree.hpp"

#include "collscope/schedule/bits.hpp"

#include <algorithm>
#include <numeric>

namespace collscope::schedule {

RankRange cube_of(int rank, int level, int p) {
  const int begin = (rank >> level) << level;
  return {begin, std::min(begin + (1 << level), p)};
}

int fixed_root(int rank, int level, int p) {
  return cube_of(rank, level, p).end - 1;
}

RankRange sibling_cube(int rank, int level, int p) {
  const int begin = ((rank >> level) ^ 1) << level;
  if (begin >= p) return {p, p};
  return {begin, std::min(begin + (1 << level), p)};
}

int irregular_levels(int p) {
  return ceil_log2(p);
}

namespace {

std::int64_t estimate(const CubeInfo& cube, Estimate kind) {
  return kind == Estimate::gather_time ? cube.bytes - cube.root_block : cube.bytes;
}

bool upper_receives(const CubeInfo& lower, const CubeInfo& upper, bool root_lower, bool root_upper,
                    Estimate kind) {
  if (root_lower) return false;
  if (root_upper) return true;
  const std::int64_t el = estimate(lower, kind), eu = estimate(upper, kind);
  if (el != eu) return el < eu; // the faster cube sends: it never makes the other wait
  if (lower.bytes != upper.bytes) return lower.bytes < upper.bytes; // cheaper to send
  return true;
}

} // namespace

Merge merge_cubes(const CubeInfo& lower, const CubeInfo& upper, int level, int root, int p,
                  const IrregularOptions& options) {
  const int lower_rank = static_cast<int>(lower.gather_root);
  const int upper_rank = static_cast<int>(upper.gather_root);
  const bool root_lower = root >= 0 && cube_of(lower_rank, level, p).contains(root);
  const bool root_upper = root >= 0 && cube_of(upper_rank, level, p).contains(root);
  Merge m{};
  m.upper_wins = upper_receives(lower, upper, root_lower, root_upper, options.estimate);
  const CubeInfo& winner = m.upper_wins ? upper : lower;
  const CubeInfo& loser = m.upper_wins ? lower : upper;
  m.direct = options.threshold > 0 && root >= 0 && winner.gather_root != root &&
             loser.bytes >= options.threshold;
  m.merged = {winner.gather_root, winner.bytes + (m.direct ? 0 : loser.bytes), winner.root_block};
  return m;
}

IrregularTree irregular_gather_tree(std::span<const std::int64_t> blocks, int root,
                                    const IrregularOptions& options) {
  const int p = static_cast<int>(blocks.size());
  IrregularTree tree;
  tree.nodes.resize(blocks.size());
  // cubes[a]: the level-d cube [a·2^d, …) as its fixed root knows it.
  std::vector<CubeInfo> cubes(blocks.size());
  for (int i = 0; i < p; ++i) cubes[i] = {i, blocks[i], blocks[i]};
  std::vector<IrregularChild> direct; // children of the root that skip the tree
  for (int level = 0; level < irregular_levels(p); ++level) {
    std::vector<CubeInfo> next;
    for (std::size_t a = 0; a < cubes.size(); a += 2) {
      if (a + 1 == cubes.size()) { // no upper cube: the lower one moves up unchanged
        next.push_back(cubes[a]);
        continue;
      }
      const Merge m = merge_cubes(cubes[a], cubes[a + 1], level, root, p, options);
      const CubeInfo& loser = m.upper_wins ? cubes[a] : cubes[a + 1];
      const int from = static_cast<int>(loser.gather_root);
      const int to = m.direct ? root : static_cast<int>(m.merged.gather_root);
      IrregularNode& sender = tree.nodes[from];
      sender = {to, level, loser.bytes, m.direct, std::move(sender.children)};
      const IrregularChild child{from, level, cube_of(from, level, p), loser.bytes, m.direct};
      (m.direct ? direct : tree.nodes[to].children).push_back(child);
      next.push_back(m.merged);
    }
    cubes = std::move(next);
    // Direct senders of this level come after the root's tree child of this level.
    if (direct.empty()) continue;
    auto& root_children = tree.nodes[root].children;
    root_children.insert(root_children.end(), direct.begin(), direct.end());
    direct.clear();
  }
  tree.root = static_cast<int>(cubes.front().gather_root);
  tree.nodes[tree.root].bytes = std::accumulate(blocks.begin(), blocks.end(), std::int64_t{0});
  return tree;
}

std::vector<RankRange> carried_ranges(const IrregularTree& tree, int sender) {
  const int p = static_cast<int>(tree.nodes.size());
  const IrregularNode& node = tree.nodes[sender];
  const RankRange cube = sender == tree.root ? RankRange{0, p} : cube_of(sender, node.level, p);
  std::vector<RankRange> ranges;
  for (int k = cube.begin; k < cube.end; ++k) {
    // k's block travels with sender iff k's path up the tree meets sender before a direct hop.
    int v = k;
    while (v != sender && !tree.nodes[v].direct) v = tree.nodes[v].parent;
    if (v != sender) continue;
    if (!ranges.empty() && ranges.back().end == k)
      ++ranges.back().end;
    else
      ranges.push_back({k, k + 1});
  }
  return ranges;
}

double theorem1_bound(const IrregularTree& tree, std::span<const std::int64_t> blocks, double alpha,
                      double beta) {
  const int p = static_cast<int>(blocks.size());
  const int r = tree.root;
  const std::int64_t others =
      std::accumulate(blocks.begin(), blocks.end(), std::int64_t{0}) - blocks[r];
  std::int64_t before = 0, penalty = 0; // Σ_{j<d'} M_j, the largest delay
  for (const IrregularChild& child : tree.nodes[r].children) {
    if (child.direct) continue;
    penalty = std::max(penalty, child.bytes - blocks[child.rank] - before);
    before += child.bytes;
  }
  return irregular_levels(p) * alpha + beta * static_cast<double>(others + penalty);
}

} // namespace collscope::schedule
