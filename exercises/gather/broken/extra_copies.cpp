// Broken on purpose (breaks: memory): the divide-and-conquer reference, but the root gathers
// into a temporary buffer of all p blocks and copies it into recvbuf at the end.
#include <mpi.h>
#include <vector>

namespace {

constexpr int tag = 4711;

struct Level {
  int root, subroot, begin, end; // the subroot's half is [begin, end)
};

/// The levels of the halving in which `rank` takes part (as root or subroot), top first, and
/// the range this rank collects: [0, p) at the root, the subroot's half at a subroot.
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
    Level level{root, root < m ? m : s, root < m ? m : s, root < m ? e : m};
    const bool in_sub = rank >= level.begin && rank < level.end;
    if (rank == root || rank == level.subroot) levels.push_back(level);
    if (rank == level.subroot && rank != root) {
      first = level.begin;
      last = level.end;
    }
    if (in_sub) {
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

} // namespace

int MY_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const bool is_root = rank == root;
  const int count = is_root ? recvcount : sendcount; // my blocks' count and type
  const MPI_Datatype type = is_root ? recvtype : sendtype;
  if (count == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);

  int first = 0, last = 0;
  const std::vector<Level> levels = my_levels(rank, root, p, first, last);
  // The bug: the root, too, collects into a temporary copy of the whole result and copies it
  // to recvbuf at the end: p blocks of extra memory where none are needed.
  std::vector<char> temporary;
  char* collected = static_cast<char*>(recvbuf);
  if (is_root || last - first > 1) {
    temporary.resize(static_cast<std::size_t>((last - first) * count * extent));
    collected = temporary.data();
  }
  const auto block = [&](int r) { return collected + (r - first) * count * extent; };
  // My own block: a typed copy (MPI_Sendrecv to myself), since the types may have gaps.
  if (is_root || last - first > 1)
    MPI_Sendrecv(sendbuf, sendcount, sendtype, rank, tag, block(rank), count, type, rank, tag, comm,
                 MPI_STATUS_IGNORE);

  for (auto level = levels.rbegin(); level != levels.rend(); ++level) {
    const int blocks = level->end - level->begin;
    if (level->subroot == rank) {
      const void* data = last - first > 1 ? static_cast<const void*>(collected) : sendbuf;
      return MPI_Send(data, blocks * count, type, level->root, tag, comm);
    }
    MPI_Recv(block(level->begin), blocks * count, type, level->subroot, tag, comm,
             MPI_STATUS_IGNORE);
  }
  if (is_root)
    MPI_Sendrecv(collected, p * count, type, rank, tag, recvbuf, p * count, type, rank, tag, comm,
                 MPI_STATUS_IGNORE);
  return MPI_SUCCESS;
}
