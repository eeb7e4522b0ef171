// PMPI wrappers of persistent point-to-point. *_init remembers the operation (also while
// paused, so a Start after resume() is still known); every MPI_Start/Startall of it records
// what the matching nonblocking call would (MpiIsend, or MpiIrecvRequest, with a fresh request
// id), and the Wait/Test that completes it records MpiIsendComplete / MpiIrecv as usual.
#include "recorder.hpp"

namespace rec = collscope::rec;
using rec::Kind;
using rec::MpiRegion;

namespace {

std::uintptr_t key(MPI_Request request) {
  return rec::handle_key(request);
}

template <class Call>
int init(MpiRegion region, bool send, int count, MPI_Datatype type, int peer, int tag,
         MPI_Comm comm, MPI_Request* request, Call&& call) {
  const bool record = rec::recording();
  const std::uint64_t t0 = record ? rec::begin_call(region) : 0;
  const int rc = call();
  if (rc == MPI_SUCCESS && peer != MPI_PROC_NULL)
    rec::state.persistent.put(
        key(*request), {0, send ? rec::type_bytes(count, type) : 0, rec::state.comms.find(comm).id,
                        static_cast<std::uint32_t>(peer), static_cast<std::uint32_t>(tag), send});
  if (record) {
    rec::enter(t0, region);
    rec::leave(rec::now(), region);
  }
  return rc;
}

void start(MPI_Request request, std::uint64_t t) {
  rec::Pending p{};
  if (!rec::state.persistent.take(key(request), p)) return; // MPI_PROC_NULL, or not ours
  rec::state.persistent.put(key(request), p);
  p.id = rec::state.next_request++;
  if (p.is_send)
    rec::push(rec::message(Kind::Isend, t, static_cast<int>(p.peer), p.comm,
                           static_cast<int>(p.tag), p.bytes, p.id));
  else
    rec::push(rec::request_event(Kind::IrecvRequest, t, p.id));
  rec::track(request, p);
}

} // namespace

namespace collscope::rec {

void forget_persistent(MPI_Request request) {
  Pending p{};
  state.persistent.take(key(request), p);
}

} // namespace collscope::rec

extern "C" {

int MPI_Send_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request* request) {
  if (!rec::enabled()) return PMPI_Send_init(buf, count, type, dest, tag, comm, request);
  return init(MpiRegion::Send_init, true, count, type, dest, tag, comm, request,
              [&] { return PMPI_Send_init(buf, count, type, dest, tag, comm, request); });
}

int MPI_Ssend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  if (!rec::enabled()) return PMPI_Ssend_init(buf, count, type, dest, tag, comm, request);
  return init(MpiRegion::Ssend_init, true, count, type, dest, tag, comm, request,
              [&] { return PMPI_Ssend_init(buf, count, type, dest, tag, comm, request); });
}

int MPI_Bsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  if (!rec::enabled()) return PMPI_Bsend_init(buf, count, type, dest, tag, comm, request);
  return init(MpiRegion::Bsend_init, true, count, type, dest, tag, comm, request,
              [&] { return PMPI_Bsend_init(buf, count, type, dest, tag, comm, request); });
}

int MPI_Rsend_init(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request) {
  if (!rec::enabled()) return PMPI_Rsend_init(buf, count, type, dest, tag, comm, request);
  return init(MpiRegion::Rsend_init, true, count, type, dest, tag, comm, request,
              [&] { return PMPI_Rsend_init(buf, count, type, dest, tag, comm, request); });
}

int MPI_Recv_init(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                  MPI_Request* request) {
  if (!rec::enabled()) return PMPI_Recv_init(buf, count, type, source, tag, comm, request);
  return init(MpiRegion::Recv_init, false, count, type, source, tag, comm, request,
              [&] { return PMPI_Recv_init(buf, count, type, source, tag, comm, request); });
}

int MPI_Start(MPI_Request* request) {
  if (!rec::recording()) return PMPI_Start(request);
  const std::uint64_t t0 = rec::begin_call(MpiRegion::Start);
  const MPI_Request handle = *request;
  const int rc = PMPI_Start(request);
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, MpiRegion::Start);
  if (rc == MPI_SUCCESS) start(handle, t0);
  rec::leave(t1, MpiRegion::Start);
  return rc;
}

int MPI_Startall(int count, MPI_Request requests[]) {
  if (!rec::recording()) return PMPI_Startall(count, requests);
  const std::uint64_t t0 = rec::begin_call(MpiRegion::Startall);
  const int rc = PMPI_Startall(count, requests);
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, MpiRegion::Startall);
  if (rc == MPI_SUCCESS)
    for (int i = 0; i < count; ++i) start(requests[i], t0);
  rec::leave(t1, MpiRegion::Startall);
  return rc;
}

} // extern "C"
