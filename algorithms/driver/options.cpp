#include "options.hpp"

#include "auto_choice.hpp"
#include "collscope/cli/numbers.hpp"
#include "command_line.hpp"
#include "mpi_types.hpp"
#include "neighbor_run.hpp"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>

namespace collscope::run {

std::string_view to_string(Datatype datatype) {
  switch (datatype) {
  case Datatype::int_:
    return "int";
  case Datatype::float_:
    return "float";
  case Datatype::double_:
    return "double";
  case Datatype::vector:
    return "vector";
  }
  return "?";
}

std::string_view to_string(Op op) {
  switch (op) {
  case Op::sum:
    return "sum";
  case Op::max:
    return "max";
  case Op::noncommutative:
    return "noncommutative";
  }
  return "?";
}

std::string_view to_string(Displs displs) {
  switch (displs) {
  case Displs::packed:
    return "packed";
  case Displs::gaps:
    return "gaps";
  case Displs::reversed:
    return "reversed";
  }
  return "?";
}

namespace {

constexpr Collective all_collectives[] = {Collective::gather,
                                          Collective::scatter,
                                          Collective::bcast,
                                          Collective::reduce,
                                          Collective::allgather,
                                          Collective::gatherv,
                                          Collective::scatterv,
                                          Collective::allgatherv,
                                          Collective::allreduce,
                                          Collective::reduce_scatter_block,
                                          Collective::reduce_scatter,
                                          Collective::scan,
                                          Collective::exscan,
                                          Collective::alltoall,
                                          Collective::alltoallv,
                                          Collective::neighbor_allgather,
                                          Collective::neighbor_alltoall,
                                          Collective::barrier,
                                          Collective::ibcast,
                                          Collective::iallreduce,
                                          Collective::ibarrier};

std::string single_quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
}

std::string names_of(Collective collective, bool (*keep)(const Algorithm&),
                     std::string_view separator = ", ") {
  std::string names;
  for (const Algorithm& a : algorithms())
    if (a.collective == collective && keep(a))
      names += (names.empty() ? "" : std::string(separator)) + std::string(a.name);
  return names;
}

/// "bcast pipeline, two-tree; allreduce tree-pipeline; …": the algorithms that take --blocks,
/// by collective in registry order.
std::string pipelined_names() {
  std::string names;
  std::optional<Collective> last;
  for (const Algorithm& a : algorithms()) {
    if (!a.uses_blocks()) continue;
    if (a.collective != last)
      names += (names.empty() ? "" : "; ") + std::string(to_string(a.collective)) + " ";
    else
      names += ", ";
    names += a.name;
    last = a.collective;
  }
  return names;
}

/// "gather knomial; …; alltoall bruck-radix": the algorithms that take --radix.
std::string radix_names() {
  std::string names;
  for (const Algorithm& a : algorithms())
    if (a.uses_radix())
      names += (names.empty() ? "" : "; ") + std::string(to_string(a.collective)) + " " +
               std::string(a.name);
  return names;
}

/// Parses a whole number in [lowest, INT_MAX] into `out`; returns an error message or "".
std::string number(std::string_view option, std::optional<std::string_view> text, int lowest,
                   int& out) {
  if (!text) return "";
  const std::optional<long long> value = cli::whole<long long>(*text);
  const std::size_t sign = text->starts_with('-') ? 1 : 0;
  const bool digits =
      text->size() > sign && text->find_first_not_of("0123456789", sign) == std::string::npos;
  if (!value && !digits)
    return std::string(option) + " expects a whole number, got " + single_quoted(*text);
  if (!value || *value > INT_MAX)
    return std::string(option) + " " + std::string(*text) + " is too large";
  if (*value < lowest)
    return std::string(option) + " must be at least " + std::to_string(lowest) + ", got " +
           std::string(*text);
  out = static_cast<int>(*value);
  return "";
}

/// Parses a positive number of seconds (--alpha, --beta) into `out`; an error message or "".
std::string seconds(std::string_view option, std::optional<std::string_view> text,
                    std::optional<double>& out) {
  if (!text) return "";
  const std::optional<double> value = cli::real(*text, 0);
  if (!value || *value == 0)
    return std::string(option) + " expects a positive number of seconds, got " +
           single_quoted(*text);
  out = value;
  return "";
}

std::string seed_number(std::optional<std::string_view> text, std::uint64_t& out) {
  if (!text) return "";
  const std::optional<std::uint64_t> value = cli::whole<std::uint64_t>(*text);
  if (!value) return "--seed expects a whole number in [0, 2^64), got " + single_quoted(*text);
  out = *value;
  return "";
}

std::string check_collective(std::optional<std::string_view> text, Options& o) {
  if (!text) return "";
  o.collective = parse_collective(*text);
  if (o.collective) return "";
  std::string names;
  for (Collective c : all_collectives)
    names += (names.empty() ? "" : ", ") + std::string(to_string(c));
  return "unknown collective " + single_quoted(*text) + "; choose one of: " + names;
}

std::string check_kinds(const Raw& raw, Options& o) {
  if (raw.datatype) {
    if (*raw.datatype == "int")
      o.datatype = Datatype::int_;
    else if (*raw.datatype == "float")
      o.datatype = Datatype::float_;
    else if (*raw.datatype == "double")
      o.datatype = Datatype::double_;
    else if (*raw.datatype == "vector")
      o.datatype = Datatype::vector;
    else
      return "unknown datatype " + single_quoted(*raw.datatype) +
             "; choose one of: int, float, double, vector";
  }
  if (raw.op) {
    if (*raw.op == "sum")
      o.op = Op::sum;
    else if (*raw.op == "max")
      o.op = Op::max;
    else if (*raw.op == "noncommutative")
      o.op = Op::noncommutative;
    else
      return "unknown op " + single_quoted(*raw.op) + "; choose one of: sum, max, noncommutative";
  }
  return "";
}

std::string check_network(const Raw& raw, Options& o, int p) {
  if (!raw.network) return "";
  if (!o.algorithm->uses_network())
    return "--network applies to the model-based gatherv/scatterv algorithms (model-*) only";
  if (*raw.network == "calibrate") {
    o.calibrate = true;
    return "";
  }
  std::ifstream file{std::string(*raw.network)};
  if (!file) return "--network: cannot read " + single_quoted(*raw.network);
  std::ostringstream text;
  text << file.rdbuf();
  try {
    o.network =
        std::make_shared<const schedule::NetworkModel>(schedule::parse_network(text.str(), p));
  } catch (const schedule::NetworkError& e) {
    return "--network " + std::string(*raw.network) + ": " + e.what();
  }
  return "";
}

std::string check_irregular(const Raw& raw, Options& o, int p) {
  const Algorithm& a = *o.algorithm;
  if (!a.irregular()) {
    for (const auto& [name, given] :
         {std::pair{"--problem", raw.problem}, {"--block", raw.block}, {"--displs", raw.displs}})
      if (given) return std::string(name) + " applies to gatherv, scatterv and allgatherv only";
  } else if (raw.count && raw.block) {
    return "--count and --block mean the same for gatherv, scatterv and allgatherv; give one";
  }
  if (raw.threshold && !a.uses_threshold())
    return "--threshold applies to gatherv/scatterv traff-degrade only";
  if (std::string error = check_network(raw, o, p); !error.empty()) return error;
  if (raw.problem && *raw.problem == "farthest") {
    o.farthest = true;
  } else if (raw.problem) {
    const auto problem = schedule::parse_problem(*raw.problem);
    if (!problem)
      return "unknown problem " + single_quoted(*raw.problem) +
             "; choose one of: same, random, bucket, spikes, increasing, decreasing, "
             "alternating, two-blocks, farthest";
    o.problem = *problem;
  }
  if (raw.displs) {
    if (*raw.displs == "packed")
      o.displs = Displs::packed;
    else if (*raw.displs == "gaps")
      o.displs = Displs::gaps;
    else if (*raw.displs == "reversed")
      o.displs = Displs::reversed;
    else
      return "unknown displs " + single_quoted(*raw.displs) +
             "; choose one of: packed, gaps, reversed";
  }
  int threshold = 0;
  if (std::string error = number("--threshold", raw.threshold, 1, threshold); !error.empty())
    return error;
  if (raw.threshold) o.threshold = threshold;
  if (a.irregular() && raw.count) o.block = o.count; // b of the problem, like a regular count
  return number("--block", raw.block, 0, o.block);
}

/// What only makes sense for some collectives or algorithms.
std::string check_fit(const Raw& raw, Options& o, int p) {
  const Algorithm& a = *o.algorithm;
  const std::string who = std::string(to_string(a.collective)) + " " + std::string(a.name);
  if (raw.root && !a.has_root())
    return std::string(to_string(a.collective)) + " has no root; drop --root";
  if (o.root >= p)
    return "--root " + std::to_string(o.root) + " is outside [0, " + std::to_string(p) +
           ") for p = " + std::to_string(p) + " processes";
  if (raw.op && !a.reduces())
    return "--op applies to reduce, allreduce, reduce_scatter_block, reduce_scatter, scan and "
           "exscan only";
  if (o.op == Op::noncommutative && a.commutative_only)
    return who + " is for commutative operations only; with --op noncommutative use " +
           "--algorithm " +
           names_of(
               a.collective, [](const Algorithm& b) { return !b.commutative_only; }, " or ");
  if (raw.blocks && !a.uses_blocks())
    return "--blocks applies only to pipelined algorithms (" + pipelined_names() + "), not to " +
           who;
  if (raw.piece && !a.uses_piece())
    return "--piece applies only to allgatherv " +
           names_of(Collective::allgatherv, [](const Algorithm& b) { return b.uses_piece(); }) +
           ", not to " + who;
  if (raw.radix && !a.uses_radix())
    return "--radix applies only to the k-nomial trees and Bruck in radix k (" + radix_names() +
           "), not to " + who;
  if (a.power_of_two_only && (p & (p - 1)) != 0)
    return who + " needs a power-of-two number of processes, not p = " + std::to_string(p) +
           " (bruck runs on any p)";
  if (o.in_place && a.neighborhood())
    return "--in-place does not apply to " + std::string(to_string(a.collective)) +
           " (MPI_Neighbor_* take no MPI_IN_PLACE)";
  if (o.in_place && blocking_twin(a.collective) == Collective::bcast)
    return "--in-place does not apply to " + std::string(to_string(a.collective)) +
           " (MPI_Bcast has no MPI_IN_PLACE)";
  if (blocking_twin(a.collective) == Collective::barrier) {
    for (const auto& [name, given] :
         {std::pair{"--count", raw.count}, {"--datatype", raw.datatype}})
      if (given) return std::string(to_string(a.collective)) + " moves no data; drop " + name;
    if (o.in_place) return std::string(to_string(a.collective)) + " moves no data; drop --in-place";
    o.count = 0;
  }
  const bool whole_row = blocking_twin(a.collective) != Collective::bcast && !a.reduces();
  const long long per_rank = a.irregular() ? schedule::spikes_rho * (o.block + 1LL)
                             : a.collective == Collective::alltoallv ? 2LL * o.count
                                                                     : o.count;
  // reduce_scatter's vector is Σ recvcounts ≤ 2p·count elements (buffers.cpp).
  const long long rows = a.reduce_scatters() ? 2LL * p : whole_row ? p : 1;
  const long long largest = rows * per_rank * layout_of(o.datatype).extent_bytes();
  const std::string what =
      a.irregular() ? "--block " + std::to_string(o.block) : "--count " + std::to_string(o.count);
  if (largest > INT_MAX)
    return what + " is too large: a buffer would take up to " + std::to_string(largest) +
           " bytes (limit 2 GiB)";
  return "";
}

} // namespace

