// Catch2 main for the irregular MPI tests (as tests/mpi/mpi_main.cpp): every rank runs every
// test case; cases reduce their results across ranks before asserting; only rank 0 reports;
// the exit code is agreed on by all ranks.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

  Catch::Session session;
  int status = session.applyCommandLine(argc, argv);
  if (status == 0) {
    if (rank != 0) session.configData().outputFilename = "/dev/null";
    status = session.run();
  }
  int worst = 0;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst == 0 ? 0 : 1;
}
