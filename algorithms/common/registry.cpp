#include "collscope/algorithms/registry.hpp"

#include "common/registry_parts.hpp"

#include <algorithm>
#include <vector>

namespace collscope {

namespace {

using C = Collective;

const std::vector<Algorithm>& registry() {
  static const std::vector<Algorithm> all = [] {
    std::vector<Algorithm> joined;
    for (const auto part :
         {detail::regular_algorithms(), detail::irregular_algorithms(),
          detail::reduction_algorithms(), detail::scan_algorithms(), detail::alltoall_algorithms(),
          detail::neighbor_algorithms(), detail::sync_algorithms()})
      joined.insert(joined.end(), part.begin(), part.end());
    for (const auto part :
         {detail::hierarchical_algorithms(), detail::knomial_algorithms(),
          detail::van_de_geijn_algorithms(), detail::posted_and_inorder_algorithms(),
          detail::guideline_algorithms()})
      for (const Algorithm& h : part) {
        const auto native = std::find_if(joined.begin(), joined.end(), [&](const Algorithm& a) {
          return a.collective == h.collective && a.is_native();
        });
        joined.insert(native, h);
      }
    return joined;
  }();
  return all;
}

} // namespace

std::string_view to_string(Collective collective) {
  switch (collective) {
  case C::gather:
    return "gather";
  case C::scatter:
    return "scatter";
  case C::bcast:
    return "bcast";
  case C::reduce:
    return "reduce";
  case C::allgather:
    return "allgather";
  case C::gatherv:
    return "gatherv";
  case C::scatterv:
    return "scatterv";
  case C::allgatherv:
    return "allgatherv";
  case C::allreduce:
    return "allreduce";
  case C::reduce_scatter_block:
    return "reduce_scatter_block";
  case C::reduce_scatter:
    return "reduce_scatter";
  case C::scan:
    return "scan";
  case C::exscan:
    return "exscan";
  case C::alltoall:
    return "alltoall";
  case C::alltoallv:
    return "alltoallv";
  case C::neighbor_allgather:
    return "neighbor_allgather";
  case C::neighbor_alltoall:
    return "neighbor_alltoall";
  case C::barrier:
    return "barrier";
  case C::ibcast:
    return "ibcast";
  case C::iallreduce:
    return "iallreduce";
  case C::ibarrier:
    return "ibarrier";
  }
  return "?";
}

std::optional<Collective> parse_collective(std::string_view name) {
  for (C c : {C::gather,
              C::scatter,
              C::bcast,
              C::reduce,
              C::allgather,
              C::gatherv,
              C::scatterv,
              C::allgatherv,
              C::allreduce,
              C::reduce_scatter_block,
              C::reduce_scatter,
              C::scan,
              C::exscan,
              C::alltoall,
              C::alltoallv,
              C::neighbor_allgather,
              C::neighbor_alltoall,
              C::barrier,
              C::ibcast,
              C::iallreduce,
              C::ibarrier})
    if (to_string(c) == name) return c;
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
