// collscope-run: runs one collective algorithm under MPI, verifies every rank's buffers
// against Open MPI's own collective on identical input, and times it ReproMPI-style.
//
// Every rank parses the same argv against the same communicator size, so a bad command line
// is found by all ranks at once and they leave together, without communicating. The
// driver's own traffic (reference run, barriers, verdicts) goes through PMPI, so a PMPI
// tracer records only the algorithm under test.
#include "buffers.hpp"
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/trace.hpp"
#include "irregular.hpp"
#include "mpi_types.hpp"
#include "options.hpp"
#include "report.hpp"
#include "verify.hpp"

#include <cstdio>
#include <cstdlib>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace collscope::run {

namespace {

void print_error(int rank, const std::string& message) {
  if (rank == 0) std::fprintf(stderr, "collscope-run: error: %s\n", message.c_str());
}

std::string call_name(const Algorithm& a, bool reference) {
  const std::string collective(to_string(a.collective));
  if (reference || a.is_native()) return "Open MPI's " + collective + " (native)";
  return collective + " " + std::string(a.name);
}

/// False (reported on rank 0) when any rank's call failed.
bool succeeded(int code, const Algorithm& a, bool reference, int rank, MPI_Comm comm) {
  const std::optional<CallError> error = lowest_error(code, comm);
  if (error)
    print_error(rank, call_name(a, reference) + " returned an MPI error on rank " +
                          std::to_string(error->rank) + ": " + error_text(error->code));
  return !error;
}

int execute(const Options& o, int rank, int p, MPI_Comm comm) {
  const Algorithm& a = *o.algorithm;
  if (a.uses_blocks() || a.uses_piece()) {
    PipelineTuning tuning = pipeline_tuning();
    tuning.blocks = o.blocks;
    tuning.piece = o.piece;
    set_pipeline_tuning(tuning);
  }
  Options measured = o;
  if (o.calibrate) {
    schedule::NetworkModel model;
    if (!succeeded(calibrate_network(comm, 10, model), a, false, rank, comm)) return 1;
    measured.network = std::make_shared<const schedule::NetworkModel>(std::move(model));
  }
  if (a.irregular()) set_irregular_tuning({o.threshold, measured.network});
  const bool reduce = a.collective == Collective::reduce;
  const MpiTypes types(o.datatype, reduce ? std::optional(o.op) : std::nullopt);
  int type_size = 0;
  MPI_Type_size(types.datatype(), &type_size);
  const PieceChoice piece = piece_choice(o, p, types.datatype());
  const int blocks = a.uses_blocks()  ? pipeline_blocks_for(p, o.count, types.datatype())
                     : a.uses_piece() ? static_cast<int>(piece.pieces)
                                      : 0;

  // Allocation can fail on some ranks only; agree before anyone communicates.
  std::optional<Buffers> expected, work;
  int allocated = 1, all_allocated = 0;
  try {
    expected = make_buffers(o, rank, p);
    work = make_buffers(o, rank, p);
  } catch (const std::bad_alloc&) {
    allocated = 0;
  }
  PMPI_Allreduce(&allocated, &all_allocated, 1, MPI_INT, MPI_MIN, comm);
  if (!all_allocated) {
    print_error(rank, "not enough memory for --count " + std::to_string(o.count) +
                          " at p = " + std::to_string(p));
    return 2;
  }

  if (rank == 0) print_header(measured, {p, type_size, blocks, pipeline_tuning(), piece.piece});
  // The trace holds the algorithm under test only: not the reference run, and the warm-ups
  // only when asked. (The driver's own barriers, reductions and checks use PMPI.)
  trace::pause();
  if (!succeeded(call(a, true, o, *expected, types, comm), a, true, rank, comm)) return 1;

  std::vector<double> times;
  for (int run = 0; run < o.warmup + o.repetitions; ++run) {
    refill(*work, o, rank, p);
    if (run >= o.warmup || o.trace_warmup) trace::resume();
    PMPI_Barrier(comm);
    double seconds = MPI_Wtime();
    const int code = call(a, false, o, *work, types, comm);
    seconds = MPI_Wtime() - seconds;
    trace::pause();
    double slowest = 0;
    PMPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
    if (!succeeded(code, a, false, rank, comm)) return 1;

    if (const std::optional<Mismatch> m =
            lowest_mismatch(compare(*work, *expected, o, rank), comm)) {
      if (rank == 0) {
        const bool warm = run < o.warmup;
        std::printf("verified: no (%s run %d)\n", warm ? "warmup" : "timed",
                    warm ? run + 1 : run - o.warmup + 1);
        std::fflush(stdout);
        std::fprintf(stderr, "collscope-run: verification failed: %s\n", describe(*m).c_str());
      }
      return 1;
    }
    if (run >= o.warmup) {
      times.push_back(slowest);
      if (rank == 0) print_time(o, run - o.warmup + 1, slowest);
    }
  }
  if (rank == 0) print_summary(times);
  return 0;
}

int run_main(int argc, char** argv) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);

  const auto [options, error] =
      parse_options(std::span<char* const>(argv + 1, static_cast<std::size_t>(argc - 1)), p);
  if (!error.empty()) {
    print_error(rank, error);
    return 2;
  }
  if (options.mode == Mode::help) {
    if (rank == 0) std::printf("%s", usage().c_str());
    return 0;
  }
  if (options.mode == Mode::list) {
    if (rank == 0) print_list(options.collective, options.json);
    return 0;
  }
  return execute(options, rank, p, comm);
}

} // namespace

} // namespace collscope::run

int main(int argc, char** argv) {
  if (const auto dir = collscope::run::trace_request(argc, argv); dir && !dir->empty())
    setenv("COLLSCOPE_TRACE", dir->c_str(), 1);
  MPI_Init(&argc, &argv);
  const int status = collscope::run::run_main(argc, argv);
  MPI_Finalize();
  return status;
}
