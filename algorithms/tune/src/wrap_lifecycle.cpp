// MPI_Init reads the configuration (rank 0 names a mistake) and, for auto, the network;
// MPI_Finalize prints the counts of every rank.
#include "auto_call.hpp"
#include "export.hpp"
#include "route.hpp"

using namespace collscope::tune;

namespace {

void start() {
  PMPI_Comm_rank(MPI_COMM_WORLD, &state().rank);
  configure();
  // Every rank reads the same COLLSCOPE_TUNE, so all take part in the broadcast or none.
  if (state().active && state().config.uses_auto()) load_network();
}

} // namespace

COLLSCOPE_TUNE_EXPORT int MPI_Init(int* argc, char*** argv) {
  static const auto next_init = next("MPI_Init", &PMPI_Init);
  const int rc = next_init(argc, argv);
  if (rc == MPI_SUCCESS) start();
  return rc;
}

COLLSCOPE_TUNE_EXPORT int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  static const auto next_init = next("MPI_Init_thread", &PMPI_Init_thread);
  const int rc = next_init(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) start();
  return rc;
}

COLLSCOPE_TUNE_EXPORT int MPI_Finalize() {
  static const auto next_finalize = next("MPI_Finalize", &PMPI_Finalize);
  print_report();
  state().active = false; // the tracer's own collectives at finalize are the library's
  return next_finalize();
}
