#include "nonblocking/nbc_schedule.hpp"

#include "common/buffers.hpp"
#include "nonblocking/nbc_registry.hpp"
#include "sync/sync_steps.hpp"

namespace collscope::detail {

using schedule::Combine;

NbcSchedule::NbcSchedule(std::vector<schedule::SyncStep> steps, NbcData data, MPI_Comm comm,
                         int tag)
    : steps_(std::move(steps)), data_(data), comm_(comm), tag_(tag) {
  if (data_.op == MPI_OP_NULL || data_.count == 0) return;
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  MPI_Type_get_extent(data_.datatype, &lb, &extent);
  MPI_Type_get_true_extent(data_.datatype, &true_lb, &true_extent);
  scratch_.resize(static_cast<std::size_t>(true_extent + (data_.count - 1) * extent));
  scratch_origin_ = scratch_.data() - true_lb;
}

int NbcSchedule::post() {
  const schedule::SyncStep& s = steps_[next_];
  if (s.recv_from >= 0) {
    void* into =
        s.combine == Combine::left || s.combine == Combine::right ? scratch_origin_ : data_.buffer;
    COLLSCOPE_TRY(
        MPI_Irecv(into, data_.count, data_.datatype, s.recv_from, tag_, comm_, &pending_[0]));
  }
  if (s.send_to >= 0)
    COLLSCOPE_TRY(
        MPI_Isend(data_.buffer, data_.count, data_.datatype, s.send_to, tag_, comm_, &pending_[1]));
  posted_ = true;
  return MPI_SUCCESS;
}

int NbcSchedule::finish_step() {
  const schedule::SyncStep& s = steps_[next_];
  if (s.recv_from >= 0 && data_.count > 0) {
    if (s.combine == Combine::left) // partner's ⊕ mine, into mine
      COLLSCOPE_TRY(
          MPI_Reduce_local(scratch_origin_, data_.buffer, data_.count, data_.datatype, data_.op));
    if (s.combine == Combine::right) { // mine ⊕ partner's, computed in the scratch, moved back
      COLLSCOPE_TRY(
          MPI_Reduce_local(data_.buffer, scratch_origin_, data_.count, data_.datatype, data_.op));
      COLLSCOPE_TRY(typed_copy(scratch_origin_, data_.count, data_.datatype, data_.buffer,
                               data_.count, data_.datatype));
    }
  }
  posted_ = false;
  ++next_;
  return MPI_SUCCESS;
}

bool NbcSchedule::advance() {
  while (error_ == MPI_SUCCESS && next_ < steps_.size()) {
    if (!posted_ && (error_ = post()) != MPI_SUCCESS) break;
    int done = 0;
    if ((error_ = MPI_Testall(2, pending_, &done, MPI_STATUSES_IGNORE)) != MPI_SUCCESS) break;
    if (!done) return false;
    error_ = finish_step();
  }
  return true;
}

namespace {

int free_counter(MPI_Comm, int, void* value, void*) {
  delete static_cast<int*>(value);
  return MPI_SUCCESS;
}

} // namespace

int next_nonblocking_tag(MPI_Comm comm) {
  // The count lives on the communicator as an attribute, not in a table keyed by the handle:
  // a freed communicator's handle comes back for a new one, on some ranks only.
  static int keyval = MPI_KEYVAL_INVALID; // MPI_THREAD_SINGLE/FUNNELED, like the library
  if (keyval == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_counter, &keyval, nullptr);
  int* started = nullptr;
  int found = 0;
  MPI_Comm_get_attr(comm, keyval, &started, &found);
  if (!found) {
    started = new int(0);
    MPI_Comm_set_attr(comm, keyval, started);
  }
  return nonblocking_tag + (*started)++ % 1000;
}

namespace {

int query(void* extra, MPI_Status* status) {
  MPI_Status_set_elements(status, MPI_BYTE, 0);
  MPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_UNDEFINED;
  status->MPI_TAG = MPI_UNDEFINED;
  return static_cast<NbcSchedule*>(extra)->error();
}

int release(void* extra) {
  auto* schedule = static_cast<NbcSchedule*>(extra);
  forget(schedule);
  delete schedule;
  return MPI_SUCCESS;
}

int cancel(void*, int) { // a collective cannot be cancelled (MPI 3.1 §5.12)
  return MPI_SUCCESS;
}

} // namespace

int start_schedule(std::unique_ptr<NbcSchedule> schedule, MPI_Request* request) {
  NbcSchedule* raw = schedule.get();
  COLLSCOPE_TRY(MPI_Grequest_start(query, release, cancel, raw, request));
  schedule.release(); // the generalized request's free function deletes it
  raw->request() = *request;
  remember(raw);
  progress_schedules();
  return MPI_SUCCESS;
}

} // namespace collscope::detail
