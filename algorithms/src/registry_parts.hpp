// The registry is kept in parts, one per family of collectives, joined by registry.cpp in
// this order (the order of --list).
#pragma once

#include "collscope/algorithms/registry.hpp"

#include <span>

namespace collscope::detail {

std::span<const Algorithm> regular_algorithms();   ///< gather, scatter, bcast, reduce, allgather
std::span<const Algorithm> irregular_algorithms(); ///< gatherv, scatterv, allgatherv
std::span<const Algorithm> reduction_algorithms(); ///< allreduce
std::span<const Algorithm> scan_algorithms();      ///< scan, exscan
std::span<const Algorithm> alltoall_algorithms();  ///< alltoall, alltoallv
std::span<const Algorithm> sync_algorithms(); ///< barrier; ibcast, iallreduce, ibarrier
/// Hierarchical and full-lane algorithms of every collective; registry.cpp puts each into its
/// collective's group, before native.
std::span<const Algorithm> hierarchical_algorithms();

} // namespace collscope::detail
