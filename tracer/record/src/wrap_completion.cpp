// PMPI wrappers of the calls that complete nonblocking operations: Wait*, Test* and
// Request_free. Each records MpiIsendComplete / MpiIrecv (with the real source, tag and
// size from the status) for every tracked request it completes. Request handles are
// copied before the call because completion resets them to MPI_REQUEST_NULL, and ignored
// statuses are replaced by local ones because the tracer needs them.
#include "recorder.hpp"

namespace rec = collscope::rec;
using rec::MpiRegion;

namespace {

MPI_Request* saved_requests(int count, const MPI_Request* requests) {
  auto& saved = rec::state.scratch_requests;
  saved.assign(requests, requests + (count > 0 ? count : 0));
  return saved.data();
}

MPI_Status* statuses_or_local(int count, MPI_Status* statuses) {
  if (statuses != MPI_STATUSES_IGNORE) return statuses;
  auto& local = rec::state.scratch_statuses;
  if (local.size() < static_cast<std::size_t>(count)) local.resize(static_cast<std::size_t>(count));
  return local.data();
}

bool succeeded(int rc, const MPI_Status& status) {
  return rc == MPI_SUCCESS || (rc == MPI_ERR_IN_STATUS && status.MPI_ERROR == MPI_SUCCESS);
}

void complete_all(int rc, int count, const MPI_Request* before, const MPI_Status* st,
                  std::uint64_t t, bool record) {
  for (int i = 0; i < count; ++i)
    if (succeeded(rc, st[i])) rec::complete(before[i], st[i], t, record);
}

void complete_some(int rc, int outcount, const int* indices, const MPI_Request* before,
                   const MPI_Status* st, std::uint64_t t, bool record) {
  if (outcount == MPI_UNDEFINED) return;
  for (int j = 0; j < outcount; ++j)
    if (succeeded(rc, st[j])) rec::complete(before[indices[j]], st[j], t, record);
}

// One completion call: Enter, the call, the completions it reports, Leave; while recording is
// paused only the completions' bookkeeping (watch_completions()). A Wait* appends its Enter
// before the call, so a rank that hangs or dies in it shows where; a Test* after it, since
// one that found nothing (`found` false) may instead extend the previous empty poll
// (extend_empty_poll).
template <class Call, class Found, class Completed>
int completion(MpiRegion region, bool poll, Call&& call, Found&& found, Completed&& completed) {
  const bool record = rec::recording();
  const std::uint64_t t0 = record ? rec::begin_call(region) : 0;
  if (record && !poll) rec::enter(t0, region);
  const int rc = call();
  if (!record) {
    completed(rc, 0, false);
    return rc;
  }
  const std::uint64_t t1 = rec::now();
  const bool something = found(rc);
  if (poll) {
    if (!something && rec::extend_empty_poll(region, t1)) return rc;
    rec::enter(t0, region);
  }
  completed(rc, t1, true);
  rec::leave_poll(t1, region, something);
  return rc;
}

// What a Wait* finds is never nothing; a Test* found something when it says so.
constexpr auto always = [](int) { return true; };

} // namespace

