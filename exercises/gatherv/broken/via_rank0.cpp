// Broken on purpose (breaks: bytes, linear_time): Träff's tree, built and used as in the
// reference, but always towards rank 0 ("any root" done the easy way): rank 0 gathers every
// block, the root's own included, and then sends the whole Σ m_i to the root. The root gets
// its own block back over the network, so it receives Σ_i m_i where Σ_{i≠r} m_i suffice, and
// the extra message and its bytes cost α + β·Σ m_i on top of Theorem 1's time. Right, and in
// 3⌈log₂p⌉ rounds where p ≥ 4 (the forward is one round more).
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
  const Merger rule{root, p};
  Node node;
  bool fixed = true, gather = true;
  Cube fixed_cube{rank, own, own}, gather_cube = fixed_cube;
  // The gather root's side of a merge: the loser stops, the winner adds a child.
  const auto settle = [&](const Cube& other, bool mine_is_lower, int level) {
    const Cube& lower = mine_is_lower ? gather_cube : other;
    const Cube& upper = mine_is_lower ? other : gather_cube;
    const Cube m = rule.merged(lower, upper, level);
    if (m.gather_root == rank) {
      node.children.push_back({static_cast<int>(other.gather_root), level, other.bytes});
      gather_cube = m;
      return;
    }
    node.parent = static_cast<int>(other.gather_root);
    node.level = level;
    node.bytes = gather_cube.bytes;
    gather = false;
  };
  for (int level = 0; (1 << level) < p && (fixed || gather); ++level) {
    const Range sibling = sibling_of(rank, level, p);
    if (sibling.begin == sibling.end) continue; // nothing to merge with
    const bool lower = sibling.begin > rank;
    Cube other{};
    if (fixed) {
      MPI_Sendrecv(&fixed_cube, 3, MPI_LONG_LONG, sibling.end - 1, tree_tag, &other, 3,
                   MPI_LONG_LONG, sibling.end - 1, tree_tag, comm, MPI_STATUS_IGNORE);
      if (fixed_cube.gather_root != rank) // tell this cube's gather root about the other
        MPI_Send(&other, 3, MPI_LONG_LONG, static_cast<int>(fixed_cube.gather_root), tree_tag,
                 comm);
      else
        settle(other, lower, level);
      fixed_cube =
          lower ? rule.merged(fixed_cube, other, level) : rule.merged(other, fixed_cube, level);
      fixed = !lower; // the upper cube's fixed root is the merged cube's
    } else {
      MPI_Recv(&other, 3, MPI_LONG_LONG, cube_of(rank, level, p).end - 1, tree_tag, comm,
               MPI_STATUS_IGNORE);
      settle(other, lower, level);
    }
  }
  if (gather) node.bytes = gather_cube.bytes; // the root: everything
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
  int size = 0;
  MPI_Type_size(sendtype, &size);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(sendtype, &lb, &extent);
  const long long own = static_cast<long long>(sendcount) * size;
  // The tree always gathers at rank 0; the root is just one more rank in it.
  Node node = construct(own, 0, comm);
  const auto elements = [&](long long bytes) {
    return size == 0 ? 0 : static_cast<int>(bytes / size);
  };
  if (rank == 0) node.parent = root; // rank 0 passes everything on to the root
  std::vector<char> held;
  if (node.bytes > 0 && !(rank == 0 && root == 0 && node.children.empty())) {
    long long below = 0;
    for (const Child& c : node.children)
      if (c.rank < rank) below += c.bytes;
    held.resize(static_cast<std::size_t>(elements(node.bytes) * extent));
    if (sendcount > 0)
      copy(sendbuf, sendcount, sendtype, held.data() + elements(below) * extent, sendcount,
           sendtype, comm);
    for (const Child& c : node.children) {
      if (c.bytes == 0) continue;
      long long at = c.rank < rank ? below : below + own;
      for (const Child& d : node.children)
        if ((c.rank < rank && d.rank < rank && d.level < c.level) ||
            (c.rank > rank && d.rank > rank && d.level < c.level))
          at += c.rank < rank ? -d.bytes : d.bytes;
      if (c.rank < rank) at -= c.bytes;
      MPI_Recv(held.data() + elements(at) * extent, elements(c.bytes), sendtype, c.rank, data_tag,
               comm, MPI_STATUS_IGNORE);
    }
    if (!(rank == 0 && root == 0))
      MPI_Send(held.data(), elements(node.bytes), sendtype, node.parent, data_tag, comm);
  }
  if (rank != root) return MPI_SUCCESS;
  // The root: everything, in rank order, from rank 0 (or from itself when it is rank 0).
  long long total = 0;
  for (int i = 0; i < p; ++i) total += recvcounts[i];
  std::vector<char> all(static_cast<std::size_t>(total * extent));
  if (root != 0) {
    if (total > 0)
      MPI_Recv(all.data(), static_cast<int>(total), recvtype, 0, data_tag, comm, MPI_STATUS_IGNORE);
  } else if (!held.empty()) {
    all = held;
  } else if (sendcount > 0) {
    copy(sendbuf, sendcount, sendtype, all.data(), sendcount, sendtype, comm);
  }
  long long at = 0;
  for (int i = 0; i < p; ++i) {
    if (recvcounts[i] > 0)
      copy(all.data() + at * extent, recvcounts[i], recvtype,
           static_cast<char*>(recvbuf) + displs[i] * extent, recvcounts[i], recvtype, comm);
    at += recvcounts[i];
  }
  return MPI_SUCCESS;
}
