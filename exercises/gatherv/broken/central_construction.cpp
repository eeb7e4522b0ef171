// Broken on purpose (breaks: rounds, linear_time): the tree is Träff's, but it is not built
// by the fixed roots' exchanges: every rank sends its size to the root, which sends all p
// sizes back to every rank, and each rank then computes the whole tree. The root receives
// and sends p − 1 messages each: 2(p − 1) construction rounds instead of 2⌈log₂p⌉, and as
// many α on the way to the gather. The gather itself is the reference's.
#include <algorithm>
#include <mpi.h>
#include <vector>

namespace {

constexpr int tree_tag = 4801, data_tag = 4802;

struct Range {
  int begin, end;
};

Range cube_of(int rank, int level, int p) {
  const int begin = (rank >> level) << level;
  return {begin, std::min(begin + (1 << level), p)};
}

Range sibling_of(int rank, int level, int p) {
  const int begin = ((rank >> level) ^ 1) << level;
  return begin >= p ? Range{p, p} : Range{begin, std::min(begin + (1 << level), p)};
}

/// What fixed roots exchange: the cube's gather root, its data S and the gather root's m_g.
struct Cube {
  long long gather_root, bytes, root_block;
};

struct Child {
  int rank, level;
  long long bytes;
};

/// The merge rule every rank that knows both records evaluates alike.
struct Merger {
  int root, p;
  bool upper_receives(const Cube& lower, const Cube& upper, int level) const {
    const Range l = cube_of(static_cast<int>(lower.gather_root), level, p);
    const Range u = cube_of(static_cast<int>(upper.gather_root), level, p);
    if (root >= l.begin && root < l.end) return false; // the given root always receives
    if (root >= u.begin && root < u.end) return true;
    const long long el = lower.bytes - lower.root_block, eu = upper.bytes - upper.root_block;
    if (el != eu) return el < eu; // the faster cube sends: it never makes the other wait
    if (lower.bytes != upper.bytes) return lower.bytes < upper.bytes;
    return true;
  }
  Cube merged(const Cube& lower, const Cube& upper, int level) const {
    const bool up = upper_receives(lower, upper, level);
    const Cube& w = up ? upper : lower;
    return {w.gather_root, lower.bytes + upper.bytes, w.root_block};
  }
};

/// One rank's place in the tree once the construction is over.
struct Node {
  int parent = -1, level = -1;
  long long bytes = 0; // what it sends (or, at the root, holds)
  std::vector<Child> children;
};

Node construct(long long own, int root, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  // The bug: every size goes to the root, which sends all of them to every rank (linear in
  // p), so that each rank can build the whole tree by itself.
  std::vector<long long> sizes(static_cast<std::size_t>(p), 0);
  sizes[static_cast<std::size_t>(rank)] = own;
  if (rank == root) {
    for (int i = 0; i < p; ++i)
      if (i != root)
        MPI_Recv(&sizes[static_cast<std::size_t>(i)], 1, MPI_LONG_LONG, i, tree_tag, comm,
                 MPI_STATUS_IGNORE);
    for (int i = 0; i < p; ++i)
      if (i != root) MPI_Send(sizes.data(), p, MPI_LONG_LONG, i, tree_tag, comm);
  } else {
    MPI_Send(&own, 1, MPI_LONG_LONG, root, tree_tag, comm);
    MPI_Recv(sizes.data(), p, MPI_LONG_LONG, root, tree_tag, comm, MPI_STATUS_IGNORE);
  }
  // The reference's merges, for all cubes at once (the same tree).
  const Merger rule{root, p};
  std::vector<Cube> cubes;
  for (int i = 0; i < p; ++i)
    cubes.push_back({i, sizes[static_cast<std::size_t>(i)], sizes[static_cast<std::size_t>(i)]});
  Node node;
  for (int level = 0; (1 << level) < p; ++level) {
    std::vector<Cube> next;
    for (std::size_t a = 0; a < cubes.size(); a += 2) {
      if (a + 1 == cubes.size()) {
        next.push_back(cubes[a]);
        continue;
      }
      const Cube& l = cubes[a];
      const Cube& u = cubes[a + 1];
      const bool up = rule.upper_receives(l, u, level);
      const Cube& loser = up ? l : u;
      const Cube& winner = up ? u : l;
      if (loser.gather_root == rank) {
        node.parent = static_cast<int>(winner.gather_root);
        node.level = level;
        node.bytes = loser.bytes;
      }
      if (winner.gather_root == rank)
        node.children.push_back({static_cast<int>(loser.gather_root), level, loser.bytes});
      next.push_back(rule.merged(l, u, level));
    }
    cubes = next;
  }
  if (node.parent < 0) node.bytes = cubes.front().bytes;
  return node;
}

/// A typed local copy (a message to oneself costs no round and no network traffic).
void copy(const void* from, int n, MPI_Datatype t, void* to, int m, MPI_Datatype u, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Sendrecv(from, n, t, rank, data_tag, to, m, u, rank, data_tag, comm, MPI_STATUS_IGNORE);
}

} // namespace