extern "C" {

int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  if (!rec::watch_completions()) return PMPI_Wait(request, status);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  const MPI_Request before = *request;
  return completion(
      MpiRegion::Wait, false, [&] { return PMPI_Wait(request, st); }, always,
      [&](int rc, std::uint64_t t, bool record) {
        if (rc == MPI_SUCCESS) rec::complete(before, *st, t, record);
      });
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  if (!rec::watch_completions()) return PMPI_Test(request, flag, status);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  const MPI_Request before = *request;
  return completion(
      MpiRegion::Test, true, [&] { return PMPI_Test(request, flag, st); },
      [&](int rc) { return rc != MPI_SUCCESS || *flag != 0; },
      [&](int rc, std::uint64_t t, bool record) {
        if (rc == MPI_SUCCESS && *flag != 0) rec::complete(before, *st, t, record);
      });
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  if (!rec::watch_completions()) return PMPI_Waitall(count, requests, statuses);
  const MPI_Request* before = saved_requests(count, requests);
  MPI_Status* st = statuses_or_local(count, statuses);
  return completion(
      MpiRegion::Waitall, false, [&] { return PMPI_Waitall(count, requests, st); }, always,
      [&](int rc, std::uint64_t t, bool record) {
        complete_all(rc, count, before, st, t, record);
      });
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  if (!rec::watch_completions()) return PMPI_Testall(count, requests, flag, statuses);
  const MPI_Request* before = saved_requests(count, requests);
  MPI_Status* st = statuses_or_local(count, statuses);
  return completion(
      MpiRegion::Testall, true, [&] { return PMPI_Testall(count, requests, flag, st); },
      [&](int rc) { return rc != MPI_SUCCESS || *flag != 0; },
      [&](int rc, std::uint64_t t, bool record) {
        if (*flag != 0) complete_all(rc, count, before, st, t, record);
      });
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  if (!rec::watch_completions()) return PMPI_Waitany(count, requests, index, status);
  const MPI_Request* before = saved_requests(count, requests);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  return completion(
      MpiRegion::Waitany, false, [&] { return PMPI_Waitany(count, requests, index, st); }, always,
      [&](int rc, std::uint64_t t, bool record) {
        if (rc == MPI_SUCCESS && *index != MPI_UNDEFINED)
          rec::complete(before[*index], *st, t, record);
      });
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  if (!rec::watch_completions()) return PMPI_Testany(count, requests, index, flag, status);
  const MPI_Request* before = saved_requests(count, requests);
  MPI_Status local;
  MPI_Status* st = status == MPI_STATUS_IGNORE ? &local : status;
  return completion(
      MpiRegion::Testany, true, [&] { return PMPI_Testany(count, requests, index, flag, st); },
      [&](int rc) { return rc != MPI_SUCCESS || *flag != 0; },
      [&](int rc, std::uint64_t t, bool record) {
        if (rc == MPI_SUCCESS && *flag != 0 && *index != MPI_UNDEFINED)
          rec::complete(before[*index], *st, t, record);
      });
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[],
                 MPI_Status statuses[]) {
  if (!rec::watch_completions())
    return PMPI_Waitsome(incount, requests, outcount, indices, statuses);
  const MPI_Request* before = saved_requests(incount, requests);
  MPI_Status* st = statuses_or_local(incount, statuses);
  return completion(
      MpiRegion::Waitsome, false,
      [&] { return PMPI_Waitsome(incount, requests, outcount, indices, st); }, always,
      [&](int rc, std::uint64_t t, bool record) {
        complete_some(rc, *outcount, indices, before, st, t, record);
      });
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[],
                 MPI_Status statuses[]) {
  if (!rec::watch_completions())
    return PMPI_Testsome(incount, requests, outcount, indices, statuses);
  const MPI_Request* before = saved_requests(incount, requests);
  MPI_Status* st = statuses_or_local(incount, statuses);
  return completion(
      MpiRegion::Testsome, true,
      [&] { return PMPI_Testsome(incount, requests, outcount, indices, st); },
      [&](int rc) { return rc != MPI_SUCCESS || (*outcount != 0 && *outcount != MPI_UNDEFINED); },
      [&](int rc, std::uint64_t t, bool record) {
        complete_some(rc, *outcount, indices, before, st, t, record);
      });
}

int MPI_Request_free(MPI_Request* request) {
  if (!rec::enabled()) return PMPI_Request_free(request);
  const MPI_Request handle = *request;
  const bool record = rec::recording();
  const std::uint64_t start = record ? rec::begin_call(MpiRegion::Request_free) : 0;
  if (record) rec::enter(start, MpiRegion::Request_free);
  const int rc = PMPI_Request_free(request);
  if (rc == MPI_SUCCESS) {    // else the request stays active, and its completion is recorded
    rec::Pending forgotten{}; // its completion will never be observed
    rec::state.requests.take(rec::handle_key(handle), forgotten);
    rec::forget_persistent(handle);
    // Freeing an active nonblocking collective is erroneous in MPI (Open MPI refuses it), but
    // an implementation that lets it pass must not lose the collective: it is written here.
    if (record && forgotten.coll_op != rec::no_coll_op) rec::record_collective(forgotten, start);
  }
  if (record) rec::leave(rec::now(), MpiRegion::Request_free);
  return rc;
}

} // extern "C"
