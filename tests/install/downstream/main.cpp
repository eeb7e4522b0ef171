// A user's program: broadcasts with collscope's binomial tree from every root, at three sizes,
// and checks the data on every rank; asks collscope::schedule (pure C++) for one fact it can
// check. Exit 0 only if every rank found everything right (reduced across ranks).
#include <collscope/algorithms/bcast.hpp>
#include <collscope/schedule/binomial.hpp>
#include <cstdio>
#include <mpi.h>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  int wrong = 0;
  for (int root = 0; root < p; ++root) {
    for (const int count : {1, 10, 1000}) {
      std::vector<int> data(static_cast<std::size_t>(count), -1);
      if (rank == root)
        for (int i = 0; i < count; ++i) data[static_cast<std::size_t>(i)] = root * 100000 + i;
      if (collscope::bcast_binomial(data.data(), count, MPI_INT, root, MPI_COMM_WORLD) !=
          MPI_SUCCESS)
        ++wrong;
      for (int i = 0; i < count; ++i)
        if (data[static_cast<std::size_t>(i)] != root * 100000 + i) ++wrong;
    }
  }
  // The schedule library, pure C++: the vrank p − 1 receives in round ⌊log₂(p − 1)⌋.
  int highest = 0;
  while ((2 << highest) <= p - 1) ++highest;
  if (p > 1 && collscope::schedule::bitreversed_round(p - 1) != highest) ++wrong;
  int wrong_anywhere = 0;
  MPI_Allreduce(&wrong, &wrong_anywhere, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("downstream: collscope::bcast_binomial on %d ranks, every root: %s\n", p,
                wrong_anywhere == 0 ? "correct" : "WRONG");
  MPI_Finalize();
  return wrong_anywhere == 0 ? 0 : 1;
}
