// Pipelined-tree, two-tree and Jia broadcasts and the two-tree reduction against Open MPI's
// MPI_Bcast and MPI_Reduce, byte for byte, for every root and many block counts (forced
// through the tuning override): blocks of unequal size, more blocks than elements, MPI_IN_PLACE
// and a non-commutative operation for the reduction.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "mpi_support.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <numeric>
#include <vector>

using namespace collscope;
using namespace collscope::testing;

namespace {

using BcastFn = int (*)(void*, int, MPI_Datatype, int, MPI_Comm);

struct Named {
  const char* name;
  BcastFn fn;
};

const Named bcasts[] = {{"binary-pipeline", bcast_binary_pipeline},
                        {"fibonacci-pipeline", bcast_fibonacci_pipeline},
                        {"two-tree", bcast_two_tree},
                        {"jia", bcast_jia}};

class ForcedBlocks {
public:
  explicit ForcedBlocks(int blocks) : saved_(pipeline_tuning()) {
    PipelineTuning t = saved_;
    t.blocks = blocks;
    set_pipeline_tuning(t);
  }
  ~ForcedBlocks() { set_pipeline_tuning(saved_); }
  ForcedBlocks(const ForcedBlocks&) = delete;
  ForcedBlocks& operator=(const ForcedBlocks&) = delete;

private:
  PipelineTuning saved_;
};

} // namespace

TEST_CASE("tree and hypercube broadcasts match MPI_Bcast for every root and block count",
          "[trees]") {
  const TestTypes types;
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (const Named& a : bcasts) {
    for (int blocks : {0, 1, 2, 3, 7, 36, 37, 100}) { // 0: the lemma's own count
      const ForcedBlocks forced(blocks);
      for (int root = 0; root < p; ++root) {
        for (MPI_Datatype type : {MPI_INT, types.vector()}) {
          const int count = 37, ints = type == MPI_INT ? count : 3 * count; // extent: 3 ints
          // The vector type skips every second int: the gaps must stay untouched.
          std::vector<int> mine(static_cast<std::size_t>(ints + 1), -1),
              native(static_cast<std::size_t>(ints + 1), -1);
          if (rank == root) {
            std::iota(mine.begin(), mine.end(), 1000 * root);
            native = mine;
          }
          const int rc = a.fn(mine.data(), count, type, root, MPI_COMM_WORLD);
          MPI_Bcast(native.data(), count, type, root, MPI_COMM_WORLD);
          INFO(a.name << " blocks=" << blocks << " root=" << root << " p=" << p
                      << (type == MPI_INT ? " int" : " vector"));
          const bool same = std::memcmp(mine.data(), native.data(), mine.size() * sizeof(int)) == 0;
          CHECK(all_ranks(rc == MPI_SUCCESS && same, MPI_COMM_WORLD));
        }
      }
    }
  }
}

TEST_CASE("two-tree reduce matches MPI_Reduce, non-commutative op, every root", "[trees]") {
  const TestTypes types;
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  for (int blocks : {0, 1, 2, 3, 7, 19, 40}) {
    const ForcedBlocks forced(blocks);
    for (int root = 0; root < p; ++root) {
      for (bool in_place : {false, true}) {
        const int count = 19; // pairs (a, b) of the affine op
        std::vector<int> send(2 * count);
        for (int i = 0; i < count; ++i) {
          send[2 * i] = 1 + (rank + i) % 3; // small factors: no overflow at p = 16
          send[2 * i + 1] = rank * 7 + i;
        }
        std::vector<int> mine(2 * count, -1), native(2 * count, -1);
        if (in_place && rank == root) mine = send;
        const void* from = in_place && rank == root ? MPI_IN_PLACE : send.data();
        const int rc = reduce_two_tree(from, mine.data(), count, types.pair(), types.affine(), root,
                                       MPI_COMM_WORLD);
        MPI_Reduce(send.data(), native.data(), count, types.pair(), types.affine(), root,
                   MPI_COMM_WORLD);
        INFO("blocks=" << blocks << " root=" << root << " in_place=" << in_place << " p=" << p);
        const bool same = rank != root || mine == native;
        CHECK(all_ranks(rc == MPI_SUCCESS && same, MPI_COMM_WORLD));
      }
    }
    for (int root = 0; root < p; ++root) {
      std::vector<int> send(1000), mine(1000, -1), native(1000, -1);
      std::iota(send.begin(), send.end(), rank);
      const int rc =
          reduce_two_tree(send.data(), mine.data(), 1000, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
      MPI_Reduce(send.data(), native.data(), 1000, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
      INFO("sum blocks=" << blocks << " root=" << root);
      CHECK(all_ranks(rc == MPI_SUCCESS && (rank != root || mine == native), MPI_COMM_WORLD));
    }
  }
}
