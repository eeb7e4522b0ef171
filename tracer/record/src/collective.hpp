// What the collective wrappers share: the bytes a rank's own buffers send and receive, and
// recording one collective. A blocking call is Enter, MpiCollectiveBegin, the call,
// MpiCollectiveEnd, Leave. A nonblocking one (MPI_Ibcast, MPI_Ineighbor_alltoall, …) is an
// Enter/Leave of its own region; the Wait/Test that completes its request records
// MpiCollectiveBegin/End there (both at completion: OTF2 2.x has no nonblocking collective
// records, and Begin/End pairs must nest).
#pragma once

#include "recorder.hpp"

namespace collscope::rec {

inline constexpr std::uint32_t no_root = 0xffffffffu;

struct Volume {
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
};

inline bool in_place(const void* buf) {
  return buf == MPI_IN_PLACE;
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

/// Records the collective `call` (blocking if request is null, else nonblocking).
template <class Call>
int collective(MpiRegion region, const CommInfo& comm, int root, Volume v, MPI_Request* request,
               Call&& call) {
  const std::uint64_t t0 = begin_call(region);
  const int rc = call();
  const std::uint64_t t1 = now();
  enter(t0, region);
  const std::uint8_t op = mpi_region_info(static_cast<std::uint32_t>(region)).coll_op;
  const std::uint32_t root_rank = root >= 0 ? static_cast<std::uint32_t>(root) : no_root;
  if (request != nullptr) {
    if (rc == MPI_SUCCESS)
      track(*request, Pending{v.received, v.sent, comm.id, root_rank, 0, false, op});
  } else {
    push(event(Kind::CollBegin, t0));
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
