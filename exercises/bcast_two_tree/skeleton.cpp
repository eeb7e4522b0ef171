// MY_Bcast: your two-tree broadcast (see task.md). Keep the signature exactly as it is; add
// helper functions as you like (static, or in an anonymous namespace). Use point-to-point
// communication only. collscope-grade supplies main().
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

  // TODO: cut the root's buffer (count elements of datatype) into M blocks, M chosen with
  // the pipelining lemma; send the even blocks down the upper in-order binary tree over the
  // vranks (rank − root) mod size and the odd blocks down its mirror image, every processor
  // receiving one block and sending one in every round (EdgeColor).
  (void)buffer;
  (void)count;
  (void)datatype;
  (void)root;
  (void)alpha;
  (void)beta;
  return MPI_SUCCESS;
}
