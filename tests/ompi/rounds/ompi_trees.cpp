// Open MPI 4.1.4's tree builders (coll_base_topo.c), restated per rank from their definitions.
#include "ompi_trees.hpp"

namespace collscope::ompi_rounds {

namespace {

int pown(int fanout, int num) {
  int r = 1;
  for (int j = 0; j < num; ++j) r *= fanout;
  return num < 0 ? 0 : r;
}

int calculate_level(int fanout, int rank) {
  int level = 0;
  for (int num = 0; num <= rank; ++level) num += pown(fanout, level);
  return level - 1;
}

int num_nodes_up_to_level(int fanout, int level) {
  return (pown(fanout, level) - 1) / (fanout - 1);
}

// opal_next_poweroftwo: the least power of two greater than value (1 for 0).
int next_pow2(int value) {
  int power = 1;
  while (power <= value) power <<= 1;
  return power;
}

} // namespace

Tree build_tree(int fanout, int p, int root) {
  Tree tree(static_cast<std::size_t>(p));
  for (int rank = 0; rank < p && p > 1; ++rank) {
    TreeNode& node = tree[static_cast<std::size_t>(rank)];
    const int shifted = (rank - root + p) % p;
    const int level = calculate_level(fanout, shifted);
    const int delta = pown(fanout, level);
    for (int i = 0; i < fanout; ++i) {
      const int child = shifted + delta * (i + 1);
      if (child >= p) break;
      node.children.push_back((child + root) % p);
    }
    if (shifted == 0) continue;
    const int limit = num_nodes_up_to_level(fanout, level);
    int parent = shifted;
    if (parent < fanout) {
      parent = 0;
    } else {
      while (parent >= limit) parent -= delta / fanout;
    }
    node.parent = (parent + root) % p;
  }
  return tree;
}

Tree build_in_order_bintree(int p) {
  Tree tree(static_cast<std::size_t>(p));
  for (int rank = 0; rank < p; ++rank) {
    TreeNode& node = tree[static_cast<std::size_t>(rank)];
    int size = p, myrank = rank, parent = p - 1, delta = 0;
    while (true) {
      const int rightsize = size >> 1;
      int lchild = -1, rchild = -1;
      if (size - 1 > 0) {
        lchild = parent - 1;
        if (lchild > 0) rchild = rightsize - 1;
      }
      if (myrank == parent) {
        if (lchild >= 0) node.children.push_back(lchild + delta);
        if (rchild >= 0) node.children.push_back(rchild + delta);
        break;
      }
      if (myrank > rchild) {
        if (myrank == lchild) node.parent = parent + delta;
        size = size - rightsize - 1;
        delta += rightsize;
        myrank -= rightsize;
        parent = size - 1;
      } else {
        if (myrank == rchild) node.parent = parent + delta;
        size = rightsize;
        parent = rchild;
      }
    }
  }
  return tree;
}

Tree build_bmtree(int p, int root) {
  Tree tree(static_cast<std::size_t>(p));
  for (int rank = 0; rank < p; ++rank) {
    TreeNode& node = tree[static_cast<std::size_t>(rank)];
    const int index = (rank - root + p) % p;
    int mask = next_pow2(index);
    if (rank != root) node.parent = ((index ^ (mask >> 1)) + root) % p;
    while (mask < p) {
      const int remote = index ^ mask;
      if (remote >= p) break;
      node.children.push_back((remote + root) % p);
      mask <<= 1;
    }
  }
  return tree;
}

Tree build_in_order_bmtree(int p, int root) {
  Tree tree(static_cast<std::size_t>(p));
  for (int rank = 0; rank < p; ++rank) {
    TreeNode& node = tree[static_cast<std::size_t>(rank)];
    const int vrank = (rank - root + p) % p;
    for (int mask = 1; mask < p; mask <<= 1) {
      const int remote = vrank ^ mask;
      if (remote < vrank) {
        node.parent = (remote + root) % p;
        break;
      }
      if (remote < p) node.children.push_back((remote + root) % p);
    }
  }
  return tree;
}

Tree build_kmtree(int p, int root, int radix) {
  Tree tree(static_cast<std::size_t>(p));
  for (int rank = 0; rank < p; ++rank) {
    TreeNode& node = tree[static_cast<std::size_t>(rank)];
    const int vrank = (rank - root + p) % p;
    int mask = 1;
    while (mask < p) {
      if (vrank % (radix * mask) != 0) {
        node.parent = (vrank / (radix * mask) * (radix * mask) + root) % p;
        break;
      }
      mask *= radix;
    }
    for (mask /= radix; mask > 0; mask /= radix)
      for (int r = 1; r < radix; ++r)
        if (vrank + mask * r < p) node.children.push_back((vrank + mask * r + root) % p);
  }
  return tree;
}

Tree build_chain(int fanout, int p, int root) {
  Tree tree(static_cast<std::size_t>(p));
  fanout = fanout < 1 ? 1 : fanout;
  if (p - 1 < fanout) fanout = p - 1;
  if (p < 2) return tree;
  if (fanout == 1) {
    for (int rank = 0; rank < p; ++rank) {
      const int s = (rank - root + p) % p;
      if (s > 0) tree[static_cast<std::size_t>(rank)].parent = (s - 1 + root) % p;
      if (s + 1 < p) tree[static_cast<std::size_t>(rank)].children.push_back((s + 1 + root) % p);
    }
    return tree;
  }
  int maxchainlen = (p - 1) / fanout, mark = fanout + 1;
  if ((p - 1) % fanout != 0) {
    ++maxchainlen;
    mark = (p - 1) % fanout;
  }
  for (int rank = 0; rank < p; ++rank) {
    TreeNode& node = tree[static_cast<std::size_t>(rank)];
    const int s = (rank - root + p) % p;
    if (s == 0) {
      int next = (root + 1) % p;
      node.children.push_back(next);
      for (int i = 1; i < fanout; ++i) {
        next = next + maxchainlen - (i > mark ? 1 : 0);
        next %= p;
        node.children.push_back(next);
      }
      continue;
    }
    int head = 0, len = 0;
    if (s - 1 < mark * maxchainlen) {
      head = 1 + (s - 1) / maxchainlen * maxchainlen;
      len = maxchainlen;
    } else {
      const int column = mark + (s - 1 - mark * maxchainlen) / (maxchainlen - 1);
      head = mark * maxchainlen + 1 + (column - mark) * (maxchainlen - 1);
      len = maxchainlen - 1;
    }
    node.parent = ((s == head ? 0 : s - 1) + root) % p;
    if (s != head + len - 1 && s + 1 < p) node.children.push_back((s + 1 + root) % p);
  }
  return tree;
}

} // namespace collscope::ompi_rounds
