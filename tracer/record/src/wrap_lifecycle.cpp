// PMPI wrappers of MPI_Init, MPI_Init_thread, MPI_Finalize and MPI_Abort: where a traced run
// starts, is written, or is declared incomplete.
#include "recorder.hpp"
#include "session.hpp"

namespace rec = collscope::rec;

extern "C" {

int MPI_Init(int* argc, char*** argv) {
  const int rc = PMPI_Init(argc, argv);
  if (rc != MPI_SUCCESS) return rc;
  // Not necessarily MPI_THREAD_SINGLE: Open MPI's OMPI_MPI_THREAD_LEVEL can raise it.
  int provided = MPI_THREAD_SINGLE;
  PMPI_Query_thread(&provided);
  rec::start_session(provided);
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) rec::start_session(*provided);
  return rc;
}

int MPI_Finalize(void) {
  rec::end_session();
  return PMPI_Finalize();
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  rec::note_abort(errorcode);
  return PMPI_Abort(comm, errorcode);
}

} // extern "C"
