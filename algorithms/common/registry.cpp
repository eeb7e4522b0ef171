#include "collscope/algorithms/registry.hpp"

#include "common/registry_parts.hpp"

#include <array>
#include <utility>
#include <vector>

namespace collscope {

namespace {

using C = Collective;

/// Every collective with its name, in the order of Collective (the order of --list).
constexpr std::pair<Collective, std::string_view> collectives[] = {
    {C::gather, "gather"},
    {C::scatter, "scatter"},
    {C::bcast, "bcast"},
    {C::reduce, "reduce"},
    {C::allgather, "allgather"},
    {C::gatherv, "gatherv"},
    {C::scatterv, "scatterv"},
    {C::allgatherv, "allgatherv"},
    {C::allreduce, "allreduce"},
    {C::reduce_scatter_block, "reduce_scatter_block"},
    {C::reduce_scatter, "reduce_scatter"},
    {C::scan, "scan"},
    {C::exscan, "exscan"},
    {C::alltoall, "alltoall"},
    {C::alltoallv, "alltoallv"},
    {C::neighbor_allgather, "neighbor_allgather"},
    {C::neighbor_alltoall, "neighbor_alltoall"},
    {C::barrier, "barrier"},
    {C::ibcast, "ibcast"},
    {C::iallreduce, "iallreduce"},
    {C::ibarrier, "ibarrier"},
};

// Collective by collective (registry_parts.hpp): the folders' first entries, the hierarchical
// ones, the folders' later ones, the mock-ups, native.
const std::vector<Algorithm>& registry() {
  static const std::vector<Algorithm> all = [] {
    const std::array parts{detail::gather_scatter_registry(), detail::bcast_registry(),
                           detail::reduce_registry(),         detail::allgather_registry(),
                           detail::irregular_registry(),      detail::allreduce_registry(),
                           detail::reduce_scatter_registry(), detail::scan_registry(),
                           detail::alltoall_registry(),       detail::neighbor_registry(),
                           detail::sync_registry(),           detail::nonblocking_registry()};
    std::vector<Algorithm> joined;
    for (const auto& named : collectives) {
      const Collective collective = named.first;
      const auto take = [&](std::span<const Algorithm> entries, bool native) {
        for (const Algorithm& a : entries)
          if (a.collective == collective && a.is_native() == native) joined.push_back(a);
      };
      for (const detail::RegistryPart& part : parts) take(part.first, false);
      take(detail::hierarchical_registry(), false);
      for (const detail::RegistryPart& part : parts) take(part.later, false);
      take(detail::mockup_registry(), false);
      for (const detail::RegistryPart& part : parts) take(part.first, true);
    }
    return joined;
  }();
  return all;
}

} // namespace

std::string_view to_string(Collective collective) {
  for (const auto& [c, name] : collectives)
    if (c == collective) return name;
  return "?";
}

std::optional<Collective> parse_collective(std::string_view name) {
  for (const auto& [c, n] : collectives)
    if (n == name) return c;
  return std::nullopt;
}

Collective blocking_twin(Collective collective) {
  switch (collective) {
  case C::ibcast:
    return C::bcast;
  case C::iallreduce:
    return C::allreduce;
  case C::ibarrier:
    return C::barrier;
  default:
    return collective;
  }
}

std::span<const Algorithm> algorithms() {
  return registry();
}

const Algorithm* find_algorithm(Collective collective, std::string_view name) {
  for (const Algorithm& a : registry())
    if (a.collective == collective && a.name == name) return &a;
  return nullptr;
}

} // namespace collscope
