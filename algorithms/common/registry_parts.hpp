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
std::span<const Algorithm> neighbor_algorithms();  ///< neighbor_allgather, neighbor_alltoall
std::span<const Algorithm> sync_algorithms();      ///< barrier; ibcast, iallreduce, ibarrier
/// Hierarchical and full-lane algorithms of every collective; registry.cpp puts each into its
/// collective's group, before native.
std::span<const Algorithm> hierarchical_algorithms();
/// k-nomial trees (bcast, reduce, gather, scatter); registry.cpp puts each into its
/// collective's group, before native.
std::span<const Algorithm> knomial_algorithms();
/// The lecture's Van de Geijn family (chain, recursive doubling, scatter + allgather,
/// reduce-scatter + gather); placed like the hierarchical ones.
std::span<const Algorithm> van_de_geijn_algorithms();
/// Posted-request alltoalls and in-order trees; registry.cpp puts each before native too.
std::span<const Algorithm> posted_and_inorder_algorithms();
/// The performance-guideline mock-ups GL1–GL22 (seeds/004); placed like the hierarchical ones.
std::span<const Algorithm> guideline_algorithms();

} // namespace collscope::detail
