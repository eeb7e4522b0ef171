// The MPI side shared by every block-pipelined broadcast whose schedule is a pure function
// (vrank, round) → BlockStep: the pipelined binary and Fibonacci trees, the two-tree and
// Jia's hypercube algorithm. One place cuts the buffer into blocks, maps vranks to ranks,
// annotates rounds, blocks and phases, and posts one send and one receive per round.
#pragma once

#include "collscope/schedule/block_step.hpp"
#include "common/buffers.hpp"

#include <collscope/annotate.hpp>
#include <functional>
#include <mpi.h>
#include <optional>
#include <string>

namespace collscope::detail {

struct BlockBroadcastPlan {
  int blocks = 0;
  int rounds = 0;
  /// What this process (given as its vrank) does in a round; peers are vranks.
  std::function<schedule::BlockStep(int round)> step;
  /// The phase a sent block belongs to ("upper tree"), empty for none: the trace shows it as
  /// the region "phase <name>" around the round's messages.
  std::function<std::string(int block)> phase;
};

/// Plays rounds 0 … rounds − 1 of a BlockStep schedule, `step(t)`: a round in which the rank
/// neither sends nor receives is skipped; any other is a trace round with one exchange of the
/// Transfers `send(t, s, phase)` (which may open the round's phase region) and `receive(s)`
/// build, then `received(s)` when it received. Shared by the block broadcasts and the two-tree
/// reduction, which plays the broadcast's schedule backwards. MPI error code.
template <class Step, class Send, class Receive, class Received>
int play_block_steps(int rounds, Step&& step, Send&& send, Receive&& receive, Received&& received,
                     MPI_Datatype type, int tag, MPI_Comm comm) {
  for (int t = 0; t < rounds; ++t) {
    const schedule::BlockStep s = step(t);
    if (!s.send.active() && !s.recv.active()) continue;
    const trace::Round round(t);
    std::optional<trace::Region> phase;
    const Transfer out = s.send.active() ? send(t, s, phase) : Transfer{};
    const Transfer in = s.recv.active() ? receive(s) : Transfer{};
    COLLSCOPE_TRY(exchange(out, in, type, tag, comm));
    if (s.recv.active()) COLLSCOPE_TRY(received(s));
  }
  return MPI_SUCCESS;
}

/// Broadcast from `root` following `plan` (vrank 0 is the root). A receive of a block this
/// process already holds (Jia's schedule repeats block M − 1) lands in a scratch buffer.
int run_block_broadcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                        const BlockBroadcastPlan& plan);

/// The block count for a schedule of rounds(p, M) ≈ k + s·M rounds: the process-wide override
/// (tuning.hpp) clamped to count, else the pipelining lemma with k = rounds(p, 1) − s.
int lemma_blocks_for(int p, int count, MPI_Datatype datatype, int (*rounds)(int p, int blocks),
                     int per_block_rounds);

} // namespace collscope::detail
