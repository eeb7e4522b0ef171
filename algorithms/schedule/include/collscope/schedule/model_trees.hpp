// Model-based gather/scatter trees for heterogeneous networks (seeds/002, Dichev, Rychkov,
// Lastovetsky): the root, which knows every block size, builds the tree from the predicted
// times t(i, j, m) of a NetworkModel.
//
// Model-based binomial tree: the binomial tree's shape, its positions filled depth first,
// lowest-order subtrees first; each new position takes the free rank i with the minimal
// (minimum-first) or maximal (maximum-first) t(parent, i, m_i). Minimum-first keeps a
// cluster's ranks in one subtree; maximum-first balances a parent's subtrees.
//
//   p = 8, root 0, ranks 4..7 far away (minimum-first): positions 1, 2, 3 take the near
//   ranks 1, 2, 3 under 0; position 4 (the order-2 subtree) gets a far rank, whose own
//   subtree then takes the other far ranks: one slow message into the near cluster.
//
// Model-based Träff tree: top down from the root j and the set S of the other ranks, sorted
// by t(i, j, m_i), slowest first, cut into ⌈log₂(|S|+1)⌉ consecutive subsets of about equal
// total predicted time (few slow ranks, many fast ones); each subset's subroot is the rank
// that sends the whole subset's data to j fastest; recurse. A node receives its children in
// the order their subtrees are predicted to finish (earliest first, which no order beats).
//
// Neither tree keeps blocks in rank order: a message carries its sender's subtree in
// message_order, and the root places each block by its displacement.
#pragma once

#include "collscope/schedule/gather_schedule.hpp"
#include "collscope/schedule/network_model.hpp"

#include <cstdint>
#include <span>

namespace collscope::schedule {

enum class Mapping { minimum_first, maximum_first };

GatherSchedule model_binomial_schedule(std::span<const std::int64_t> blocks, int root,
                                       const NetworkModel& network, Mapping mapping);

GatherSchedule model_traff_schedule(std::span<const std::int64_t> blocks, int root,
                                    const NetworkModel& network);

/// A message cost following the network (empty messages not sent).
MessageCost network_cost(const NetworkModel& network);

} // namespace collscope::schedule
