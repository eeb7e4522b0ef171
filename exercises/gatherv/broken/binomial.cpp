// Broken on purpose (breaks: linear_time): a binomial tree over the vranks (rank − root) mod p
// that ignores the block sizes. Every rank first sends its subtree's element count up the
// tree (so that parents know what to receive), then its subtree's data, in vrank order; the
// root unpacks every block to its displacement. Correct, ⌈log₂p⌉ + ⌈log₂p⌉ rounds, every
// block sent up once per tree edge — but a large block far from the root is forwarded through
// every rank on its path: with m = b 0 0 b at root 0, rank 3's block goes 3 → 2 → 0, twice
// β·b where Träff's tree sends it once (3 → 0).
#include <mpi.h>
#include <vector>

namespace {

constexpr int size_tag = 4803, data_tag = 4804;

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
  const int v = (rank - root + p) % p;
  const auto real = [&](int u) { return (u + root) % p; };
  const MPI_Datatype type = rank == root ? recvtype : sendtype;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);

  // Children v + 2^k for the k below v's lowest set bit; the parent clears that bit.
  std::vector<int> children;
  int parent = -1;
  for (int k = 0; (1 << k) < p; ++k) {
    if ((v & (1 << k)) != 0) {
      parent = v - (1 << k);
      break;
    }
    if (v + (1 << k) < p) children.push_back(v + (1 << k));
  }
  // Phase 1: subtree sizes up the tree.
  std::vector<int> sizes(children.size(), 0);
  int total = rank == root ? recvcounts[root] : sendcount;
  for (std::size_t c = 0; c < children.size(); ++c) {
    MPI_Recv(&sizes[c], 1, MPI_INT, real(children[c]), size_tag, comm, MPI_STATUS_IGNORE);
    total += sizes[c];
  }
  if (parent >= 0) MPI_Send(&total, 1, MPI_INT, real(parent), size_tag, comm);

  // Phase 2: the data, own block first, then the children's subtrees in vrank order.
  std::vector<char> held(static_cast<std::size_t>(total) * static_cast<std::size_t>(extent));
  const int own = rank == root ? recvcounts[root] : sendcount;
  if (own > 0) copy(sendbuf, sendcount, sendtype, held.data(), own, type, comm);
  long long at = own;
  for (std::size_t c = 0; c < children.size(); ++c) {
    if (sizes[c] > 0)
      MPI_Recv(held.data() + at * extent, sizes[c], type, real(children[c]), data_tag, comm,
               MPI_STATUS_IGNORE);
    at += sizes[c];
  }
  if (parent >= 0) {
    if (total > 0) MPI_Send(held.data(), total, type, real(parent), data_tag, comm);
    return MPI_SUCCESS;
  }
  // The root: vrank u's block is next in held; put it at displs[real(u)].
  at = 0;
  for (int u = 0; u < p; ++u) {
    const int i = real(u);
    if (recvcounts[i] > 0)
      copy(held.data() + at * extent, recvcounts[i], recvtype,
           static_cast<char*>(recvbuf) + displs[i] * extent, recvcounts[i], recvtype, comm);
    at += recvcounts[i];
  }
  return MPI_SUCCESS;
}
