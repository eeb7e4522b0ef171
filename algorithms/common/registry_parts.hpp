// The registry is kept beside the algorithms: each collective folder's registry_<folder>.cpp
// holds its entries, and registry.cpp joins them collective by collective, in the order of
// Collective (the order of --list). Within a collective --list shows, as it always has: the
// folder's `first` entries, the hierarchical and full-lane ones, the folder's `later` entries,
// the guideline mock-ups, native last.
#pragma once

#include "collscope/algorithms/registry.hpp"

#include <span>

namespace collscope::detail {

/// One collective folder's registry entries.
struct RegistryPart {
  std::span<const Algorithm> first; ///< the collective's first algorithms, and native
  /// Families added after the hierarchical ones: k-nomial trees, the Van de Geijn family,
  /// posted-request alltoalls, in-order and dual-root trees.
  std::span<const Algorithm> later = {};
};

RegistryPart gather_scatter_registry(); ///< gather, scatter
RegistryPart bcast_registry();
RegistryPart reduce_registry();
RegistryPart allgather_registry();
RegistryPart irregular_registry(); ///< gatherv, scatterv, allgatherv, alltoallv
RegistryPart allreduce_registry();
RegistryPart reduce_scatter_registry(); ///< reduce_scatter_block, reduce_scatter
RegistryPart scan_registry();           ///< scan, exscan
RegistryPart alltoall_registry();
RegistryPart neighbor_registry();    ///< neighbor_allgather, neighbor_alltoall
RegistryPart sync_registry();        ///< barrier
RegistryPart nonblocking_registry(); ///< ibcast, iallreduce, ibarrier
/// Hierarchical and full-lane algorithms of every collective.
std::span<const Algorithm> hierarchical_registry();
/// The performance-guideline mock-ups GL1–GL22 (seeds/004) of every collective.
std::span<const Algorithm> mockup_registry();

} // namespace collscope::detail
