// The command line of collscope-run. Every rank parses the same argv against the same
// communicator size, so every rank reaches the same verdict without communicating.
#pragma once

#include "collscope/algorithms/registry.hpp"
#include "collscope/schedule/irregular_problem.hpp"
#include "collscope/schedule/network_model.hpp"
#include "node_options.hpp"
#include "ompi_force.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace collscope::run {

enum class Datatype { int_, float_, double_, vector };
/// float and double: reductions whose result depends on the rank's order of additions
/// (float_rank_dependent) are not rank-identical on them, so `auto` leaves those out.
constexpr bool is_floating(Datatype datatype) {
  return datatype == Datatype::float_ || datatype == Datatype::double_;
}
enum class Op { sum, max, noncommutative };
/// Where gatherv/scatterv's root (allgatherv: every rank) puts the blocks: in rank order
/// without gaps, in rank order with one free element after each block, or in reverse rank
/// order.
enum class Displs { packed, gaps, reversed };

std::string_view to_string(Datatype datatype);
std::string_view to_string(Op op);
std::string_view to_string(Displs displs);

enum class Mode { run, list, help, version };

struct Options {
  Mode mode = Mode::run;
  std::string help_text;                ///< Mode::help: the usage
  bool json = false;                    ///< --list --json
  bool wide = false;                    ///< --list --wide: one line per algorithm, unwrapped
  bool list_ompi = false;               ///< --list ompi: Open MPI's own algorithms
  std::optional<Collective> collective; ///< --list may name one to narrow the table
  const Algorithm* algorithm = nullptr; ///< set in Mode::run
  int root = 0;
  int count = 1; ///< elements per block (gather, scatter, allgather) or of the vector
  Datatype datatype = Datatype::int_;
  Op op = Op::sum;
  int repetitions = 10;
  int warmup = 2;
  std::uint64_t seed = 1;
  int blocks = 0; ///< --blocks; 0 lets the pipelining lemma choose
  int piece = 0;  ///< --piece (allgatherv ring-pipelined); 0 lets the pipelining lemma choose
  bool in_place = false;
  schedule::Problem problem = schedule::Problem::same; ///< gatherv, scatterv, allgatherv
  bool farthest = false;          ///< --problem farthest: only binomial_farthest's block, of b
  int block = 1;                  ///< --block: the problem's b
  Displs displs = Displs::packed; ///< --displs
  std::int64_t threshold = 32768; ///< --threshold (traff-degrade)
  /// --network FILE (or "calibrate", measured in main): the model-based trees' network
  std::shared_ptr<const schedule::NetworkModel> network;
  bool calibrate = false;
  std::string trace_dir;     ///< --trace DIR: write an OTF2 archive of the timed repetitions
  bool trace_warmup = false; ///< --trace-warmup: record the warm-ups too
  bool verify = true;        ///< --no-verify: no reference run, no comparison, half the memory
  /// --alpha, --beta: the α-β parameters of the printed prediction and the pipelining lemma
  /// (default common/cost_defaults.hpp; scripts/simulate passes the platform's)
  std::optional<double> alpha, beta;
  std::string platform;          ///< --platform NAME: the simulated platform, named in the report
  NodeChoice nodes;              ///< --nodes, --ranks-per-node, --placement (or the environment's)
  std::optional<OmpiForce> ompi; ///< --algorithm ompi:NAME [--segment B] [--fanout K]
  /// --algorithm auto: what it chose and why (Choice::summary), printed as #@auto=…; the
  /// block count it chose is in `blocks` (blocks_by_auto) unless --blocks was given.
  std::string auto_choice;
  bool blocks_by_auto = false;
  int radix = 0;         ///< --radix k (k-nomial trees); 0: the default (radix.hpp)
  int stencil = 5;       ///< --stencil 5|9 (neighbourhood collectives)
  std::vector<int> dims; ///< --dims AxB, else MPI_Dims_create's (neighbourhood)
  bool graph = false;    ///< --topology graph; the 9-point stencil always
};

/// Options, or the one-line reason they are unusable (without the "collscope-run: error: ").
struct ParseResult {
  Options options;
  std::string error;
};

/// `args` excludes the program name; `p` is the size of the communicator the run will use.
ParseResult parse_options(std::span<char* const> args, int p);

/// The directory of --trace, found before MPI_Init so the tracer starts with MPI (the full
/// parse, with its errors, happens after MPI_Init on every rank).
std::optional<std::string> trace_request(int argc, char** argv);

/// `--algorithm ompi:NAME` and its --segment and --fanout, found before MPI_Init so that
/// Open MPI's coll tuned is forced when MPI_Init opens it (ompi_force.hpp); nullopt when the
/// command line names no Open MPI algorithm.
std::optional<OmpiRequest> ompi_request(int argc, char** argv);

} // namespace collscope::run
