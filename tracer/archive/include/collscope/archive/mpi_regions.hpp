// The MPI functions the tracer records: one OTF2 Region each (paradigm MPI), with the role
// and collective operation tracer/README.md assigns them.
#pragma once

#include <cstdint>

namespace collscope::rec {

// clang-format off
// One-sided calls: recorded as regions only (no OTF2 RMA records yet), so they show as
// unanalysed calls.
#define COLLSCOPE_RMA_REGIONS(X)                                                                   \
  X(Win_create) X(Win_allocate) X(Win_allocate_shared) X(Win_create_dynamic) X(Win_free)           \
  X(Put) X(Get) X(Accumulate) X(Get_accumulate) X(Fetch_and_op) X(Compare_and_swap)               \
  X(Rput) X(Rget) X(Raccumulate) X(Rget_accumulate)                                                \
  X(Win_fence) X(Win_post) X(Win_start) X(Win_complete) X(Win_wait) X(Win_test)                    \
  X(Win_lock) X(Win_unlock) X(Win_lock_all) X(Win_unlock_all)                                      \
  X(Win_flush) X(Win_flush_all) X(Win_flush_local) X(Win_flush_local_all) X(Win_sync)
#define COLLSCOPE_MPI_REGIONS(X)                                                                   \
  X(Send) X(Ssend) X(Bsend) X(Rsend) X(Isend) X(Issend) X(Irsend) X(Ibsend)                        \
  X(Recv) X(Irecv) X(Sendrecv) X(Sendrecv_replace)                                                 \
  X(Probe) X(Iprobe) X(Mprobe) X(Improbe) X(Mrecv) X(Imrecv)                                       \
  X(Wait) X(Waitall) X(Waitany) X(Waitsome) X(Test) X(Testall) X(Testany) X(Testsome)              \
  X(Request_free)                                                                                  \
  X(Barrier) X(Bcast) X(Gather) X(Gatherv) X(Scatter) X(Scatterv) X(Allgather) X(Allgatherv)       \
  X(Alltoall) X(Alltoallv) X(Alltoallw) X(Reduce) X(Allreduce) X(Reduce_scatter)                   \
  X(Reduce_scatter_block) X(Scan) X(Exscan)                                                        \
  X(Comm_dup) X(Comm_dup_with_info) X(Comm_split) X(Comm_split_type) X(Comm_create)                \
  X(Comm_create_group) X(Cart_create) X(Cart_sub) X(Comm_free)                                    \
  X(Comm_idup) X(Intercomm_create) X(Intercomm_merge) X(Graph_create) X(Dist_graph_create)         \
  X(Dist_graph_create_adjacent)                                                                    \
  X(Ibarrier) X(Ibcast) X(Igather) X(Igatherv) X(Iscatter) X(Iscatterv) X(Iallgather)              \
  X(Iallgatherv) X(Ialltoall) X(Ialltoallv) X(Ialltoallw) X(Ireduce) X(Iallreduce)                 \
  X(Ireduce_scatter) X(Ireduce_scatter_block) X(Iscan) X(Iexscan)                                  \
  X(Neighbor_allgather) X(Neighbor_allgatherv) X(Neighbor_alltoall) X(Neighbor_alltoallv)          \
  X(Neighbor_alltoallw) X(Ineighbor_allgather) X(Ineighbor_allgatherv) X(Ineighbor_alltoall)       \
  X(Ineighbor_alltoallv) X(Ineighbor_alltoallw)                                                    \
  X(Send_init) X(Ssend_init) X(Bsend_init) X(Rsend_init) X(Recv_init) X(Start) X(Startall)         \
  COLLSCOPE_RMA_REGIONS(X)
// clang-format on

enum class MpiRegion : std::uint16_t {
#define COLLSCOPE_ENUM(name) name,
  COLLSCOPE_MPI_REGIONS(COLLSCOPE_ENUM)
#undef COLLSCOPE_ENUM
      count
};

inline constexpr std::uint32_t mpi_region_count = static_cast<std::uint32_t>(MpiRegion::count);

struct MpiRegionInfo {
  const char* name;     // "MPI_Send"
  std::uint32_t role;   // OTF2_RegionRole
  std::uint8_t coll_op; // OTF2_CollectiveOp, or no_coll_op
};
inline constexpr std::uint8_t no_coll_op = 0xff;

const MpiRegionInfo& mpi_region_info(std::uint32_t region);

} // namespace collscope::rec
