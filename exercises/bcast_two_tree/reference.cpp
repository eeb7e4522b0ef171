// Reference solution of the two-tree broadcast exercise (seeds/001, "Two (pipelined) binary
// trees", EdgeColor; Sanders, Speck, Träff, Parallel Computing 35(12), 2009).
//
// The ranks, renumbered v = (rank − root) mod p, hold n = p − 1 tree processors (n even) or,
// when p − 1 is odd, n = p − 2 and vrank 1 relays every block from the root to the trees.
// Tree processor at position w (1 ≤ w ≤ n, vrank first − 1 + w) sits at position w of the
// upper in-order binary tree and at position n + 1 − w of the lower one, its mirror image:
// every processor is interior in one tree and a leaf in the other. Even blocks go down the
// upper tree, odd blocks down the lower one. EdgeColor 2-colours the edges so that a
// processor's two parent edges differ; the colour of the edge to x decides the parity of the
// rounds in which x receives, so D(child) = D(parent) + 1 when their parent edges differ in
// colour and + 2 otherwise, and block b reaches x in round b + relay + D(x, tree of b):
//
//   p = 5 (n = 4), M = 4: upper tree 4 → 2 → {1, 3}, lower tree 1 → 3 → {2, 4}
//   round:          0      1      2      3      4      5      6
//   vrank 0 sends  4:b0   1:b1   4:b2   1:b3
//   vrank 2 sends                1:b0   3:b0   1:b2   3:b2
//   vrank 3 sends                       4:b1   2:b1   4:b3   2:b3
//
// Every processor receives one block and sends at most one per round: M − 1 + 2⌈log₂p⌉
// rounds at most, and each rank sends about m bytes (its interior tree's half, twice), not
// the 2m of one binary tree. The pipelining lemma with latency 2⌈log₂p⌉ − 1 and one block a
// round gives M* = √((2⌈log₂p⌉ − 1)βm/α).
#include <algorithm>
#include <cmath>
#include <mpi.h>

namespace {

constexpr int tag = 4716;
constexpr double alpha = 1e-6; // s per message
constexpr double beta = 2e-10; // s per byte

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

int best_blocks(int p, int count, double bytes) {
  const double a = 2.0 * ceil_log2(p) - 1;
  const double m = std::sqrt(a * beta * bytes / alpha);
  return static_cast<int>(std::clamp(std::round(m), 1.0, static_cast<double>(count)));
}

/// The two trees over n (even) positions; all functions of positions, nothing stored.
struct TwoTree {
  int n;
  int top; // the root position of the in-order tree: the highest power of two ≤ n

  explicit TwoTree(int nodes) : n(nodes), top(1) {
    while (top * 2 <= n) top *= 2;
  }
  /// In-order parent of position w; 0 for the root.
  int parent(int w) const {
    if (w == top) return 0;
    const int h = w & -w;
    return ((w & (h << 1)) != 0 || w + h > n) ? w - h : w + h;
  }
  /// The lecture's EdgeColor(v) for an interior (even) position v of the upper tree.
  int edge_color(int v) const {
    int flips = 0;
    while (v != top) {
      const int u = parent(v);
      flips ^= ((n / 2) % 2) ^ (u > v ? 1 : 0);
      v = u;
    }
    return 1 ^ flips;
  }
  /// Position of upper position w in `side`'s tree (0 upper, 1 lower), and back.
  int in_side(int w, int side) const { return side == 0 ? w : n + 1 - w; }
  /// Colour of the parent edge of upper position w in `side`'s tree: the upper tree takes
  /// EdgeColor of the interior position (w, or its mirror for a leaf), the lower the other.
  int color(int w, int side) const {
    const int interior = w % 2 == 0 ? w : n + 1 - w;
    return side == 0 ? edge_color(interior) : 1 - edge_color(interior);
  }
  /// Upper position of w's parent in `side`'s tree (0: the feeder).
  int parent_of(int w, int side) const {
    const int up = parent(in_side(w, side));
    return up == 0 ? 0 : in_side(up, side);
  }
  /// D(w, side): rounds after the feeder's send until w receives.
  int delay(int w, int side) const {
    int d = 0;
    for (int u = w, par = parent_of(w, side); par != 0; u = par, par = parent_of(u, side))
      d += color(u, side) == color(par, side) ? 2 : 1;
    return d;
  }
};

} // namespace

int MY_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank = 0, p = 1, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &size);
  if (p == 1 || count == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(datatype, &lb, &extent);

  const int blocks = best_blocks(p, count, static_cast<double>(count) * size);
  const auto first = [&](int b) { return static_cast<long long>(count) * b / blocks; };
  const auto at = [&](int b) { return static_cast<char*>(buffer) + first(b) * extent; };
  const auto length = [&](int b) { return static_cast<int>(first(b + 1) - first(b)); };
  const auto valid = [&](int b) { return b >= 0 && b < blocks; };

  const int v = (rank - root + p) % p;
  const int n = (p - 1) % 2 == 0 ? p - 1 : p - 2;
  const int relay = p - 1 - n; // 1: vrank 1 relays between the root and the trees
  const TwoTree tree(n);
  const auto real = [&](int vrank) { return (vrank + root) % p; };
  const auto vrank_of = [&](int w) { return w == 0 ? relay : relay + w; }; // 0: the feeder
  const auto tree_root = [&](int b) { return vrank_of(tree.in_side(tree.top, b % 2)); };

  const int last = blocks - 1 + 2 * ceil_log2(p); // the bound: nothing happens after it
  for (int round = 0; round < last; ++round) {
    int in = -1, from = -1, out = -1, to = -1;
    if (v == 0) {
      if (valid(round)) out = round, to = relay == 1 ? 1 : tree_root(round);
    } else if (relay == 1 && v == 1) {
      if (valid(round)) in = round, from = 0;
      if (n > 0 && valid(round - 1)) out = round - 1, to = tree_root(round - 1);
    } else {
      const int w = v - relay;
      for (int side = 0; side < 2; ++side) {
        const int b = round - relay - tree.delay(w, side);
        if (valid(b) && b % 2 == side) in = b, from = vrank_of(tree.parent_of(w, side));
        // Children: the positions whose parent in this tree is w.
        for (int c = 1; c <= n; ++c) {
          if (tree.parent_of(c, side) != w) continue;
          const int bc = round - relay - tree.delay(c, side);
          if (valid(bc) && bc % 2 == side) out = bc, to = vrank_of(c);
        }
      }
    }
    if (in >= 0 && out >= 0)
      MPI_Sendrecv(at(out), length(out), datatype, real(to), tag, at(in), length(in), datatype,
                   real(from), tag, comm, MPI_STATUS_IGNORE);
    else if (out >= 0)
      MPI_Send(at(out), length(out), datatype, real(to), tag, comm);
    else if (in >= 0)
      MPI_Recv(at(in), length(in), datatype, real(from), tag, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
