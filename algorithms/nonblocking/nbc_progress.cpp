// Progress for the nonblocking schedules: a pending list, and MPI_Test, MPI_Wait, MPI_Testall
// and MPI_Waitall defined here as PMPI wrappers, so that a program completes collscope's
// requests with plain MPI calls. Each wrapper first advances every pending schedule, then
// calls the next definition of the same function (dlsym(RTLD_NEXT): a PMPI tracer preloaded
// or linked after this library keeps seeing the program's calls; without one it is MPI's).
// A wait spins on test-and-progress while any schedule is pending, as an MPI library's own
// progress engine would, so a wait on a point-to-point request cannot starve a schedule that
// other ranks need this rank to forward. The schedules' own completion tests run with the
// wrappers switched off (a flag), so they do not re-enter.
//
// SimGrid SMPI builds leave the wrappers out (its MPI functions are its own, not PMPI
// interposable the same way): there the driver calls collscope::progress() until done.
#include "collscope/algorithms/nonblocking.hpp"
#include "nonblocking/nbc_registry.hpp"
#include "nonblocking/nbc_schedule.hpp"

#include <algorithm>
#include <vector>

#if !defined(COLLSCOPE_SMPI)
#include <dlfcn.h>
#endif

namespace collscope {

namespace detail {

namespace {

std::vector<NbcSchedule*>& list() {
  static std::vector<NbcSchedule*> pending;
  return pending;
}

bool progressing = false; // MPI_THREAD_SINGLE/FUNNELED, like the rest of the library

} // namespace

void remember(NbcSchedule* schedule) {
  list().push_back(schedule);
}

void forget(NbcSchedule* schedule) {
  std::erase(list(), schedule);
}

bool pending(MPI_Request request) {
  return std::any_of(list().begin(), list().end(),
                     [&](NbcSchedule* s) { return s->request() == request; });
}

int progress_schedules() {
  if (progressing) return static_cast<int>(list().size());
  progressing = true;
  const std::vector<NbcSchedule*> now = list();
  for (NbcSchedule* s : now)
    if (s->advance()) {
      forget(s);
      MPI_Grequest_complete(s->request());
    }
  progressing = false;
  return static_cast<int>(list().size());
}

} // namespace detail

int progress() {
  return detail::progress_schedules();
}

} // namespace collscope

#if !defined(COLLSCOPE_SMPI)

namespace {

template <class F> F next(const char* name, F fallback) {
  void* found = dlsym(RTLD_NEXT, name);
  return found != nullptr ? reinterpret_cast<F>(found) : fallback;
}

using TestFn = int (*)(MPI_Request*, int*, MPI_Status*);
using WaitFn = int (*)(MPI_Request*, MPI_Status*);
using TestallFn = int (*)(int, MPI_Request[], int*, MPI_Status[]);
using WaitallFn = int (*)(int, MPI_Request[], MPI_Status[]);

TestFn next_test() {
  static const TestFn f = next<TestFn>("MPI_Test", PMPI_Test);
  return f;
}
TestallFn next_testall() {
  static const TestallFn f = next<TestallFn>("MPI_Testall", PMPI_Testall);
  return f;
}

bool quiet() { // nothing to progress, or called from inside the progress itself
  return collscope::detail::progressing || collscope::progress() == 0;
}

} // namespace

extern "C" {

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  if (!collscope::detail::progressing) collscope::progress();
  return next_test()(request, flag, status);
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  if (!collscope::detail::progressing) collscope::progress();
  return next_testall()(count, requests, flag, statuses);
}

int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  static const WaitFn wait = next<WaitFn>("MPI_Wait", PMPI_Wait);
  for (;;) {
    if (quiet()) return wait(request, status);
    int done = 0;
    if (const int rc = next_test()(request, &done, status); rc != MPI_SUCCESS || done) return rc;
  }
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  static const WaitallFn waitall = next<WaitallFn>("MPI_Waitall", PMPI_Waitall);
  for (;;) {
    if (quiet()) return waitall(count, requests, statuses);
    int done = 0;
    if (const int rc = next_testall()(count, requests, &done, statuses); rc != MPI_SUCCESS || done)
      return rc;
  }
}

} // extern "C"

#endif
