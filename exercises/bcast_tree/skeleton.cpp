// MY_Bcast: your pipelined binary-tree broadcast (see task.md). Keep the signature exactly as
// it is; add helper functions as you like (static, or in an anonymous namespace). Use
// point-to-point communication only. collscope-grade supplies main().
#include <mpi.h>

namespace {
// The linear cost model your block count must be derived for (task.md).
constexpr double alpha = 1e-6; // seconds per message
constexpr double beta = 2e-10; // seconds per byte
} // namespace

int MY_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  // TODO: send the root's buffer (count elements of datatype) down the balanced binary tree
  // over the vranks (rank − root) mod size (children 2v + 1 and 2v + 2) in M blocks, M
  // chosen with the pipelining lemma; forward every block as soon as the schedule allows.
  (void)buffer;
  (void)count;
  (void)datatype;
  (void)root;
  (void)alpha;
  (void)beta;
  return MPI_SUCCESS;
}