int MY_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
               MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const bool is_root = rank == root;
  const MPI_Datatype type = is_root ? recvtype : sendtype; // same type signature everywhere
  int size = 0;
  MPI_Type_size(type, &size);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  const long long own = static_cast<long long>(is_root ? recvcounts[root] : sendcount) * size;
  const Node node = construct(own, root, comm);
  const auto elements = [&](long long bytes) {
    return size == 0 ? 0 : static_cast<int>(bytes / size);
  };

  if (is_root) {
    if (recvcounts[root] > 0)
      copy(sendbuf, sendcount, sendtype, static_cast<char*>(recvbuf) + displs[root] * extent,
           recvcounts[root], recvtype, comm);
    std::vector<char> held;
    for (const Child& c : node.children) {
      if (c.bytes == 0) continue;
      held.resize(static_cast<std::size_t>(elements(c.bytes) * extent));
      MPI_Recv(held.data(), elements(c.bytes), recvtype, c.rank, data_tag, comm, MPI_STATUS_IGNORE);
      // The child's cube in rank order; each block to its displacement.
      const Range cube = cube_of(c.rank, c.level, p);
      long long at = 0;
      for (int i = cube.begin; i < cube.end; ++i) {
        if (recvcounts[i] > 0)
          copy(held.data() + at * extent, recvcounts[i], recvtype,
               static_cast<char*>(recvbuf) + displs[i] * extent, recvcounts[i], recvtype, comm);
        at += recvcounts[i];
      }
    }
    return MPI_SUCCESS;
  }
  if (node.bytes == 0) return MPI_SUCCESS; // an empty cube: nothing to send, nothing below
  if (node.children.empty())               // a leaf: its own block
    return MPI_Send(sendbuf, sendcount, sendtype, node.parent, data_tag, comm);
  // Rank order: children below (higher levels first), own block, children above.
  long long below = 0;
  for (const Child& c : node.children)
    if (c.rank < rank) below += c.bytes;
  std::vector<char> held(static_cast<std::size_t>(elements(node.bytes) * extent));
  if (sendcount > 0)
    copy(sendbuf, sendcount, sendtype, held.data() + elements(below) * extent, sendcount, sendtype,
         comm);
  for (const Child& c : node.children) {
    if (c.bytes == 0) continue;
    // Below: after the children below it of higher level; above: after own and lower levels.
    long long at = c.rank < rank ? below : below + own;
    for (const Child& d : node.children)
      if ((c.rank < rank && d.rank < rank && d.level < c.level) ||
          (c.rank > rank && d.rank > rank && d.level < c.level))
        at += c.rank < rank ? -d.bytes : d.bytes;
    if (c.rank < rank) at -= c.bytes;
    MPI_Recv(held.data() + elements(at) * extent, elements(c.bytes), sendtype, c.rank, data_tag,
             comm, MPI_STATUS_IGNORE);
  }
  return MPI_Send(held.data(), elements(node.bytes), sendtype, node.parent, data_tag, comm);
}
