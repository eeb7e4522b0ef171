// collscope-run's `--algorithm ompi:NAME` (ompi_force.hpp).
#include "ompi_force.hpp"

#include "collscope/algorithms/radix.hpp"
#include "collscope/ompi/knobs.hpp"
#include "collscope/ompi/mpit.hpp"
#include "collscope/ompi/twins.hpp"

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

std::string names(Coll coll) {
  std::string text;
  for (const ompi::Named& a : ompi::algorithms(coll))
    text += (text.empty() ? "" : ", ") + std::string(ompi_prefix) + std::string(a.name);
  return text;
}

/// Entries live as long as the program: Options holds a pointer to one.
const Algorithm* entry(Collective collective, Coll coll, int number, bool unlike_twin) {
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
  // The lecture's twin (twins.hpp) lends its rounds and cost, unsegmented and at its radix.
  if (!unlike_twin)
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
                          std::optional<std::string_view> fanout,
                          std::optional<std::string_view> max_requests) {
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
  const std::pair<std::string_view, std::optional<std::string_view>> given[] = {
      {"--segment", segment}, {"--fanout", fanout}, {"--max-requests", max_requests}};
  for (const auto& [flag, text] : given) {
    if (!text) continue;
    const std::optional<ompi::KnobInfo> knob = ompi::find_knob(*coll, *number, flag);
    if (!knob) {
      std::string takes;
      for (const ompi::KnobInfo& k : ompi::knobs(*coll, *number))
        takes += (takes.empty() ? "" : ", ") + std::string(k.flag);
      return {.error = std::string(flag) + " does not apply to Open MPI's " + coll_text + " " +
                       std::string(bare) + " (it takes " +
                       (takes.empty() ? std::string("no parameters") : takes) +
                       "; collscope-run --list ompi)"};
    }
    const std::optional<int> value = ompi::parse_knob(*knob, *text);
    if (!value)
      return {.error = std::string(flag) + " expects a whole number, " + ompi::knob_range(*knob) +
                       " (" + std::string(knob->what) + "), got '" + std::string(*text) + "'"};
    (knob->knob == ompi::Knob::segsize        ? r.force.segment
     : knob->knob == ompi::Knob::max_requests ? r.force.max_requests
                                              : r.force.fanout) = value;
  }
  // The lecture's k-nomial tree lends its rounds only at the radix collscope's knomial runs
  // at (its --radix cannot be given with ompi:NAME).
  const bool other_radix = ompi::params_of(*coll, *number) == Param::segment_and_radix &&
                           r.force.fanout.value_or(default_radix) != default_radix;
  r.algorithm = entry(collective, *coll, *number, r.force.segment.value_or(0) > 0 || other_radix);
  return r;
}

void force_before_init(const OmpiRequest& request) {
  if (!request.algorithm.starts_with(ompi_prefix)) return;
  const std::optional<Collective> collective = parse_collective(request.collective);
  if (!collective) return;
  const OmpiResolved r = resolve_ompi(*collective, request.algorithm, request.segment,
                                      request.fanout, request.max_requests);
  if (!r.error.empty()) return;
  const OmpiForce& f = r.force;
  setenv("OMPI_MCA_coll_tuned_use_dynamic_rules", "1", 1);
  setenv(env_name(f.coll, "").c_str(), std::to_string(f.number).c_str(), 1);
  for (const ompi::KnobInfo& k : ompi::knobs(f.coll, f.number)) {
    const std::optional<int> value = k.knob == ompi::Knob::segsize        ? f.segment
                                     : k.knob == ompi::Knob::max_requests ? f.max_requests
                                                                          : f.fanout;
    // segsize is set even when not given: 0, not an mca-params file's value, is what was asked.
    if (value || k.knob == ompi::Knob::segsize)
      setenv(("OMPI_MCA_" + k.mca).c_str(), std::to_string(value.value_or(0)).c_str(), 1);
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
  for (const ompi::KnobInfo& k : ompi::knobs(force.coll, force.number)) {
    const std::optional<int> value = k.knob == ompi::Knob::segsize        ? force.segment
                                     : k.knob == ompi::Knob::max_requests ? force.max_requests
                                                                          : force.fanout;
    text += ", " + k.mca.substr(k.mca.find("_algorithm_") + 11) + " " +
            std::to_string(value.value_or(ompi::knob_default(k.knob)));
  }
  return text + "; read back through MPI_T";
}

std::string ompi_list() {
  std::string text = "Open MPI 4.1's coll tuned algorithms: collscope-run COLL --algorithm "
                     "ompi:NAME forces\ncoll_tuned_<coll>_algorithm N "
                     "(OMPI_MCA_coll_tuned_use_dynamic_rules=1)\n";
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
    text += line + "\n";
  }
  return text +
         "Parameters: segsize=B is --segment B, fanout=K is --fanout K, max_requests=N is "
         "--max-requests N;\nin collscope-profiles --tune: ompi:NAME:segsize=B:fanout=K:"
         "max_requests=N. MCA only: a rules file\ncannot carry it, Open MPI 4.1 reads "
         "coll_tuned_<coll>_algorithm_<param> then too (the export notes\nit); forced only: "
         "under a rules file Open MPI 4.1 passes 0 (no limit).\n" +
         ompi::knob_list();
}

void print_ompi_list() {
  std::fputs(ompi_list().c_str(), stdout);
  std::fflush(stdout);
}

} // namespace collscope::run
