// How much the PMPI tracer slows a program down, measured in one run so the machine's noise
// hits all variants alike: (a) 1-byte ping-pong between ranks 0 and 1, (b) a 64 KiB binomial
// broadcast (collscope's, so every message goes through the wrappers) on all ranks.
//
// Variants, interleaved trial by trial:
//   traced    tracing on: every call is recorded
//   off       the tracer is loaded but paused: the cost every untraced collscope-run pays
//   pmpi      ping-pong through PMPI_* directly: no wrapper at all (the baseline)
// Ping-pong: the minimum over trials of the mean time per message. Broadcast: the median of
// single broadcasts between barriers, the variants alternating call by call. Ratios are
// against the baseline of the same run (off for the broadcast, whose sends happen inside the
// algorithm). The aims: ping-pong ≤ 1.15, 64 KiB broadcast ≤ 1.03.
//
// The cost of an event: each rank alone calls MPI_Send to MPI_PROC_NULL (recorded as an Enter
// and a Leave, nothing sent) in long runs, traced against paused, so the figure includes the
// clock reads, the stores and each event's share of copying the ring into the events file.
// The ping-pong's extra time per message is another figure: only the work between a
// receive's return and the next send delays the partner.
#include "collscope/algorithms/bcast.hpp"
#include "collscope/annotate.hpp"
#include "collscope/cli/ranks.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mpi.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace cli = collscope::cli;

enum class Variant { traced, off, pmpi };

