// PMPI wrappers of point-to-point starts: blocking and nonblocking sends and receives,
// Sendrecv, probes and matched receives. Completions of nonblocking calls are recorded by
// the Wait/Test wrappers (wrap_completion.cpp).
#include "recorder.hpp"

namespace rec = collscope::rec;
using rec::Kind;
using rec::MpiRegion;

namespace {

template <class Call>
int blocking_send(MpiRegion region, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  Call&& call) {
  const std::uint64_t t0 = rec::begin_call(region);
  const int rc = call();
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, region);
  if (rc == MPI_SUCCESS && dest != MPI_PROC_NULL)
    rec::push(rec::message(Kind::Send, t0, dest, rec::state.comms.find(comm).id, tag,
                           rec::type_bytes(count, type)));
  rec::leave(t1, region);
  return rc;
}

template <class Call>
int nonblocking_send(MpiRegion region, int count, MPI_Datatype type, int dest, int tag,
                     MPI_Comm comm, MPI_Request* request, Call&& call) {
  const std::uint64_t t0 = rec::begin_call(region);
  const int rc = call();
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, region);
  if (rc == MPI_SUCCESS && dest != MPI_PROC_NULL) {
    const rec::Pending p{rec::state.next_request++,       rec::type_bytes(count, type),
                         rec::state.comms.find(comm).id,  static_cast<std::uint32_t>(dest),
                         static_cast<std::uint32_t>(tag), true};
    rec::push(rec::message(Kind::Isend, t0, dest, p.comm, tag, p.bytes, p.id));
    rec::track(*request, p);
  }
  rec::leave(t1, region);
  return rc;
}

void start_irecv(std::uint64_t t0, std::uint32_t comm, int source, int tag, MPI_Request request) {
  if (source == MPI_PROC_NULL || request == MPI_REQUEST_NULL) return;
  const rec::Pending p{
      rec::state.next_request++,       0,    comm, static_cast<std::uint32_t>(source),
      static_cast<std::uint32_t>(tag), false};
  rec::push(rec::request_event(Kind::IrecvRequest, t0, p.id));
  rec::track(request, p);
}

template <class Call>
// Probes. A blocking one appends its Enter first (a rank that hangs in it shows where); an
// Iprobe or Improbe after the call, since one that found nothing may instead extend the
// previous empty one (recorder.hpp, extend_empty_poll).
int probe(MpiRegion region, MPI_Comm comm, const int* flag, MPI_Message* message, Call&& call) {
  const std::uint64_t t0 = rec::begin_call(region);
  const bool poll = flag != nullptr;
  if (!poll) rec::enter(t0, region);
  const int rc = call();
  const std::uint64_t t1 = rec::now();
  const bool found = rc != MPI_SUCCESS || !poll || *flag != 0;
  if (poll) {
    if (!found && rec::extend_empty_poll(region, t1)) return rc;
    rec::enter(t0, region);
  }
  if (rc == MPI_SUCCESS && found && message != nullptr && *message != MPI_MESSAGE_NULL &&
      *message != MPI_MESSAGE_NO_PROC)
    rec::state.messages.put(rec::handle_key(*message), rec::state.comms.find(comm).id);
  rec::leave_poll(t1, region, found);
  return rc;
}

} // namespace

