// Broken on purpose (breaks: correct, for p not a power of two): the divide-and-conquer
// reference where every message carries (e − s) / 2 blocks, "half the range": one block short
// when the subroot has the upper half of an odd range, so the last rank of that half never
// gets its block. Both sides agree on the count; nothing hangs. Powers of two pass.
#include <mpi.h>
#include <vector>

namespace {

constexpr int tag = 4712;

struct Level {
  int root, subroot, begin, end; // the subroot's half is [begin, end)
  int half;                      // (e − s) / 2, the size of "a half"
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
    const Level level{root, root < m ? m : s, root < m ? m : s, root < m ? e : m, n};
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
    const int blocks = level.half; // the bug: the upper half of an odd range has one more
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
