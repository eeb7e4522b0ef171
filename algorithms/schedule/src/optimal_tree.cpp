#include "collscope/schedule/optimal_tree.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace collscope::schedule {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

/// The dynamic program's tables over ranges [i..j] and roots r ∈ [i..j].
class Table {
public:
  Table(std::span<const std::int64_t> blocks, const CostModel& model)
      : p_(static_cast<int>(blocks.size())), model_(model), prefix_(blocks.size() + 1, 0),
        time_(cells(), infinity), split_(cells(), -1), best_root_(square(), -1) {
    for (int i = 0; i < p_; ++i) prefix_[i + 1] = prefix_[i] + blocks[i];
    for (int i = 0; i < p_; ++i) {
      at(i, i, i) = model.copy_own ? model.beta * static_cast<double>(blocks[i]) : 0.0;
      best_root_[i * p_ + i] = i;
    }
    for (int length = 2; length <= p_; ++length)
      for (int i = 0; i + length - 1 < p_; ++i) fill(i, i + length - 1);
  }

  double time(int i, int j, int r) const { return time_[index(i, j, r)]; }
  int best_root(int i, int j) const { return best_root_[i * p_ + j]; }

  /// Rebuilds the schedule of [i..j] rooted at r into `out` (receives appended in order).
  void build(int i, int j, int r, GatherSchedule& out) const {
    if (i == j) return;
    const int k = split_[index(i, j, r)];
    const bool r_low = r <= k;
    const int oi = r_low ? k + 1 : i, oj = r_low ? j : k; // the other side
    const int other = best_root(oi, oj);
    build(r_low ? i : k + 1, r_low ? k : j, r, out);
    build(oi, oj, other, out);
    out[other].parent = r;
    out[r].receives.push_back(other);
  }

private:
  std::size_t square() const { return static_cast<std::size_t>(p_) * p_; }
  std::size_t cells() const { return square() * p_; }
  std::size_t index(int i, int j, int r) const {
    return (static_cast<std::size_t>(i) * p_ + j) * p_ + r;
  }
  double& at(int i, int j, int r) { return time_[index(i, j, r)]; }
  std::int64_t sum(int i, int j) const { return prefix_[j + 1] - prefix_[i]; }

  double message(std::int64_t bytes) const {
    if (bytes == 0 && model_.skip_empty) return 0.0;
    return model_.alpha + model_.beta * static_cast<double>(bytes);
  }

  void fill(int i, int j) {
    for (int r = i; r <= j; ++r) {
      for (int k = i; k < j; ++k) {
        const bool r_low = r <= k;
        const int oi = r_low ? k + 1 : i, oj = r_low ? j : k;
        const double own = r_low ? time(i, k, r) : time(k + 1, j, r);
        const double other = time(oi, oj, best_root(oi, oj));
        const double t = std::max(own, other) + message(sum(oi, oj));
        if (t < at(i, j, r)) {
          at(i, j, r) = t;
          split_[index(i, j, r)] = k;
        }
      }
      int& best = best_root_[i * p_ + j];
      if (best < 0 || time(i, j, r) < time(i, j, best)) best = r;
    }
  }

  int p_;
  CostModel model_;
  std::vector<std::int64_t> prefix_;
  std::vector<double> time_;
  std::vector<int> split_;
  std::vector<int> best_root_;
};

/// Every ordered schedule of [i..j] rooted at r, as lists of (child, parent) edges in the
/// order the receives happen at each parent. The last receive of r comes from the outermost
/// run on the left ([i..k], k < r) or on the right ([k..j], k > r); that choice, the run's
/// root and the two smaller schedules identify a schedule uniquely.
using Edges = std::vector<std::pair<int, int>>;

void enumerate(int i, int j, int r, const std::function<void(Edges&)>& visit, Edges& edges) {
  if (i == j) {
    visit(edges);
    return;
  }
  const auto last_from = [&](int oi, int oj, int ri, int rj) {
    for (int s = oi; s <= oj; ++s)
      enumerate(
          ri, rj, r,
          [&](Edges& rest) {
            enumerate(
                oi, oj, s,
                [&](Edges& all) {
                  all.emplace_back(s, r);
                  visit(all);
                  all.pop_back();
                },
                rest);
          },
          edges);
  };
  for (int k = i; k < r; ++k) last_from(i, k, k + 1, j);
  for (int k = r + 1; k <= j; ++k) last_from(k, j, i, k - 1);
}

} // namespace

OptimalTree optimal_ordered_tree(std::span<const std::int64_t> blocks, int root,
                                 const CostModel& model) {
  const int p = static_cast<int>(blocks.size());
  const Table table(blocks, model);
  const int r = root >= 0 ? root : table.best_root(0, p - 1);
  OptimalTree best;
  best.time = table.time(0, p - 1, r);
  best.schedule.resize(blocks.size());
  table.build(0, p - 1, r, best.schedule);
  return best;
}

void for_each_ordered_schedule(int p, int root,
                               const std::function<void(const GatherSchedule&)>& visit) {
  Edges edges;
  enumerate(
      0, p - 1, root,
      [&](Edges& all) {
        GatherSchedule schedule(static_cast<std::size_t>(p));
        // Edges of one parent appear in its receive order within every sub-list, and a
        // sub-list's receives at r all precede the edge appended after it.
        for (const auto& [child, parent] : all) {
          schedule[child].parent = parent;
          schedule[parent].receives.push_back(child);
        }
        visit(schedule);
      },
      edges);
}

double brute_force_ordered_time(std::span<const std::int64_t> blocks, int root,
                                const CostModel& model) {
  double best = infinity;
  for_each_ordered_schedule(static_cast<int>(blocks.size()), root, [&](const GatherSchedule& s) {
    best = std::min(best, gather_time(s, blocks, model));
  });
  return best;
}

} // namespace collscope::schedule
