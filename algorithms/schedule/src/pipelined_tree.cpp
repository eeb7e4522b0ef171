#include "collscope/schedule/pipelined_tree.hpp"

#include <algorithm>
#include <stdexcept>

namespace collscope::schedule {

Tree binary_tree(int p) {
  Tree t{std::vector<int>(p, -1), std::vector<std::array<int, 2>>(p, {-1, -1})};
  for (int v = 1; v < p; ++v) {
    t.parent[v] = (v - 1) / 2;
    t.children[(v - 1) / 2][(v - 1) % 2] = v;
  }
  return t;
}

long long fibonacci_tree_size(int i) {
  if (i < 0) return 0;
  long long a = 1, b = 2; // F_0, F_1
  for (int k = 0; k < i; ++k) {
    const long long next = 1 + b + a; // F_{k+2} = 1 + F_{k+1} + F_k
    a = b;
    b = next;
  }
  return a;
}

int fibonacci_order(int p) {
  int i = 0;
  while (fibonacci_tree_size(i) < p) ++i;
  return i;
}

namespace {

// Pre-order: the subtree of `n` nodes rooted at `v` occupies v..v + n − 1.
void build_fibonacci(Tree& t, int v, int n, int order) {
  if (n <= 1) return;
  const int left = static_cast<int>(std::min<long long>(n - 1, fibonacci_tree_size(order - 1)));
  const int right = n - 1 - left;
  t.children[v][0] = v + 1;
  t.parent[v + 1] = v;
  build_fibonacci(t, v + 1, left, order - 1);
  if (right > 0) {
    t.children[v][1] = v + 1 + left;
    t.parent[v + 1 + left] = v;
    build_fibonacci(t, v + 1 + left, right, order - 2);
  }
}

} // namespace

Tree fibonacci_tree(int p) {
  Tree t{std::vector<int>(p, -1), std::vector<std::array<int, 2>>(p, {-1, -1})};
  build_fibonacci(t, 0, p, fibonacci_order(p));
  return t;
}

PipelinedTree::PipelinedTree(Tree tree, int blocks)
    : tree_(std::move(tree)), blocks_(blocks), arrival_(tree_.parent.size(), -1) {
  const int p = size();
  const bool chain = std::all_of(tree_.children.begin(), tree_.children.end(),
                                 [](const std::array<int, 2>& c) { return c[1] < 0; });
  interval_ = chain ? 1 : 2;
  // Parents precede children in heap and pre-order numbering alike; check rather than assume.
  for (int v = 1; v < p; ++v) {
    const int parent = tree_.parent[v];
    if (parent < 0 || parent >= v) throw std::invalid_argument("tree not in parent-first order");
    const int j = tree_.children[parent][0] == v ? 0 : 1;
    arrival_[v] = arrival_[parent] + 1 + j;
  }
}

int PipelinedTree::rounds() const {
  if (size() <= 1 || blocks_ <= 0) return 0;
  return *std::max_element(arrival_.begin(), arrival_.end()) + 1 + interval_ * (blocks_ - 1);
}

BlockStep PipelinedTree::step(int v, int round) const {
  BlockStep s;
  // Block k such that round = first + I·k, if it exists.
  const auto block_at = [&](int first) {
    const int d = round - first;
    if (d < 0 || d % interval_ != 0 || d / interval_ >= blocks_) return -1;
    return d / interval_;
  };
  if (v != 0) {
    const int k = block_at(arrival_[v]);
    if (k >= 0) s.recv = {tree_.parent[v], k};
  }
  for (const int child : tree_.children[v]) {
    if (child < 0) continue;
    const int k = block_at(arrival_[child]);
    if (k >= 0) s.send = {child, k};
  }
  return s;
}

int binary_pipeline_rounds(int p, int blocks) {
  return PipelinedTree(binary_tree(p), blocks).rounds();
}

int fibonacci_pipeline_rounds(int p, int blocks) {
  return PipelinedTree(fibonacci_tree(p), blocks).rounds();
}

} // namespace collscope::schedule
