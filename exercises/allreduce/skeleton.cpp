// MY_Allreduce: your allreduce (see task.md). Keep the signature exactly as it is; add helper
// functions as you like (static, or in an anonymous namespace). Use point-to-point
// communication and MPI_Reduce_local only. collscope-grade supplies main().
#include <mpi.h>

namespace {
// The linear cost model that picks the algorithm (task.md).
constexpr double alpha = 1e-6; // seconds per message
constexpr double beta = 2e-10; // seconds per byte
} // namespace

int MY_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // TODO: recvbuf := sendbuf[0] ⊕ sendbuf[1] ⊕ … ⊕ sendbuf[size − 1] on every rank, in rank
  // order (op need not be commutative): the butterfly for small m, reduce-scatter by
  // recursive halving + allgather by recursive doubling for large m, whichever the model
  // says is cheaper; fold the first 2(size − q) ranks when size is not a power of two.
  (void)sendbuf;
  (void)recvbuf;
  (void)count;
  (void)datatype;
  (void)op;
  (void)alpha;
  (void)beta;
  return MPI_SUCCESS;
}
