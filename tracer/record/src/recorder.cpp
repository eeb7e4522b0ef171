#include "recorder.hpp"

namespace collscope::rec {

Recorder state;

std::uint64_t type_bytes(int count, MPI_Datatype type) {
  if (count <= 0 || type == MPI_DATATYPE_NULL) return 0;
  int size = 0;
  PMPI_Type_size(type, &size);
  return static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(size);
}

void lose(const char* what) {
  state.recording = false;
  if (state.lost != nullptr) return;
  state.lost = what;
  state.lost_at = now();
}

void record_recv(std::uint64_t time, std::uint32_t comm, const MPI_Status& status) {
  if (status.MPI_SOURCE == MPI_PROC_NULL || status.MPI_SOURCE < 0) return;
  push(message(Kind::Recv, time, status.MPI_SOURCE, comm, status.MPI_TAG, status_bytes(status)));
}

void track(MPI_Request request, const Pending& pending) {
  if (request == MPI_REQUEST_NULL) return;
  state.requests.put(reinterpret_cast<std::uintptr_t>(request), pending);
}

void complete(MPI_Request request, const MPI_Status& status, std::uint64_t time) {
  Pending p{};
  if (request == MPI_REQUEST_NULL ||
      !state.requests.take(reinterpret_cast<std::uintptr_t>(request), p))
    return;
#ifdef OPEN_MPI
  const bool cancelled = status._cancelled != 0; // what MPI_Test_cancelled reads
#else
  int flag = 0;
  PMPI_Test_cancelled(&status, &flag);
  const bool cancelled = flag != 0;
#endif
  if (cancelled) {
    push(request_event(Kind::RequestCancelled, time, p.id));
  } else if (p.is_send) {
    push(request_event(Kind::IsendComplete, time, p.id));
  } else if (status.MPI_SOURCE >= 0) {
    push(message(Kind::Irecv, time, status.MPI_SOURCE, p.comm, status.MPI_TAG, status_bytes(status),
                 p.id));
  }
}

} // namespace collscope::rec
