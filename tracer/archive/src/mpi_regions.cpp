#include "collscope/archive/mpi_regions.hpp"

#include <array>
#include <otf2/otf2.h>
#include <string_view>

namespace collscope::rec {
namespace {

constexpr bool is_nonblocking_collective(std::string_view f) {
  for (std::string_view c :
       {"Ibarrier", "Ibcast", "Igather", "Igatherv", "Iscatter", "Iscatterv", "Iallgather",
        "Iallgatherv", "Ialltoall", "Ialltoallv", "Ialltoallw", "Ireduce", "Iallreduce",
        "Ireduce_scatter", "Ireduce_scatter_block", "Iscan", "Iexscan"})
    if (f == c) return true;
  return false;
}

constexpr std::uint32_t role_of(std::string_view f) {
  if (f.starts_with("Neighbor_") || f.starts_with("Ineighbor_")) return OTF2_REGION_ROLE_COLL_OTHER;
  if (f.starts_with("Win_") || f.starts_with("Rput") || f.starts_with("Rget") || f == "Put" ||
      f == "Get" || f.ends_with("ccumulate") || f == "Fetch_and_op" || f == "Compare_and_swap")
    return OTF2_REGION_ROLE_RMA;
  if (f.ends_with("_init") || f.starts_with("Start")) return OTF2_REGION_ROLE_POINT2POINT;
  if (is_nonblocking_collective(f)) { // its blocking twin's role
    f.remove_prefix(1);
    if (f == "bcast" || f.starts_with("scatter")) return OTF2_REGION_ROLE_COLL_ONE2ALL;
    if (f.starts_with("gather") || f == "reduce") return OTF2_REGION_ROLE_COLL_ALL2ONE;
    if (f.starts_with("all") || f.starts_with("reduce_scatter"))
      return OTF2_REGION_ROLE_COLL_ALL2ALL;
    return OTF2_REGION_ROLE_COLL_OTHER;
  }
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
  // Neighbourhood collectives have no OTF2 operation: the nearest general one, and the
  // region's name says which it is.
  if (f.starts_with("Neighbor_allgather") || f.starts_with("Ineighbor_allgather"))
    return OTF2_COLLECTIVE_OP_ALLGATHERV;
  if (f.starts_with("Neighbor_alltoall") || f.starts_with("Ineighbor_alltoall"))
    return OTF2_COLLECTIVE_OP_ALLTOALLV;
  constexpr std::array<std::pair<std::string_view, OTF2_CollectiveOp>, 34> ops{{
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
      {"Ibarrier", OTF2_COLLECTIVE_OP_BARRIER},
      {"Ibcast", OTF2_COLLECTIVE_OP_BCAST},
      {"Igather", OTF2_COLLECTIVE_OP_GATHER},
      {"Igatherv", OTF2_COLLECTIVE_OP_GATHERV},
      {"Iscatter", OTF2_COLLECTIVE_OP_SCATTER},
      {"Iscatterv", OTF2_COLLECTIVE_OP_SCATTERV},
      {"Iallgather", OTF2_COLLECTIVE_OP_ALLGATHER},
      {"Iallgatherv", OTF2_COLLECTIVE_OP_ALLGATHERV},
      {"Ialltoall", OTF2_COLLECTIVE_OP_ALLTOALL},
      {"Ialltoallv", OTF2_COLLECTIVE_OP_ALLTOALLV},
      {"Ialltoallw", OTF2_COLLECTIVE_OP_ALLTOALLW},
      {"Ireduce", OTF2_COLLECTIVE_OP_REDUCE},
      {"Iallreduce", OTF2_COLLECTIVE_OP_ALLREDUCE},
      {"Ireduce_scatter", OTF2_COLLECTIVE_OP_REDUCE_SCATTER},
      {"Ireduce_scatter_block", OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK},
      {"Iscan", OTF2_COLLECTIVE_OP_SCAN},
      {"Iexscan", OTF2_COLLECTIVE_OP_EXSCAN},
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
