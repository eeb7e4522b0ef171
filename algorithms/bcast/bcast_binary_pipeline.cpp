// Pipelined broadcast on a balanced binary tree (seeds/001, "Problem with balanced binary
// tree", "Broadcast (reduction) trees: Properties"): vranks in heap order (children 2v + 1,
// 2v + 2); the buffer is cut into M blocks; a node forwards each block to its left child in
// the round after it arrived and to its right child one round later.
//
//   p = 7, M = 2   round:  0    1    2    3    4    5
//                   0→1   b0        b1
//                   0→2        b0        b1
//                   1→3        b0        b1
//                   1→4             b0        b1
//                   2→5             b0        b1
//                   2→6                  b0        b1
//
// Rounds: max A + 1 + 2(M − 1), where A(v) is the round vrank v gets block 0 (left edges add
// 1, right edges 2): the first leaf of T_i has block 0 after i rounds, the last after 2i, so
// ≤ 2⌊log₂p⌋ + 2(M − 1). A node receives only every second round: the lemma with k ≈ 2 log p,
// s = 2 gives T = (k − 2)α + 2√(2(k − 2)αβm) + 2βm — twice the bandwidth term of the optimum.
// M: the pipelining lemma with these constants, or --blocks.
#include "bcast/pipelined_tree_bcast.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

constexpr detail::PipelinedTreeBcast binary{"binary-pipeline", schedule::binary_tree,
                                            binary_pipeline_blocks_for};

} // namespace

int bcast_binary_pipeline(void* buffer, int count, MPI_Datatype datatype, int root,
                          MPI_Comm user_comm) {
  return detail::guarded_bcast(buffer, count, datatype, root, user_comm, binary);
}

} // namespace collscope