ParseResult parse_options(std::span<char* const> args, int p) {
  ParseResult result;
  Options& o = result.options;
  Raw raw;
  if (std::string error = scan(args, raw); !error.empty()) return {o, error};
  if (raw.help || raw.version) {
    o.mode = raw.help ? Mode::help : Mode::version;
    o.help_text = raw.help_text;
    return result;
  }
  if (raw.json && !raw.list) return {o, "--json applies to --list only"};
  if (raw.wide && !raw.list) return {o, "--wide applies to --list only"};
  if (raw.wide && raw.json) return {o, "--wide and --json: give one (--json has every field)"};
  if (raw.list && raw.positional == "ompi") {
    if (raw.json || raw.wide) return {o, "--list ompi has no --json or --wide"};
    o.mode = Mode::list;
    o.list_ompi = true;
    return result;
  }
  if (std::string error = check_collective(raw.positional, o); !error.empty()) return {o, error};
  if (raw.list) {
    o.mode = Mode::list;
    o.json = raw.json;
    o.wide = raw.wide;
    return result;
  }
  if (!o.collective)
    return {o,
            "missing COLLECTIVE: one of gather, scatter, bcast, reduce, allgather, gatherv, "
            "scatterv, allgatherv, allreduce, reduce_scatter_block, reduce_scatter, scan, "
            "exscan, alltoall, alltoallv, neighbor_allgather, neighbor_alltoall, barrier, ibcast, "
            "iallreduce, ibarrier (see --help)"};

  const std::string name = raw.algorithm.value_or("native");
  if (name.starts_with(ompi_prefix)) {
    OmpiResolved ompi =
        resolve_ompi(*o.collective, name, raw.segment, raw.fanout, raw.max_requests);
    if (ompi.error.empty()) ompi.error = running_problem(ompi.force);
    if (!ompi.error.empty()) return {o, ompi.error};
    o.algorithm = ompi.algorithm;
    o.ompi = ompi.force;
  } else {
    if (raw.segment || raw.fanout || raw.max_requests)
      return {o, std::string(raw.segment  ? "--segment"
                             : raw.fanout ? "--fanout"
                                          : "--max-requests") +
                     " applies to Open MPI's algorithms only (--algorithm ompi:NAME)"};
    // auto: resolved below, once count, datatype, op and root are known; until then the
    // collective's native entry stands in for the checks that depend on the collective only.
    o.algorithm = find_algorithm(*o.collective, name == "auto" ? "native" : name);
  }
  if (!o.algorithm)
    return {o, "unknown algorithm " + single_quoted(name) + " for " +
                   std::string(to_string(*o.collective)) + "; choose one of: " +
                   names_of(*o.collective, [](const Algorithm&) { return true; }) + ", auto"};
  o.in_place = raw.in_place;
  if (raw.trace && raw.trace->empty()) return {o, "--trace needs a directory"};
  if (raw.trace_warmup && !raw.trace) return {o, "--trace-warmup applies with --trace only"};
  o.trace_dir = std::string(raw.trace.value_or(""));
  o.trace_warmup = raw.trace_warmup;
  o.verify = !raw.no_verify;
  if (raw.platform && raw.platform->empty()) return {o, "--platform needs a name"};
  // scripts/simulate names the platform in COLLSCOPE_PLATFORM: smpirun would split an
  // argument with spaces.
  const char* platform = std::getenv("COLLSCOPE_PLATFORM");
  o.platform = std::string(raw.platform.value_or(platform != nullptr ? platform : ""));
  for (const std::string& error :
       {number("--root", raw.root, 0, o.root), number("--count", raw.count, 0, o.count),
        number("--repetitions", raw.repetitions, 1, o.repetitions),
        number("--warmup", raw.warmup, 0, o.warmup), number("--blocks", raw.blocks, 1, o.blocks),
        number("--piece", raw.piece, 1, o.piece), number("--radix", raw.radix, 2, o.radix),
        seed_number(raw.seed, o.seed), seconds("--alpha", raw.alpha, o.alpha),
        seconds("--beta", raw.beta, o.beta), check_kinds(raw, o), check_irregular(raw, o, p),
        check_neighbor_options(raw.stencil, raw.dims, raw.topology, o, p)})
    if (!error.empty()) return {o, error};
  if (name == "auto")
    if (std::string error = apply_auto(o, p, raw.blocks.has_value(),
                                       {raw.nodes, raw.ranks_per_node, raw.placement});
        !error.empty())
      return {o, error};
  if (std::string error = check_fit(raw, o, p); !error.empty()) return {o, error};
  if (std::string error = check_nodes({raw.nodes, raw.ranks_per_node, raw.placement}, *o.algorithm,
                                      o.op == Op::noncommutative, p, o.nodes);
      !error.empty())
    return {o, error};
  return result;
}

namespace {

/// The command line scanned before MPI_Init (nullopt if it is not usable: the full parse
/// after MPI_Init says why, on rank 0).
std::optional<Raw> scanned(int argc, char** argv) {
  Raw raw;
  if (argc < 1 ||
      !scan(std::span<char* const>(argv + 1, static_cast<std::size_t>(argc - 1)), raw).empty())
    return std::nullopt;
  return raw;
}

} // namespace

std::optional<std::string> trace_request(int argc, char** argv) {
  const std::optional<Raw> raw = scanned(argc, argv);
  return raw ? raw->trace : std::nullopt;
}

std::optional<OmpiRequest> ompi_request(int argc, char** argv) {
  const std::optional<Raw> raw = scanned(argc, argv);
  // A list (A,B,…) is refused after MPI_Init if it names ompi:NAME (algorithm_list.hpp).
  if (!raw || !raw->positional || !raw->algorithm || !raw->algorithm->starts_with(ompi_prefix) ||
      raw->algorithm->find(',') != std::string::npos)
    return std::nullopt;
  return OmpiRequest{*raw->positional, *raw->algorithm, raw->segment, raw->fanout,
                     raw->max_requests};
}

} // namespace collscope::run