double ping_pong(Variant v, int rank, int iterations) {
  char byte = 0;
  const auto send = v == Variant::pmpi ? PMPI_Send : MPI_Send;
  const auto recv = v == Variant::pmpi ? PMPI_Recv : MPI_Recv;
  v == Variant::traced ? collscope::trace::resume() : collscope::trace::pause();
  PMPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (int i = 0; i < iterations; ++i) {
    if (rank == 0) {
      send(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      recv(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      send(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    }
  }
  const double elapsed = MPI_Wtime() - start;
  collscope::trace::pause();
  double slowest = 0;
  PMPI_Allreduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return slowest / iterations;
}

/// One broadcast, between barriers, as the slowest rank saw it.
double broadcast(Variant v, std::vector<char>& buffer) {
  v == Variant::traced ? collscope::trace::resume() : collscope::trace::pause();
  PMPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  collscope::bcast_binomial(buffer.data(), static_cast<int>(buffer.size()), MPI_CHAR, 0,
                            MPI_COMM_WORLD);
  const double elapsed = MPI_Wtime() - start;
  collscope::trace::pause();
  double slowest = 0;
  PMPI_Allreduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return slowest;
}

/// Seconds per MPI_Send to MPI_PROC_NULL over `calls` calls (two events each when traced).
double null_sends(Variant v, int calls) {
  char byte = 0;
  v == Variant::traced ? collscope::trace::resume() : collscope::trace::pause();
  const double start = MPI_Wtime();
  for (int i = 0; i < calls; ++i) MPI_Send(&byte, 1, MPI_CHAR, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  const double elapsed = MPI_Wtime() - start;
  collscope::trace::pause();
  return elapsed / calls;
}

double mean(const std::vector<double>& x) {
  double sum = 0;
  for (double v : x) sum += v;
  return sum / static_cast<double>(x.size());
}

double median(std::vector<double> x) {
  std::nth_element(x.begin(), x.begin() + static_cast<long>(x.size() / 2), x.end());
  return x[x.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
  // Trace into a scratch archive unless the user chose where.
  const std::string scratch =
      (std::filesystem::temp_directory_path() / ("collscope-bench-" + std::to_string(getpid())))
          .string();
  const bool own_dir = std::getenv("COLLSCOPE_TRACE") == nullptr;
  if (own_dir) setenv("COLLSCOPE_TRACE", scratch.c_str(), 1);
  MPI_Init(&argc, &argv);
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const std::string program = cli::command_name(argv[0], "collscope-bench-trace-overhead");
  CLI::App app{"How much the PMPI tracer slows a program down, measured in one run: 1-byte "
               "ping-pong between\nranks 0 and 1 and a 64 KiB binomial broadcast on all ranks, "
               "traced, paused and (ping-pong)\nthrough PMPI directly, interleaved trial by "
               "trial; ratios against the baseline of the same run.",
               program};
  cli::conventions(app, "bench-trace-overhead");
  cli::synopsis(app, {"mpirun -np P {} [TRIALS]"});
  app.footer("Exit status: 0 measured (figures only: never 1); 2 a usage error, fewer than 2 "
             "processes or no\ntracer.");
  int trials = 15;
  app.add_option_function<std::string>(
         "TRIALS",
         [&trials](const std::string& v) { trials = cli::whole_value<int>("TRIALS", v, 1); },
         "trials of every variant (default 15)")
      ->type_name("");
  if (const auto status = cli::parse_on_rank(app, argc, argv, program, rank)) {
    MPI_Finalize();
    return *status;
  }
  if (p < 2 || !collscope::trace::active()) {
    if (rank == 0)
      cli::report_error(program, p < 2
                                     ? "needs at least 2 processes (mpirun -np 2 …)"
                                     : "the tracer is not active (is libcollscope-trace linked?)");
    MPI_Finalize();
    return cli::exit_usage;
  }
  const int pings = 2000, bcasts = 100;
  std::vector<char> buffer(64 * 1024, 1);

  std::vector<double> pp[3], bc[2];
  for (int t = 0; t < trials; ++t) {
    for (Variant v : {Variant::traced, Variant::off, Variant::pmpi})
      pp[static_cast<int>(v)].push_back(ping_pong(v, rank, pings));
    // Broadcasts alternate one by one, in both orders, so neither variant always follows the
    // other; 64 KiB goes by rendezvous, whose speed depends on who arrives first.
    for (int i = 0; i < bcasts; ++i) {
      const Variant first = i % 2 ? Variant::traced : Variant::off;
      const Variant second = i % 2 ? Variant::off : Variant::traced;
      bc[static_cast<int>(first)].push_back(broadcast(first, buffer));
      bc[static_cast<int>(second)].push_back(broadcast(second, buffer));
    }
  }
  // 200 000 events per trial: eight laps of the default 1 MiB ring.
  std::vector<double> null_traced, null_off;
  for (int t = 0; t < std::max(5, trials / 3); ++t) {
    null_traced.push_back(null_sends(Variant::traced, 100000));
    null_off.push_back(null_sends(Variant::off, 100000));
  }
  double per_event = (median(null_traced) - median(null_off)) / 2, slowest_event = 0;
  PMPI_Allreduce(&per_event, &slowest_event, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  const auto best = [](const std::vector<double>& x) {
    return *std::min_element(x.begin(), x.end());
  };
  if (rank == 0) {
    const double pt = best(pp[0]), po = best(pp[1]), pb = best(pp[2]);
    const double bt = median(bc[0]), bo = median(bc[1]);
    std::printf("#@p=%d\n#@trials=%d\n#@note=ping-pong: minimum over trials; bcast: median of "
                "single calls; ratios are against a peer "
                "measured in the same run (oversubscribed 2-core machines are noisy)\n",
                p, trials);
    std::printf("%-34s %12s %12s %8s\n", "case", "traced_s", "baseline_s", "ratio");
    std::printf("%-34s %12.3e %12.3e %8.3f\n", "1-byte ping-pong vs PMPI (aim 1.15)", pt / 2,
                pb / 2, pt / pb);
    std::printf("%-34s %12.3e %12.3e %8.3f\n", "1-byte ping-pong vs tracer off", pt / 2, po / 2,
                pt / po);
    std::printf("%-34s %12.3e %12.3e %8.3f\n", "tracer off vs PMPI (untraced cost)", po / 2, pb / 2,
                po / pb);
    std::printf("%-34s %12.3e %12.3e %8.3f\n", "64 KiB binomial bcast (aim 1.03)", bt, bo, bt / bo);
    // The minimum hides the trials in which the ring was copied into the events file (about
    // every other trial of 2000 round trips); the mean over trials includes them.
    const double mt = mean(pp[0]), mb = mean(pp[2]);
    std::printf("%-34s %12.3e %12.3e %8.3f\n", "ping-pong vs PMPI, mean of trials", mt / 2, mb / 2,
                mt / mb);
    // A round trip records 12 events (Enter, MpiSend or MpiRecv and Leave around each of the
    // two sends and two receives), of which a message waits for two clock reads.
    std::printf("#@ping_pong_extra_ns_per_message=%.1f\n", (pt - pb) / 2 * 1e9);
    std::printf("#@cost_per_event_ns=%.1f\n", slowest_event * 1e9);
  }
  MPI_Finalize();
  if (own_dir && rank == 0) std::filesystem::remove_all(scratch);
  return 0;
}