extern "C" {

#define COLLSCOPE_BLOCKING_SEND(NAME)                                                              \
  int MPI_##NAME(const void* buf, int count, MPI_Datatype type, int dest, int tag,                 \
                 MPI_Comm comm) {                                                                  \
    if (!rec::recording()) return PMPI_##NAME(buf, count, type, dest, tag, comm);                  \
    return blocking_send(MpiRegion::NAME, count, type, dest, tag, comm,                            \
                         [&] { return PMPI_##NAME(buf, count, type, dest, tag, comm); });          \
  }
COLLSCOPE_BLOCKING_SEND(Send)
COLLSCOPE_BLOCKING_SEND(Ssend)
COLLSCOPE_BLOCKING_SEND(Bsend)
COLLSCOPE_BLOCKING_SEND(Rsend)
#undef COLLSCOPE_BLOCKING_SEND

#define COLLSCOPE_NONBLOCKING_SEND(NAME)                                                           \
  int MPI_##NAME(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,  \
                 MPI_Request* request) {                                                           \
    if (!rec::recording()) return PMPI_##NAME(buf, count, type, dest, tag, comm, request);         \
    return nonblocking_send(MpiRegion::NAME, count, type, dest, tag, comm, request, [&] {          \
      return PMPI_##NAME(buf, count, type, dest, tag, comm, request);                              \
    });                                                                                            \
  }
COLLSCOPE_NONBLOCKING_SEND(Isend)
COLLSCOPE_NONBLOCKING_SEND(Issend)
COLLSCOPE_NONBLOCKING_SEND(Irsend)
COLLSCOPE_NONBLOCKING_SEND(Ibsend)
#undef COLLSCOPE_NONBLOCKING_SEND

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status* status) {
  if (!rec::recording()) return PMPI_Recv(buf, count, type, source, tag, comm, status);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  rec::enter(rec::begin_call(MpiRegion::Recv), MpiRegion::Recv); // waiting anyway
  const int rc = PMPI_Recv(buf, count, type, source, tag, comm, st);
  const std::uint64_t t1 = rec::now();
  const bool ok = rc == MPI_SUCCESS;
  rec::defer_recv(t1, ok, ok ? rec::state.comms.find(comm).id : 0, *st, MpiRegion::Recv);
  return rc;
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request* request) {
  if (!rec::recording()) return PMPI_Irecv(buf, count, type, source, tag, comm, request);
  const std::uint64_t t0 = rec::begin_call(MpiRegion::Irecv);
  const int rc = PMPI_Irecv(buf, count, type, source, tag, comm, request);
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, MpiRegion::Irecv);
  if (rc == MPI_SUCCESS) start_irecv(t0, rec::state.comms.find(comm).id, source, tag, *request);
  rec::leave(t1, MpiRegion::Irecv);
  return rc;
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status* status) {
  if (!rec::recording())
    return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                         source, recvtag, comm, status);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  const std::uint64_t t0 = rec::begin_call(MpiRegion::Sendrecv);
  const int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                               recvtype, source, recvtag, comm, st);
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, MpiRegion::Sendrecv);
  if (rc == MPI_SUCCESS) {
    const std::uint32_t id = rec::state.comms.find(comm).id;
    if (dest != MPI_PROC_NULL)
      rec::push(
          rec::message(Kind::Send, t0, dest, id, sendtag, rec::type_bytes(sendcount, sendtype)));
    rec::record_recv(t1, id, *st);
  }
  rec::leave(t1, MpiRegion::Sendrecv);
  return rc;
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status* status) {
  if (!rec::recording())
    return PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, status);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  const std::uint64_t t0 = rec::begin_call(MpiRegion::Sendrecv_replace);
  const int rc = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, st);
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, MpiRegion::Sendrecv_replace);
  if (rc == MPI_SUCCESS) {
    const std::uint32_t id = rec::state.comms.find(comm).id;
    if (dest != MPI_PROC_NULL)
      rec::push(rec::message(Kind::Send, t0, dest, id, sendtag, rec::type_bytes(count, type)));
    rec::record_recv(t1, id, *st);
  }
  rec::leave(t1, MpiRegion::Sendrecv_replace);
  return rc;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  if (!rec::recording()) return PMPI_Probe(source, tag, comm, status);
  return probe(MpiRegion::Probe, comm, nullptr, nullptr,
               [&] { return PMPI_Probe(source, tag, comm, status); });
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
  if (!rec::recording()) return PMPI_Iprobe(source, tag, comm, flag, status);
  return probe(MpiRegion::Iprobe, comm, flag, nullptr,
               [&] { return PMPI_Iprobe(source, tag, comm, flag, status); });
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  if (!rec::recording()) return PMPI_Mprobe(source, tag, comm, message, status);
  return probe(MpiRegion::Mprobe, comm, nullptr, message,
               [&] { return PMPI_Mprobe(source, tag, comm, message, status); });
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message,
                MPI_Status* status) {
  if (!rec::recording()) return PMPI_Improbe(source, tag, comm, flag, message, status);
  return probe(MpiRegion::Improbe, comm, flag, message,
               [&] { return PMPI_Improbe(source, tag, comm, flag, message, status); });
}

int MPI_Mrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Status* status) {
  if (!rec::recording()) return PMPI_Mrecv(buf, count, type, message, status);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  std::uint32_t comm = rec::undefined_comm;
  rec::state.messages.take(rec::handle_key(*message), comm);
  rec::enter(rec::begin_call(MpiRegion::Mrecv), MpiRegion::Mrecv);
  const int rc = PMPI_Mrecv(buf, count, type, message, st);
  const std::uint64_t t1 = rec::now();
  rec::defer_recv(t1, rc == MPI_SUCCESS && comm != rec::undefined_comm, comm, *st,
                  MpiRegion::Mrecv);
  return rc;
}

int MPI_Imrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message,
               MPI_Request* request) {
  if (!rec::recording()) return PMPI_Imrecv(buf, count, type, message, request);
  std::uint32_t comm = rec::undefined_comm;
  rec::state.messages.take(rec::handle_key(*message), comm);
  const std::uint64_t t0 = rec::begin_call(MpiRegion::Imrecv);
  const int rc = PMPI_Imrecv(buf, count, type, message, request);
  const std::uint64_t t1 = rec::now();
  rec::enter(t0, MpiRegion::Imrecv);
  if (rc == MPI_SUCCESS && comm != rec::undefined_comm)
    start_irecv(t0, comm, MPI_ANY_SOURCE, MPI_ANY_TAG, *request);
  rec::leave(t1, MpiRegion::Imrecv);
  return rc;
}

} // extern "C"
