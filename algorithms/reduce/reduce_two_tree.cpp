// Two-tree reduction (seeds/001, "Two (pipelined) binary trees", "Example: Reduction",
// EdgeColor; Sanders, Speck, Träff 2009): the two-tree broadcast run backwards. The vector is
// cut into M blocks; even blocks are reduced up the upper in-order tree, odd blocks up the
// mirrored lower tree, both into rank 0 (through rank 1 when p − 1 is odd). Ranks are not
// shifted towards the root: both trees are in-order over ranks, so every partial result is
// x_first ⊕ … ⊕ x_last of a contiguous run, a node puts a lower-ranked child's part in front
// of its own and a higher-ranked child's behind, and rank 0 ends with x₀ ⊕ x₁ ⊕ … ⊕ x_{p−1}
// in rank order: correct for non-commutative ops ("care needed not to exploit
// commutativity"). For root r ≠ 0, rank 0 forwards each finished block to r, one round later.
//
//   p = 5, M = 4, root 0 (the broadcast of bcast_two_tree.cpp read backwards), sends:
//   reduce round:     0      1      2      3      4      5      6
//   rank 1                          2:b2   0:b3   2:b0   0:b1
//   rank 2          3:b3          3:b1   4:b2          4:b0
//   rank 3                 2:b2   1:b3   2:b0   1:b1
//   rank 4                 3:b3          3:b1   0:b2          0:b0
//
// Rounds: those of the two-tree broadcast (+1 when root ≠ 0). Cost: rounds·(α + βm/M) plus
// one local reduction per received block; with the lemma's M the lecture's
// T = 2⌈log₂((p+1)/4)⌉α + 2√(2⌈log₂((p+1)/4)⌉αβm) + βm up to the relay's round.
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/two_tree.hpp"
#include "common/annotate.hpp"
#include "common/block_broadcast.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <algorithm>
#include <vector>

namespace collscope {

namespace {

// The ranks whose contributions travel in a message sent by `v` towards rank 0.
std::array<int, 2> contributors(const schedule::TwoTree& tree, int v, int block) {
  if (v == 0) return {0, tree.size() - 1};
  if (!tree.in_trees(v)) return {1, tree.size() - 1}; // the relay
  return tree.subtree(v, schedule::two_tree_side_of_block(block));
}

int unchecked_reduce_two_tree(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                              MPI_Op op, int root, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("reduce", "two-tree", root, count, datatype, comm);
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;
  const void* own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  if (p == 1) return typed_copy(own, count, datatype, recvbuf, count, datatype);

  const int blocks = two_tree_blocks_for(p, count, datatype);
  const schedule::TwoTreeSchedule two_tree(p, blocks);
  const int rounds = two_tree.rounds();
  trace::meta("blocks", blocks);
  trace::meta("rounds", rounds + (root != 0 ? 1 : 0));
  const MPI_Aint extent = extent_of(datatype);
  const auto range = [&](int b) { return schedule::pipeline_block(count, blocks, b); };
  const auto side_name = [](int b) {
    return schedule::two_tree_side_of_block(b) == schedule::upper ? "phase upper tree"
                                                                  : "phase lower tree";
  };

  TempBuffer partial(count, datatype), incoming((count + blocks - 1) / blocks, datatype);
  COLLSCOPE_TRY(typed_copy(own, count, datatype, partial.data(), count, datatype));

  // The root posts its receives of the forwarded blocks first (rank 0 sends them in the order
  // it finishes them: M − 1 down to 0), so its own tree traffic never waits for them.
  std::vector<MPI_Request> forwarded;
  if (root != 0 && rank == root) {
    for (int b = blocks - 1; b >= 0; --b) {
      const schedule::ElementRange r = range(b);
      forwarded.push_back(MPI_REQUEST_NULL);
      COLLSCOPE_TRY(MPI_Irecv(at(recvbuf, r.begin, extent), static_cast<int>(r.count), datatype, 0,
                              reduce_tag, comm, &forwarded.back()));
    }
  }

  // Rank 0 finishes block b in round rounds − 1 − b and forwards it in the next round.
  const auto forwards = [&](int t) {
    const int finished = rounds - t;
    return rank == 0 && root != 0 && finished >= 0 && finished < blocks;
  };
  const auto step = [&](int t) {
    schedule::BlockStep s = t < rounds ? two_tree.reduce_step(rank, t) : schedule::BlockStep{};
    if (forwards(t)) s.send = {root, rounds - t};
    return s;
  };
  const auto send = [&](int t, const schedule::BlockStep& s, std::optional<trace::Region>& phase) {
    const schedule::ElementRange r = range(s.send.block);
    phase.emplace(forwards(t) ? "phase to root" : side_name(s.send.block));
    const auto who = contributors(two_tree.tree(), rank, s.send.block);
    trace::blocks(who[0], who[1] - who[0] + 1, r.begin, r.count);
    return Transfer{partial.block(r.begin), static_cast<int>(r.count), s.send.peer};
  };
  const auto receive = [&](const schedule::BlockStep& s) {
    return Transfer{incoming.data(), static_cast<int>(range(s.recv.block).count), s.recv.peer};
  };
  // MPI_Reduce_local(in, inout) computes inout = in ⊕ inout.
  const auto add = [&](const schedule::BlockStep& s) {
    const schedule::ElementRange r = range(s.recv.block);
    char* mine = partial.block(r.begin);
    const int n = static_cast<int>(r.count);
    if (s.recv.peer < rank) return MPI_Reduce_local(incoming.data(), mine, n, datatype, op);
    COLLSCOPE_TRY(MPI_Reduce_local(mine, incoming.data(), n, datatype, op));
    return typed_copy(incoming.data(), n, datatype, mine, n, datatype);
  };
  COLLSCOPE_TRY(play_block_steps(rounds + 1, step, send, receive, add, datatype, reduce_tag, comm));
  if (!forwarded.empty()) {
    const trace::Round round(rounds);
    COLLSCOPE_TRY(
        MPI_Waitall(static_cast<int>(forwarded.size()), forwarded.data(), MPI_STATUSES_IGNORE));
  }
  if (rank == root && root == 0)
    return typed_copy(partial.data(), count, datatype, recvbuf, count, datatype);
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(reduce, reduce_two_tree, unchecked_reduce_two_tree)

} // namespace collscope
