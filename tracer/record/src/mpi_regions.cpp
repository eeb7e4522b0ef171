#include "mpi_regions.hpp"

#include <array>
#include <otf2/otf2.h>
#include <string_view>

namespace collscope::rec {
namespace {

constexpr std::uint32_t role_of(std::string_view f) {
  if (f == "Bcast" || f == "Scatter" || f == "Scatterv") return OTF2_REGION_ROLE_COLL_ONE2ALL;
  if (f == "Gather" || f == "Gatherv" || f == "Reduce") return OTF2_REGION_ROLE_COLL_ALL2ONE;
  if (f.starts_with("All") || f.starts_with("Reduce_scatter")) return OTF2_REGION_ROLE_COLL_ALL2ALL;
  if (f == "Barrier" || f == "Scan" || f == "Exscan") return OTF2_REGION_ROLE_COLL_OTHER;
  if (f.starts_with("Comm_") || f.starts_with("Cart_") || f.starts_with("Intercomm_") ||
      f.starts_with("Graph_") || f.starts_with("Dist_graph_") || f == "Request_free")
    return OTF2_REGION_ROLE_FUNCTION;
  return OTF2_REGION_ROLE_POINT2POINT;
}

constexpr std::uint8_t op_of(std::string_view f) {
  constexpr std::array<std::pair<std::string_view, OTF2_CollectiveOp>, 17> ops{{
      {"Barrier", OTF2_COLLECTIVE_OP_BARRIER},
      {"Bcast", OTF2_COLLECTIVE_OP_BCAST},
      {"Gather", OTF2_COLLECTIVE_OP_GATHER},
      {"Gatherv", OTF2_COLLECTIVE_OP_GATHERV},
      {"Scatter", OTF2_COLLECTIVE_OP_SCATTER},
      {"Scatterv", OTF2_COLLECTIVE_OP_SCATTERV},
      {"Allgather", OTF2_COLLECTIVE_OP_ALLGATHER},
      {"Allgatherv", OTF2_COLLECTIVE_OP_ALLGATHERV},
      {"Alltoall", OTF2_COLLECTIVE_OP_ALLTOALL},
      {"Alltoallv", OTF2_COLLECTIVE_OP_ALLTOALLV},
      {"Alltoallw", OTF2_COLLECTIVE_OP_ALLTOALLW},
      {"Reduce", OTF2_COLLECTIVE_OP_REDUCE},
      {"Allreduce", OTF2_COLLECTIVE_OP_ALLREDUCE},
      {"Reduce_scatter", OTF2_COLLECTIVE_OP_REDUCE_SCATTER},
      {"Reduce_scatter_block", OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK},
      {"Scan", OTF2_COLLECTIVE_OP_SCAN},
      {"Exscan", OTF2_COLLECTIVE_OP_EXSCAN},
  }};
  for (const auto& [name, op] : ops)
    if (name == f) return static_cast<std::uint8_t>(op);
  return no_coll_op;
}

constexpr MpiRegionInfo info(const char* mpi_name) {
  const std::string_view f = std::string_view{mpi_name}.substr(4);
  return {mpi_name, role_of(f), op_of(f)};
}

constexpr std::array<MpiRegionInfo, mpi_region_count> table{{
#define COLLSCOPE_INFO(name) info("MPI_" #name),
    COLLSCOPE_MPI_REGIONS(COLLSCOPE_INFO)
#undef COLLSCOPE_INFO
}};

} // namespace

const MpiRegionInfo& mpi_region_info(std::uint32_t region) {
  return table.at(region);
}

} // namespace collscope::rec
