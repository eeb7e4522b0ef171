// Reference solution of the scatter exercise: the lecture's divide-and-conquer scatter
// (seeds/001, "Binomial tree-like, divide-and-conquer scatter (≠power-of-two)"), without
// recursion.
//
// The ranks [0, p) are halved: the root sends the blocks of the half without it, as one
// message, to that half's subroot (its rank nearest the middle); both halves go on the same
// way. Blocks stay contiguous and in rank order at every step, so any root works without
// reordering; only subroots need a buffer, for the blocks of their half.
//
//   p = 7, root 3:  round 1: 3→0 [0,3)    round 2: 3→5 [5,7)  0→1 [1,3)
//                   round 3: 3→4 [4,5)  5→6 [6,7)  1→2 [2,3)
//
// Rounds ⌈log₂p⌉; the root sends (p − 1)·m/p bytes; cost ⌈log₂p⌉α + (p − 1)/p·βm.
#include <mpi.h>
#include <vector>

namespace {

constexpr int tag = 4712;

struct Level {
  int root, subroot, begin, end; // the subroot's half is [begin, end)
};

/// The levels of the halving in which `rank` takes part (as root or subroot), top first, and
/// the blocks this rank holds: all at the root, the subroot's half at a subroot.
std::vector<Level> my_levels(int rank, int root, int p, int& first, int& last) {
  std::vector<Level> levels;
  int s = 0, e = p;
  first = rank;
  last = rank + 1;
  if (rank == root) {
    first = 0;
    last = p;
  }
  while (e - s > 1) {
    const int n = (e - s) / 2, m = s + n;
    const Level level{root, root < m ? m : s, root < m ? m : s, root < m ? e : m};
    if (rank == root || rank == level.subroot) levels.push_back(level);
    if (rank == level.subroot) {
      first = level.begin;
      last = level.end;
    }
    if (rank >= level.begin && rank < level.end) {
      root = level.subroot;
      s = level.begin;
      e = level.end;
    } else {
      s = root < m ? s : m;
      e = root < m ? m : e;
    }
  }
  return levels;
}

MPI_Aint extent_of(MPI_Datatype type) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  return extent;
}

} // namespace

int MY_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const bool is_root = rank == root;
  const int count = is_root ? sendcount : recvcount; // the blocks this rank holds or forwards
  const MPI_Datatype type = is_root ? sendtype : recvtype;
  if (count == 0) return MPI_SUCCESS;
  const MPI_Aint extent = extent_of(type);

  int first = 0, last = 0;
  const std::vector<Level> levels = my_levels(rank, root, p, first, last);
  std::vector<char> temporary;
  char* held = is_root ? static_cast<char*>(const_cast<void*>(sendbuf)) : nullptr;
  if (!is_root && last - first > 1) {
    temporary.resize(static_cast<std::size_t>((last - first) * count * extent));
    held = temporary.data();
  }
  const auto block = [&](int r) { return held + (r - first) * count * extent; };

  for (const Level& level : levels) {
    const int blocks = level.end - level.begin;
    if (level.subroot == rank) {
      void* into = last - first > 1 ? static_cast<void*>(held) : recvbuf;
      MPI_Recv(into, blocks * count, type, level.root, tag, comm, MPI_STATUS_IGNORE);
    } else {
      MPI_Send(block(level.begin), blocks * count, type, level.subroot, tag, comm);
    }
  }
  // My own block, unless it arrived straight in recvbuf: a typed copy (MPI_Sendrecv to
  // myself), since the types may have gaps.
  if (held != nullptr)
    MPI_Sendrecv(block(rank), count, type, rank, tag, recvbuf, recvcount, recvtype, rank, tag, comm,
                 MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
