// Any gather tree with its receive orders, and what it costs in the asynchronous, 1-ported,
// linear α-β model of seeds/000 §1 and seeds/001 "Linear time irregular gather": processes
// start together, a message of n bytes takes α + βn and can go as soon as both ends are free;
// a process receives its children's subtrees one after the other in its receive order, then
// sends everything it holds to its parent. Its scatter mirror: a process sends its children
// their subtrees in the reverse order, after it has received its own.
//
// Gather time of node v (children c_1 … c_k in receive order, S(c) the bytes c sends):
//
//   t_v = c_0                               (c_0 = βm_v with copy costs, Lemma 4; else 0)
//   t_v ← max(t_v, t_{c_i}) + α + βS(c_i)   for i = 1 … k   (skipped when S(c_i) = 0 and
//                                                            empty messages are not sent)
//
// This is also what the trace model's α-β replay computes for such a program (tracer/model
// README, "Replays"), which is how recorded runs are checked against it.
#pragma once

#include "collscope/schedule/irregular_tree.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace collscope::schedule {

struct ScheduleNode {
  int parent = -1;
  std::vector<int> receives; ///< children, in the order this node receives from them
};

/// Indexed by rank; exactly one node has parent −1 (the root).
using GatherSchedule = std::vector<ScheduleNode>;

struct CostModel {
  double alpha = 1.0;
  double beta = 1.0;
  bool skip_empty = true; ///< messages of 0 bytes are not sent (and cost nothing)
  bool copy_own = false;  ///< Lemma 4: a process first copies its own block, at βm_v
};

/// The root of a schedule (the node without parent).
int schedule_root(const GatherSchedule& schedule);
/// Bytes each node sends: its own block plus its children's.
std::vector<std::int64_t> subtree_bytes(const GatherSchedule& schedule,
                                        std::span<const std::int64_t> blocks);
/// When the root holds everything.
double gather_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                   const CostModel& model);
/// When the last process holds its block, scattering along the mirrored schedule.
double scatter_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                    const CostModel& model);

/// Any cost: the time of a message of `bytes` from `from` to `to`, or < 0 when it is not sent.
using MessageCost = std::function<double(int from, int to, std::int64_t bytes)>;
/// gather_time and scatter_time with any message cost (heterogeneous networks, seeds/002);
/// copies are free.
double gather_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                   const MessageCost& cost);
double scatter_time(const GatherSchedule& schedule, std::span<const std::int64_t> blocks,
                    const MessageCost& cost);

/// The ranks whose blocks `sender`'s gather message carries, in the order it holds them: its
/// own block, then each child's message in receive order (rank order for ordered schedules).
std::vector<int> message_order(const GatherSchedule& schedule, int sender);

/// Träff's tree as a schedule (direct senders are children of the root).
GatherSchedule schedule_of(const IrregularTree& tree);
/// Block-oblivious pre-order binomial tree over ranks shifted to the root (gather_binomial).
GatherSchedule binomial_schedule(int p, int root);
/// The root receives from 0, 1, …, p − 1 in turn (gather_linear, Open MPI's MPI_Gatherv).
GatherSchedule linear_schedule(int p, int root);

/// True when every subtree is a contiguous range of ranks and every node's receive order
/// grows its held segment contiguously: the "ordered" schedules of seeds/001 (blocks stay in
/// rank order, every message is one run of consecutive blocks).
bool is_ordered(const GatherSchedule& schedule);

} // namespace collscope::schedule
