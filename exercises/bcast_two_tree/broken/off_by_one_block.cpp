// Broken on purpose (breaks: correct, when M does not divide count): every block has
// ⌊count/M⌋ elements, so the last count mod M elements are never sent (the last block ends
// one block-remainder short). Rounds, bytes, blocks and memory are within the reference's.
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
  const auto first = [&](int b) { return static_cast<long long>(count / blocks) * b; }; // the bug
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
