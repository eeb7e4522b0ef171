#include "collscope/schedule/gather_schedule.hpp"

#include "collscope/schedule/binomial.hpp"
#include "collscope/schedule/bits.hpp"

#include <algorithm>

namespace collscope::schedule {

namespace {

/// Children before parents: reversed breadth-first order from the root.
std::vector<int> bottom_up(const GatherSchedule& schedule) {
  std::vector<int> order{schedule_root(schedule)};
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int child : schedule[order[i]].receives) order.push_back(child);
  std::reverse(order.begin(), order.end());
  return order;
}

MessageCost homogeneous(const CostModel& model) {
  return [model](int, int, std::int64_t bytes) {
    if (bytes == 0 && model.skip_empty) return -1.0;
    return model.alpha + model.beta * static_cast<double>(bytes);
  };
}

/// Lemma 4's copy of the own block, at the start of a gather and the end of a scatter.
std::function<double(int)> own_copy(const CostModel& model, std::span<const std::int64_t> blocks) {
  return [model, blocks](int v) {
    return model.copy_own ? model.beta * static_cast<double>(blocks[v]) : 0.0;
  };
}

double gather_with(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                   const MessageCost& cost, const std::function<double(int)>& start);
double scatter_with(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                    const MessageCost& cost, const std::function<double(int)>& finish);

} // namespace

int schedule_root(const GatherSchedule& schedule) {
  for (std::size_t v = 0; v < schedule.size(); ++v)
    if (schedule[v].parent < 0) return static_cast<int>(v);
  return -1;
}

std::vector<std::int64_t> subtree_bytes(const GatherSchedule& schedule,
                                        std::span<const std::int64_t> blocks) {
  std::vector<std::int64_t> bytes(blocks.begin(), blocks.end());
  for (int v : bottom_up(schedule))
    for (int child : schedule[v].receives) bytes[v] += bytes[child];
  return bytes;
}

namespace {

double gather_with(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                   const MessageCost& cost, const std::function<double(int)>& start) {
  const std::vector<std::int64_t> bytes = subtree_bytes(schedule, blocks);
  std::vector<double> done(schedule.size(), 0.0);
  for (int v : bottom_up(schedule)) {
    double t = start(v);
    for (int child : schedule[v].receives) {
      const double c = cost(child, v, bytes[child]);
      if (c >= 0) t = std::max(t, done[child]) + c;
    }
    done[v] = t;
  }
  return schedule.empty() ? 0.0 : done[schedule_root(schedule)];
}

double scatter_with(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                    const MessageCost& cost, const std::function<double(int)>& finish) {
  const std::vector<std::int64_t> bytes = subtree_bytes(schedule, blocks);
  std::vector<double> ready(schedule.size(), 0.0); // when a node holds its subtree
  double last = 0.0;
  std::vector<int> order = bottom_up(schedule);
  std::reverse(order.begin(), order.end()); // parents first
  for (int v : order) {
    double t = ready[v];
    const auto& children = schedule[v].receives;
    for (auto child = children.rbegin(); child != children.rend(); ++child) {
      const double c = cost(v, *child, bytes[*child]);
      if (c >= 0) t += c;
      ready[*child] = t;
    }
    last = std::max(last, t + finish(v));
  }
  return last;
}

} // namespace

double gather_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                   const CostModel& model) {
  return gather_with(schedule, blocks, homogeneous(model), own_copy(model, blocks));
}

double scatter_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                    const CostModel& model) {
  return scatter_with(schedule, blocks, homogeneous(model), own_copy(model, blocks));
}

double gather_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                   const MessageCost& cost) {
  return gather_with(schedule, blocks, cost, [](int) { return 0.0; });
}

double scatter_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                    const MessageCost& cost) {
  return scatter_with(schedule, blocks, cost, [](int) { return 0.0; });
}

std::vector<int> message_order(const GatherSchedule& schedule, int sender) {
  std::vector<int> order{sender};
  for (int child : schedule[sender].receives) {
    const std::vector<int> below = message_order(schedule, child);
    order.insert(order.end(), below.begin(), below.end());
  }
  return order;
}

GatherSchedule schedule_of(const IrregularTree& tree) {
  GatherSchedule schedule(tree.nodes.size());
  for (std::size_t v = 0; v < tree.nodes.size(); ++v) {
    schedule[v].parent = tree.nodes[v].parent;
    for (const IrregularChild& child : tree.nodes[v].children)
      schedule[v].receives.push_back(child.rank);
  }
  return schedule;
}

GatherSchedule binomial_schedule(int p, int root) {
  GatherSchedule schedule(static_cast<std::size_t>(p));
  for (int v = 0; v < p; ++v) {
    const int rank = real_rank(v, root, p);
    const int parent = preorder_parent(v, p);
    schedule[rank].parent = parent < 0 ? -1 : real_rank(parent, root, p);
    for (const TreeEdge& child : preorder_children(v, p))
      schedule[rank].receives.push_back(real_rank(child.vrank, root, p));
  }
  return schedule;
}

GatherSchedule linear_schedule(int p, int root) {
  GatherSchedule schedule(static_cast<std::size_t>(p));
  for (int rank = 0; rank < p; ++rank) {
    if (rank == root) continue;
    schedule[rank].parent = root;
    schedule[root].receives.push_back(rank);
  }
  return schedule;
}

bool is_ordered(const GatherSchedule& schedule) {
  for (std::size_t v = 0; v < schedule.size(); ++v) {
    int lo = static_cast<int>(v), hi = lo + 1; // held segment [lo, hi)
    for (int child : schedule[v].receives) {
      // The child's subtree: the ranks whose path up reaches child.
      int begin = child, end = child + 1, count = 0;
      for (std::size_t k = 0; k < schedule.size(); ++k) {
        int u = static_cast<int>(k);
        while (u >= 0 && u != child) u = schedule[u].parent;
        if (u != child) continue;
        ++count;
        begin = std::min(begin, static_cast<int>(k));
        end = std::max(end, static_cast<int>(k) + 1);
      }
      if (count != end - begin) return false; // not contiguous
      if (end == lo)
        lo = begin;
      else if (begin == hi)
        hi = end;
      else
        return false; // not adjacent to what v holds
    }
  }
  return true;
}

} // namespace collscope::schedule
