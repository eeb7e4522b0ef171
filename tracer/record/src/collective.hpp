// What the collective wrappers share: the bytes a rank's own buffers send and receive, and
// recording one collective. A blocking call is Enter, MpiCollectiveBegin, the call,
// MpiCollectiveEnd, Leave. A nonblocking one (MPI_Ibcast, MPI_Ineighbor_alltoall, …) is an
// Enter/Leave of its own region; the Wait/Test that completes its request records
// MpiCollectiveBegin/End there (both at completion: OTF2 2.x has no nonblocking collective
// records, and Begin/End pairs must nest).
#pragma once

#include "collscope/archive/reduction_ops.hpp"
#include "ompi/algorithm_choice.hpp"
#include "ompi/native_inside.hpp"
#include "recorder.hpp"

namespace collscope::rec {

inline constexpr std::uint32_t no_root = 0xffffffffu;

struct Volume {
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
  std::uint8_t reduction = 0; ///< reduction_op_code of the call's MPI_Op, 0 for none
  bool commutative = true;    ///< whether that op commutes (Open MPI's decision asks)
  std::uint64_t elements = 0; ///< bcast, reduce, allreduce: the count (Open MPI's handovers)
};

inline bool in_place(const void* buf) {
  return buf == MPI_IN_PLACE;
}

/// The code of an MPI_Op in reduction_op_names (user-defined ops share the last one).
inline std::uint8_t reduction_op_code(MPI_Op op) {
  const MPI_Op known[] = {MPI_SUM,  MPI_PROD, MPI_MAX,  MPI_MIN,    MPI_LAND,   MPI_BAND,    MPI_LOR,
                          MPI_BOR,  MPI_LXOR, MPI_BXOR, MPI_MINLOC, MPI_MAXLOC, MPI_REPLACE, MPI_NO_OP};
  for (std::uint8_t i = 0; i < std::size(known); ++i)
    if (op == known[i]) return static_cast<std::uint8_t>(i + 1);
  return static_cast<std::uint8_t>(reduction_op_names.size() - 1);
}

/// MPI_Op_commutative, asked only of user-defined ops (every predefined one commutes).
inline bool commutes(MPI_Op op) {
  if (reduction_op_code(op) != reduction_op_names.size() - 1) return true;
  int commute = 1;
  return PMPI_Op_commutative(op, &commute) != MPI_SUCCESS || commute != 0;
}

// On an intercommunicator the root group passes MPI_ROOT (the root) or MPI_PROC_NULL (no data).
inline bool is_root(const CommInfo& c, int root) {
  return root == MPI_ROOT || (!c.inter && c.rank == root);
}

inline std::uint64_t sum_bytes(int n, const int* counts, MPI_Datatype type) {
  std::uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += type_bytes(counts[i], type);
  return total;
}

/// Records the collective `call` (blocking if request is null, else nonblocking). When the
/// messages a blocking one sends inside are recorded (ompi/native_inside.hpp), its Enter and
/// CollBegin are appended first, so those messages fall between them and its CollEnd.
template <class Call>
int collective(MpiRegion region, const CommInfo& comm, int root, Volume v, MPI_Request* request,
               Call&& call) {
  const std::uint64_t t0 = begin_call(region);
  Event begin = event(Kind::CollBegin, t0);
  begin.tag = v.reduction;
  if (request == nullptr)
    ompi_choice(begin, region, comm, {v.sent, v.received, v.elements, v.commutative});
  const bool inside = request == nullptr && native_inside_begin(comm, region);
  if (inside) {
    enter(t0, region);
    push(begin);
  } else if (request != nullptr) {
    native_inside_skip(region);
  }
  const int rc = call();
  if (inside) native_inside_end(); // the completions it never waited for come before t1
  const std::uint64_t t1 = now();
  if (!inside) enter(t0, region);
  const std::uint8_t op = mpi_region_info(static_cast<std::uint32_t>(region)).coll_op;
  const std::uint32_t root_rank = root >= 0 ? static_cast<std::uint32_t>(root) : no_root;
  if (request != nullptr) {
    if (rc == MPI_SUCCESS)
      track(*request, Pending{v.received, v.sent, comm.id, root_rank, v.reduction, false, op});
  } else {
    if (!inside) push(begin);
    Event end = event(Kind::CollEnd, t1);
    end.op = op;
    end.comm = comm.id;
    end.peer = root_rank;
    end.bytes = v.sent;
    end.request = v.received;
    push(end);
  }
  leave(t1, region);
  return rc;
}

} // namespace collscope::rec
