// collscope-run's `--algorithm ompi:NAME` (ompi_force.hpp).
#include "ompi_force.hpp"

#include "collscope/ompi/mpit.hpp"
#include "collscope/ompi/twins.hpp"

#include <charconv>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <utility>

namespace collscope::run {

namespace {

using ompi::Coll;
using ompi::Param;

constexpr std::pair<Collective, Coll> counterparts[] = {
    {Collective::gather, Coll::gather},
    {Collective::scatter, Coll::scatter},
    {Collective::bcast, Coll::bcast},
    {Collective::reduce, Coll::reduce},
    {Collective::allgather, Coll::allgather},
    {Collective::allgatherv, Coll::allgatherv},
    {Collective::allreduce, Coll::allreduce},
    {Collective::reduce_scatter_block, Coll::reduce_scatter_block},
    {Collective::reduce_scatter, Coll::reduce_scatter},
    {Collective::alltoall, Coll::alltoall},
    {Collective::alltoallv, Coll::alltoallv}};

std::string env_name(Coll coll, std::string_view suffix) {
  return "OMPI_MCA_coll_tuned_" + std::string(ompi::to_string(coll)) + "_algorithm" +
         std::string(suffix);
}

std::string cvar_name(Coll coll, std::string_view suffix) {
  return env_name(coll, suffix).substr(9); // without OMPI_MCA_
}

std::optional<int> whole(std::optional<std::string_view> text, int lowest) {
  if (!text) return std::nullopt;
  long long value = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (text->empty() || ec != std::errc() || end != text->data() + text->size() || value < lowest ||
      value > INT_MAX)
    return std::nullopt;
  return static_cast<int>(value);
}

std::string names(Coll coll) {
  std::string text;
  for (const ompi::Named& a : ompi::algorithms(coll))
    text += (text.empty() ? "" : ", ") + std::string(ompi_prefix) + std::string(a.name);
  return text;
}

/// Entries live as long as the program: Options holds a pointer to one.
const Algorithm* entry(Collective collective, Coll coll, int number, bool segmented) {
  static std::deque<std::string> texts;
  static std::deque<Algorithm> entries;
  const std::string_view ompi_name = ompi::name_of(coll, number);
  const std::string& name = texts.emplace_back(std::string(ompi_prefix) + std::string(ompi_name));
  Algorithm a = *find_algorithm(collective, "native");
  a.name = name;
  a.description = texts.emplace_back("Open MPI's own " + std::string(ompi_name) + " (coll tuned, " +
                                     cvar_name(coll, "") + " " + std::to_string(number) + ")");
  a.source = texts.emplace_back("Open MPI 4.1 ompi/mca/coll/base/coll_base_" +
                                std::string(ompi::to_string(coll)) + ".c");
  // The lecture's twin (twins.hpp) lends its rounds and cost.
  if (!segmented)
    if (const Algorithm* same = find_algorithm(collective, ompi::lecture_twin(coll, ompi_name))) {
      a.rounds = same->rounds;
      a.cost = same->cost;
    }
  return &entries.emplace_back(a);
}

} // namespace

std::optional<Coll> ompi_coll(Collective collective) {
  for (const auto& [ours, theirs] : counterparts)
    if (ours == collective) return theirs;
  return std::nullopt;
}

OmpiResolved resolve_ompi(Collective collective, std::string_view name,
                          std::optional<std::string_view> segment,
                          std::optional<std::string_view> fanout) {
  OmpiResolved r;
  const std::string coll_text(to_string(collective));
  const std::optional<Coll> coll = ompi_coll(collective);
  if (!coll)
    return {.error = "Open MPI's coll tuned has no " + coll_text + " algorithms to choose"};
  const std::string_view bare = name.substr(ompi_prefix.size());
  const std::optional<int> number = ompi::number_of(*coll, bare);
  if (!number)
    return {.error = "unknown Open MPI algorithm '" + std::string(bare) + "' for " + coll_text +
                     "; choose one of: " + names(*coll) + " (collscope-run --list ompi)"};
  r.force = {.coll = *coll, .number = *number};
  const Param param = ompi::params_of(*coll, *number);
  if (segment) {
    if (param == Param::none)
      return {.error = "--segment does not apply to Open MPI's " + coll_text + " " +
                       std::string(bare) + " (it does not segment)"};
    r.force.segment = whole(segment, 0);
    if (!r.force.segment)
      return {.error =
                  "--segment expects a whole number of bytes, got '" + std::string(*segment) + "'"};
  }
  if (fanout) {
    if (param != Param::segment_and_chain_fanout && param != Param::segment_and_radix)
      return {.error = "--fanout applies to Open MPI's chain (bcast, reduce) and knomial (bcast) "
                       "only, not to " +
                       coll_text + " " + std::string(bare)};
    const int lowest = param == Param::segment_and_radix ? 2 : 1;
    r.force.fanout = whole(fanout, lowest);
    if (!r.force.fanout || *r.force.fanout > 32)
      return {.error = "--fanout expects a whole number from " + std::to_string(lowest) +
                       " to 32, got '" + std::string(*fanout) + "'"};
  }
  r.algorithm = entry(collective, *coll, *number, r.force.segment.value_or(0) > 0);
  return r;
}

void force_before_init(const OmpiRequest& request) {
  if (!request.algorithm.starts_with(ompi_prefix)) return;
  const std::optional<Collective> collective = parse_collective(request.collective);
  if (!collective) return;
  const OmpiResolved r =
      resolve_ompi(*collective, request.algorithm, request.segment, request.fanout);
  if (!r.error.empty()) return;
  const OmpiForce& f = r.force;
  setenv("OMPI_MCA_coll_tuned_use_dynamic_rules", "1", 1);
  setenv(env_name(f.coll, "").c_str(), std::to_string(f.number).c_str(), 1);
  setenv(env_name(f.coll, "_segmentsize").c_str(), std::to_string(f.segment.value_or(0)).c_str(),
         1);
  if (f.fanout) {
    const bool radix = ompi::params_of(f.coll, f.number) == Param::segment_and_radix;
    setenv(env_name(f.coll, radix ? "_knomial_radix" : "_chain_fanout").c_str(),
           std::to_string(*f.fanout).c_str(), 1);
  }
}

std::string running_problem(const OmpiForce& force) {
  const std::string version = ompi::library_version();
  const std::string who =
      std::string(ompi_prefix) + std::string(ompi::name_of(force.coll, force.number));
  if (!ompi::is_open_mpi_4(version))
    return "--algorithm " + who + " needs Open MPI 4.x; this MPI is " +
           (version.empty() ? std::string("unknown") : "'" + version + "'");
  const auto dynamic = ompi::read_int("coll_tuned_use_dynamic_rules");
  const auto number = ompi::read_int(cvar_name(force.coll, ""));
  if (!dynamic || !number)
    return "--algorithm " + who + ": Open MPI's coll tuned is not loaded (--mca coll excludes it?)";
  if (*dynamic == 0 || *number != force.number)
    return "--algorithm " + who + ": Open MPI did not take " + cvar_name(force.coll, "") + "=" +
           std::to_string(force.number) + " (read back " + std::to_string(*number) +
           " through MPI_T; an mca-params file or an --mca option overrides the environment?)";
  return "";
}

MPI_Comm reference_comm(MPI_Comm comm, const OmpiForce& force) {
  const std::string name = cvar_name(force.coll, "");
  if (!ompi::write_int(name, 0)) return comm;
  MPI_Comm reference = MPI_COMM_NULL;
  const int rc = PMPI_Comm_dup(comm, &reference);
  ompi::write_int(name, force.number);
  return rc == MPI_SUCCESS ? reference : comm;
}

std::string describe_force(const OmpiForce& force) {
  std::string text = cvar_name(force.coll, "") + " " + std::to_string(force.number) + " (" +
                     std::string(ompi::name_of(force.coll, force.number)) + ")";
  const Param param = ompi::params_of(force.coll, force.number);
  if (param != Param::none) text += ", segmentsize " + std::to_string(force.segment.value_or(0));
  if (param == Param::segment_and_chain_fanout)
    text += ", chain_fanout " + std::to_string(force.fanout.value_or(4));
  if (param == Param::segment_and_radix)
    text += ", knomial_radix " + std::to_string(force.fanout.value_or(4));
  return text + "; read back through MPI_T";
}

void print_ompi_list() {
  std::printf("Open MPI 4.1's coll tuned algorithms: collscope-run COLL --algorithm ompi:NAME "
              "[--segment B]\n[--fanout K] forces coll_tuned_<coll>_algorithm N "
              "(OMPI_MCA_coll_tuned_use_dynamic_rules=1)\n");
  for (const auto& [collective, coll] : counterparts) {
    std::string line = std::string(to_string(collective));
    line.resize(22, ' ');
    const std::size_t indent = line.size();
    for (const ompi::Named& a : ompi::algorithms(coll)) {
      const std::string item = std::to_string(a.number) + " " + std::string(a.name);
      const std::size_t last_break = line.rfind('\n');
      const std::size_t width =
          line.size() - (last_break == std::string::npos ? 0 : last_break + 1);
      if (width + item.size() + 2 > 100)
        line += "\n" + std::string(indent, ' ');
      else if (line.size() > indent && line.back() != ' ')
        line += "  ";
      line += item;
    }
    std::printf("%s\n", line.c_str());
  }
  std::printf("--segment BYTES: bcast 2-9, reduce 2-6, allreduce 5, gather 3; --fanout K: chain "
              "(bcast 2,\nreduce 2: chains), knomial (bcast 7: radix)\n");
  std::fflush(stdout);
}

} // namespace collscope::run
