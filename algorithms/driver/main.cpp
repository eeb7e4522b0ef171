// collscope-run: runs one collective algorithm (or several in one job: --algorithm A,B, --runs
// FILE) under MPI, verifies every rank's buffers against Open MPI's own collective on identical
// input, and times it ReproMPI-style.
//
// Every rank parses the same argv against the same communicator size, so a bad command line
// is found by all ranks at once and they leave together, without communicating. The
// driver's own traffic (reference run, barriers, verdicts) goes through PMPI, so a PMPI
// tracer records only the algorithm under test.
#include "algorithm_list.hpp"
#include "buffers.hpp"
#include "collscope/algorithms/barrier_check.hpp"
#include "collscope/algorithms/communicator.hpp"
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/algorithms/nodes.hpp"
#include "collscope/algorithms/radix.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/annotate.hpp"
#include "collscope/cli/command.hpp"
#include "command_line.hpp"
#include "irregular.hpp"
#include "mpi_types.hpp"
#include "neighbor_run.hpp"
#include "options.hpp"
#include "report.hpp"
#include "verify.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace collscope::run {

namespace {

void print_error(int rank, const std::string& message) {
  if (rank == 0) cli::report_error(program(), message);
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

/// Every rank leaves at the same moment, as the α-β model assumes. On real MPI a barrier is
/// the best there is (ranks leave it up to a message latency apart). Under SimGrid SMPI all
/// ranks read one simulated clock, so after the barrier they agree on a moment safely in the
/// future (the latest rank's clock plus twice the slowest agreement) and sleep until it; the
/// times then hold no barrier skew.
void start_together(MPI_Comm comm) {
  PMPI_Barrier(comm);
#if defined(COLLSCOPE_SMPI)
  const double before = MPI_Wtime();
  double latest = 0;
  PMPI_Allreduce(&before, &latest, 1, MPI_DOUBLE, MPI_MAX, comm);
  const double mine[2] = {MPI_Wtime(), MPI_Wtime() - before};
  double agreed[2] = {0, 0};
  PMPI_Allreduce(mine, agreed, 2, MPI_DOUBLE, MPI_MAX, comm);
  const double wait = agreed[0] + 2 * agreed[1] - MPI_Wtime();
  if (wait > 0) {
    const auto ns = static_cast<long long>(wait * 1e9);
    timespec duration{static_cast<time_t>(ns / 1000000000), static_cast<long>(ns % 1000000000)};
    nanosleep(&duration, nullptr);
  }
#else
  (void)comm;
#endif
}

/// A barrier has no result to compare: it is verified by the order of entries and exits with
/// one rank late on purpose (barrier_check.hpp). False (reported on rank 0) when it fails.
bool barrier_ordered(const Options& o, Buffers& work, const MpiTypes& types, int rank, int p,
                     MPI_Comm comm) {
  constexpr double delay = 0.01;
  const Algorithm& a = *o.algorithm;
  const BarrierCheck check = check_barrier_order(
      [&](MPI_Comm c) { return call(a, false, o, work, types, c); }, comm, delay);
  if (!succeeded(check.code, a, false, rank, comm)) return false;
  if (rank != 0) return !check.violation;
  if (!check.shared_clock) {
    std::printf("#@barrier_check=not run (ranks on several nodes share no clock)\n");
  } else if (!check.violation) {
    std::printf("#@barrier_check=no rank left before the late one entered (%d passes, each "
                "rank once %g ms late, of p = %d)\n",
                check.passes, delay * 1e3, p);
  } else {
    const BarrierViolation& v = *check.violation;
    std::printf("verified: no (barrier order, pass %d)\n", check.passes + 1);
    std::fflush(stdout);
    std::fprintf(stderr,
                 "%s: verification failed: rank %d left %s %s %.3f ms before rank "
                 "%d entered it\n",
                 program().c_str(), v.early_rank, std::string(to_string(a.collective)).c_str(),
                 std::string(a.name).c_str(), v.early_by * 1e3, v.late_rank);
  }
  std::fflush(stdout);
  return !check.violation;
}

int execute(const Options& o, int rank, int p, MPI_Comm comm) {
  const Algorithm& a = *o.algorithm;
  if (a.uses_blocks() || a.uses_piece() || o.alpha || o.beta) {
    PipelineTuning tuning = pipeline_tuning();
    tuning.blocks = o.blocks;
    tuning.piece = o.piece;
    tuning.alpha = o.alpha.value_or(tuning.alpha);
    tuning.beta = o.beta.value_or(tuning.beta);
    set_pipeline_tuning(tuning);
  }
  if (a.uses_radix()) set_radix(o.radix > 0 ? o.radix : default_radix);
  if (o.nodes.from_options) set_node_spec(o.nodes.spec);
  Options measured = o;
  if (o.calibrate) {
    schedule::NetworkModel model;
    if (!succeeded(calibrate_network(comm, 10, model), a, false, rank, comm)) return 1;
    measured.network = std::make_shared<const schedule::NetworkModel>(std::move(model));
  }
  if (a.irregular()) set_irregular_tuning({o.threshold, measured.network});
  const bool reduce = a.reduces();
  const MpiTypes types(o.datatype, reduce ? std::optional(o.op) : std::nullopt);
  int type_size = 0;
  MPI_Type_size(types.datatype(), &type_size);
  const PieceChoice piece = piece_choice(o, p, types.datatype());
  const int blocks =
      a.uses_blocks()
          ? (a.blocks_for ? a.blocks_for : pipeline_blocks_for)(p, o.count, types.datatype())
      : a.uses_piece() ? static_cast<int>(piece.pieces)
      : a.uses_radix() ? radix()
                       : 0;

  // Allocation can fail on some ranks only; agree before anyone communicates.
  std::optional<Buffers> expected, work;
  int allocated = 1, all_allocated = 0;
  try {
    if (o.verify) expected = make_buffers(o, rank, p);
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

  std::optional<double> model;
  if (rank == 0)
    model = print_header(measured, {p, type_size, blocks, pipeline_tuning(), piece.piece});
  // The trace holds the algorithm under test only: not the reference run, and the warm-ups
  // only when asked. (The driver's own barriers, reductions and checks use PMPI.)
  trace::pause();
  // Neighbourhood collectives run on the options' torus (a topology communicator).
  const MPI_Comm on = run_communicator(o, comm);
  if (!succeeded(on == MPI_COMM_NULL ? MPI_ERR_TOPOLOGY : MPI_SUCCESS, a, false, rank, comm))
    return 1;
  // The algorithms' private communicator, made now so that no trace shows its creation.
  if (!succeeded(prepare_communicator(on), a, false, rank, comm)) return 1;
  if (a.hierarchical() && !succeeded(prepare_node_communicators(comm, a.has_root() ? o.root : -1),
                                     a, false, rank, comm))
    return 1;
  // Open MPI's own algorithm, forced: verified against a communicator that runs Open MPI's
  // fixed decision instead (ompi_force.hpp).
  const MPI_Comm reference = o.ompi && o.verify ? reference_comm(comm, *o.ompi) : on;
  const bool reference_ok =
      !o.verify || succeeded(call(a, true, o, *expected, types, reference), a, true, rank, comm);
  if (reference != on) {
    MPI_Comm doomed = reference;
    PMPI_Comm_free(&doomed);
  }
  if (!reference_ok) return 1;
  if (o.verify && blocking_twin(a.collective) == Collective::barrier &&
      !barrier_ordered(o, *work, types, rank, p, comm))
    return 1;

  std::vector<double> times;
  for (int run = 0; run < o.warmup + o.repetitions; ++run) {
    refill(*work, o, rank, p);
    if (run >= o.warmup || o.trace_warmup) trace::resume();
    start_together(comm);
    double seconds = MPI_Wtime();
    const int code = call(a, false, o, *work, types, on);
    seconds = MPI_Wtime() - seconds;
    trace::pause();
    double slowest = 0;
    PMPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
    if (!succeeded(code, a, false, rank, comm)) return 1;

    if (const std::optional<Mismatch> m =
            o.verify ? lowest_mismatch(compare(*work, *expected, o, rank), comm) : std::nullopt) {
      if (rank == 0) {
        const bool warm = run < o.warmup;
        std::printf("verified: no (%s run %d)\n", warm ? "warmup" : "timed",
                    warm ? run + 1 : run - o.warmup + 1);
        std::fflush(stdout);
        std::fprintf(stderr, "%s: verification failed: %s\n", program().c_str(),
                     describe(*m).c_str());
      }
      return 1;
    }
    if (run >= o.warmup) {
      times.push_back(slowest);
      if (rank == 0) print_time(o, run - o.warmup + 1, slowest, model);
    }
  }
  if (rank == 0) print_summary(o, times, model);
  return 0;
}

/// Makes the folders above the --trace directory (`--trace runs/today/p8` in a fresh checkout)
/// and checks that a directory can be made next to it (where the tracer makes DIR.partial):
/// done before MPI_Init, on every process, with a probe name of this process's own. "" or the
/// reason, naming the folder that could not be made.
std::string trace_directory_problem(const std::string& dir) {
  std::string path = dir; // the tracer drops trailing slashes too
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  // Other ranks make the same folders at the same time: a folder that exists is no error.
  if (!parent.empty() && !std::filesystem::create_directories(parent, ec) && ec &&
      !std::filesystem::is_directory(parent))
    return "cannot create the folder " + parent.string() + ": " + ec.message();
  const std::string probe = path + ".probe." + std::to_string(getpid());
  if (mkdir(probe.c_str(), 0700) != 0)
    return "cannot write there: " + std::string(std::strerror(errno));
  rmdir(probe.c_str());
  return {};
}

/// Every rank agrees on --trace before anything runs: one line and exit 2 if the directory
/// cannot be written on any rank, or the tracer did not start.
bool trace_usable(const std::string& dir, const std::string& problem, int rank, MPI_Comm comm) {
  const int mine = !dir.empty() && (!problem.empty() || !trace::active()) ? 1 : 0;
  int any = 0;
  PMPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, comm);
  if (any)
    print_error(rank, "--trace " + dir + ": " +
                          (problem.empty() ? "the tracer could not start" : problem));
  return !any;
}

/// What execute() sets for a run and the algorithms read process-wide.
struct Settings {
  PipelineTuning pipeline = pipeline_tuning();
  IrregularTuning irregular = irregular_tuning();
  int radix = collscope::radix();
  std::optional<schedule::NodeSpec> nodes;
};

Settings current_settings() {
  Settings s;
  std::string error; // a malformed layout is the parse's to report
  s.nodes = node_spec_from_environment(error);
  return s;
}

void restore(const Settings& s) {
  set_pipeline_tuning(s.pipeline);
  set_irregular_tuning(s.irregular);
  set_radix(s.radix);
  set_node_spec(s.nodes);
}

int run_main(int argc, char** argv, const std::string& trace_problem) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);

  // Every run's command line is checked before any of them runs (algorithm_list.hpp).
  AlgorithmRuns list =
      split_algorithms(std::span<char* const>(argv + 1, static_cast<std::size_t>(argc - 1)));
  std::vector<Options> runs;
  for (std::size_t i = 0; i < list.runs.size() && list.error.empty(); ++i) {
    std::vector<char*> args = pointers(list.runs[i]);
    ParseResult parsed = parse_options(args, p);
    if (!parsed.error.empty())
      list.error = (i < list.origins.size() ? list.origins[i] : "") + parsed.error;
    runs.push_back(std::move(parsed.options));
  }
  // The runs of --runs come from a file each rank reads itself: a file that is missing or
  // different on some node would leave the ranks running different runs (or one refusing while
  // the others wait). The ranks compare what they read (through PMPI, untraced) and all refuse
  // together when it differs.
  std::uint64_t read = 14695981039346656037ULL; // FNV-1a of the error and every run's words
  const auto mix = [&read](const std::string& text) {
    for (const char c : text + '\x1f')
      read = (read ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  };
  mix(list.error);
  for (const std::vector<std::string>& words : list.runs)
    for (const std::string& word : words) mix(word);
  std::uint64_t lowest = 0, highest = 0;
  PMPI_Allreduce(&read, &lowest, 1, MPI_UINT64_T, MPI_MIN, comm);
  PMPI_Allreduce(&read, &highest, 1, MPI_UINT64_T, MPI_MAX, comm);
  if (lowest != highest && list.error.empty())
    list.error = "the ranks read different runs (is the --runs file the same on every node?)";
  if (lowest != highest || !list.error.empty()) {
    if (rank == 0) cli::report_usage_error(program(), list.error);
    return cli::exit_usage;
  }
  const Options& options = runs.front();
  if (!trace_usable(options.trace_dir, trace_problem, rank, comm)) return 2;
  if (options.mode == Mode::help || options.mode == Mode::version) {
    if (rank == 0 && options.mode == Mode::help) std::fputs(options.help_text.c_str(), stdout);
    if (rank == 0 && options.mode == Mode::version)
      std::printf("%s\n", cli::version_line("run").c_str());
    return cli::exit_ok;
  }
  if (options.mode == Mode::list) {
    if (rank == 0 && options.list_ompi) print_ompi_list();
    if (rank == 0 && !options.list_ompi) print_list(options.collective, options.json, options.wide);
    return 0;
  }
  // Runs go in order and stop at the first that fails (an MPI error may leave messages
  // behind that the next one would receive); each report begins with its #@ header. Each run
  // starts from the process-wide settings the job began with, whatever the one before set.
  const Settings initial = current_settings();
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (i > 0) {
      if (rank == 0) std::printf("\n");
      restore(initial);
    }
    if (const int status = execute(runs[i], rank, p, comm); status != 0) return status;
  }
  return 0;
}

} // namespace

} // namespace collscope::run

int main(int argc, char** argv) {
  collscope::run::set_program(argc > 0 ? argv[0] : nullptr);
  std::string trace_problem;
  if (const auto ompi = collscope::run::ompi_request(argc, argv))
    collscope::run::force_before_init(*ompi);
  if (const auto dir = collscope::run::trace_request(argc, argv); dir && !dir->empty()) {
    trace_problem = collscope::run::trace_directory_problem(*dir);
    if (trace_problem.empty()) setenv("COLLSCOPE_TRACE", dir->c_str(), 1);
  }
  MPI_Init(&argc, &argv);
  const int status = collscope::run::run_main(argc, argv, trace_problem);
  // A run refused on its arguments (status 2, agreed by every rank) ran no collective: its
  // trace would be an empty archive that readers take for a run. Every rank discards it, so
  // MPI_Finalize writes none (the tracer removed any older one at MPI_Init).
  if (status == 2) collscope::trace::discard();
  MPI_Finalize();
  return status;
}
