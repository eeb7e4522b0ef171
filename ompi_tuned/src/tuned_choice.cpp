// Which algorithm coll tuned runs for one call, the way Open MPI 4.1.4 decides it
// (coll_tuned_decision_dynamic.c, coll_tuned_module.c):
// - coll tuned serves intracommunicators of p ≥ 2 only (coll_tuned_comm_query); p = 1 goes
//   to coll self, intercommunicators to coll inter, nonblocking collectives to coll libnbc;
// - with coll_tuned_use_dynamic_rules, a rules file wins, then a forced algorithm
//   (coll_tuned_<coll>_algorithm ≠ 0) with its segment size and fanout, read when the
//   communicator is created; otherwise, and without dynamic rules, the fixed decision, which
//   passes no segment size (0: whole messages) and fanout 0 (build_chain makes it 1).
// - the rules file is read once, at coll tuned's component open (coll_tuned_component.c): one
//   it cannot open, or rejects, is dropped as if there were none (coll_tuned_dynamic_file.c);
//   a rule of algorithm 0, or none for the call's p and size, leaves the call to the forced
//   algorithm or the fixed decision; a rule's fan-in/out and segment size are passed as a
//   forced algorithm's chain fanout and segment size are (coll_tuned_<coll>_decision.c).
#include "collscope/ompi/rules_file.hpp"
#include "collscope/ompi/tuned.hpp"

#include <algorithm>
#include <optional>
#include <string>

namespace collscope::ompi {

namespace {

// coll_base_topo.c: MAXTREEFANOUT.
constexpr int max_tree_fanout = 32;

std::uint32_t chain_fanout(int given, int p) {
  const int fanout = std::clamp(given, 1, max_tree_fanout); // build_chain: <1 → 1, >32 → 32
  return static_cast<std::uint32_t>(std::min(fanout, std::max(p - 1, 1)));
}

} // namespace

std::string_view to_string(Unknown why) {
  switch (why) {
  case Unknown::none:
    return "";
  case Unknown::not_open_mpi_41:
    return "not Open MPI 4.1";
  case Unknown::not_tuned:
    return "coll tuned does not serve this communicator";
  case Unknown::rules_file:
    return "coll tuned reads a dynamic rules file";
  case Unknown::single_process:
    return "p = 1: coll self";
  case Unknown::intercommunicator:
    return "intercommunicator: coll inter";
  case Unknown::nonblocking:
    return "nonblocking: coll libnbc";
  case Unknown::not_decided:
    return "coll tuned leaves it to coll basic";
  }
  return "";
}

std::string_view to_string(Source source) {
  switch (source) {
  case Source::none:
    return "";
  case Source::forced:
    return "forced";
  case Source::fixed:
    return "fixed decision";
  case Source::unknown:
    return "unknown";
  case Source::rules:
    return "rules file";
  }
  return "";
}

namespace {

constexpr Handover handover_table[] = {
    {Coll::allgather, 3, 2, "recursive_doubling switches to bruck: p is not a power of two"},
    {Coll::allgather, 5, 4, "neighbor switches to ring: p is odd"},
    {Coll::allgatherv, 4, 3, "neighbor switches to ring: p is odd"},
    {Coll::allreduce, 4, 3, "ring switches to recursive_doubling: fewer elements than processes"},
    {Coll::allreduce, 5, 4, "segmented_ring switches to ring: fewer elements than p segments"},
    {Coll::allreduce, 5, 3,
     "segmented_ring switches to ring, and ring to recursive_doubling: fewer elements than "
     "processes"},
    {Coll::allreduce, 6, 1,
     "rabenseifner switches to basic_linear: fewer elements than 2^⌊log₂p⌋ or an op that does "
     "not commute"},
    {Coll::reduce, 7, 1,
     "rabenseifner switches to linear: fewer elements than 2^⌊log₂p⌋ or an op that does not "
     "commute"},
    {Coll::bcast, 8, 1,
     "scatter_allgather switches to basic_linear: fewer elements than processes"},
    {Coll::bcast, 9, 1,
     "scatter_allgather_ring switches to basic_linear: fewer elements than processes"}};

/// The algorithm coll base really runs for `chosen` (Handover), or 0.
int handed_to(Coll coll, int chosen, int p, std::uint64_t bytes, bool commutative,
              std::uint64_t count, std::uint32_t segment) {
  const auto n = static_cast<std::uint64_t>(p);
  std::uint64_t pof2 = 1;
  while (pof2 * 2 <= n) pof2 *= 2;
  switch (coll) {
  case Coll::allgather:
    if (chosen == 3 && pof2 != n) return 2;
    if (chosen == 5 && p % 2 == 1) return 4;
    return 0;
  case Coll::allgatherv:
    return chosen == 4 && p % 2 == 1 ? 3 : 0;
  case Coll::allreduce: {
    if (count == 0) return 0;
    if (chosen == 6 && (count < pof2 || !commutative)) return 1;
    if (chosen == 5) { // COLL_BASE_COMPUTED_SEGCOUNT: segments of whole elements, at least one
      const std::uint64_t type = bytes / count;
      const std::uint64_t per_segment =
          type > 0 && segment >= type && segment < bytes ? segment / type : count;
      if (count >= n * per_segment) return 0;
      return count < n ? 3 : 4;
    }
    return chosen == 4 && count < n ? 3 : 0;
  }
  case Coll::reduce:
    return chosen == 7 && count > 0 && (count < pof2 || !commutative) ? 1 : 0;
  case Coll::bcast:
    return (chosen == 8 || chosen == 9) && count > 0 && count < n ? 1 : 0;
  default:
    return 0;
  }
}

} // namespace

std::span<const Handover> handovers() {
  return handover_table;
}

namespace {

/// What a rules file in force says of one call: the rule that decides it (algorithm ≠ 0), or
/// why it decides nothing (`why`, a phrase after "fixed decision; "), or that collscope cannot
/// tell what Open MPI does (`unknown`, the whole source text).
struct RuleVerdict {
  std::optional<MsgRule> rule;
  std::string why;
  std::string unknown;
};

RuleVerdict rule_verdict(const RulesInForce& r, Coll coll, int p, std::uint64_t bytes) {
  const std::string file = "rules file " + r.path;
  if (!r.usable)
    return r.failure == Failure::ignored
               ? RuleVerdict{{},
                             file + " " +
                                 (r.problem == "cannot be read" ? r.problem
                                                                : "ignored (" + r.problem + ")") +
                                 ": Open MPI runs without it",
                             ""}
               : RuleVerdict{{}, "", "unknown: " + file + ", " + r.problem};
  const std::string name(to_string(coll));
  const auto rule = lookup(r.rules, colltype_of(coll), p, dynamic_bytes(coll, p, bytes));
  if (!rule || rule->line == 0)
    return {{}, file + " has no rule for " + name + " at p = " + std::to_string(p), ""};
  const std::string at = file + ", line " + std::to_string(rule->line);
  if (rule->algorithm == 0) return {{}, at + ": algorithm 0", ""};
  if (name_of(coll, rule->algorithm).empty())
    return {{},
            "",
            "unknown: " + at + ": " + name + " has no algorithm " +
                std::to_string(rule->algorithm) + " (Open MPI fails the call with MPI_ERR_ARG)"};
  return {rule, "", ""};
}

} // namespace

Choice choose(Coll coll, int p, std::uint64_t bytes, bool commutative, const Settings& settings,
              std::uint64_t count) {
  Choice c;
  c.coll = coll;
  const auto unknown = [&c](Unknown why) {
    c.source = Source::unknown;
    c.why = why;
    return c;
  };
  if (settings.library != Unknown::none) return unknown(settings.library);
  if (p < 2) return unknown(Unknown::single_process);
  const Forced& forced = settings.forced[static_cast<std::size_t>(coll) - 1];
  RuleVerdict verdict;
  if (settings.dynamic_rules && settings.rules) {
    verdict = rule_verdict(*settings.rules, coll, p, bytes);
    if (!verdict.unknown.empty()) {
      c.note = verdict.unknown;
      return unknown(Unknown::rules_file);
    }
  }
  if (verdict.rule) {
    c.source = Source::rules;
    c.algorithm = verdict.rule->algorithm;
  } else if (settings.dynamic_rules && forced.algorithm != 0) {
    if (name_of(coll, forced.algorithm).empty()) return unknown(Unknown::not_tuned);
    c.source = Source::forced;
    c.algorithm = forced.algorithm;
  } else {
    c.source = Source::fixed;
    c.algorithm = fixed_decision(coll, p, bytes, commutative);
  }
  // The fixed decision passes neither a segment size nor a fanout; a forced algorithm its MCA
  // parameters; a rule its own fan-in/out and segment size.
  const bool given = c.source != Source::fixed;
  const int segsize = verdict.rule ? verdict.rule->segsize : forced.segsize;
  const int fanout = verdict.rule ? verdict.rule->faninout : forced.chain_fanout;
  switch (params_of(coll, c.algorithm)) {
  case Param::none:
    break;
  case Param::segment_and_chain_fanout:
    c.fanout = chain_fanout(given ? fanout : 0, p);
    [[fallthrough]];
  case Param::segment:
    c.segment = given ? static_cast<std::uint32_t>(std::max(segsize, 0)) : 0;
    break;
  case Param::segment_and_radix:
    c.segment = given ? static_cast<std::uint32_t>(std::max(segsize, 0)) : 0;
    c.fanout = static_cast<std::uint32_t>(std::max(settings.knomial_radix, 2));
    break;
  }
  c.runs = handed_to(coll, c.algorithm, p, bytes, commutative, count, c.segment);
  const std::string handover(switch_note(c));
  if (verdict.rule)
    c.note = "rules file " + settings.rules->path + ", line " + std::to_string(verdict.rule->line) +
             (handover.empty() ? "" : "; " + handover);
  else if (!verdict.why.empty())
    c.note = std::string(to_string(c.source)) + (handover.empty() ? "" : "; " + handover) + "; " +
             verdict.why;
  return c;
}

std::string_view switch_note(const Choice& choice) {
  if (choice.runs == 0) return "";
  for (const Handover& h : handover_table)
    if (h.coll == choice.coll && h.from == choice.algorithm && h.to == choice.runs) return h.note;
  return "";
}

std::string describe(const Choice& choice) {
  if (choice.source != Source::forced && choice.source != Source::fixed &&
      choice.source != Source::rules)
    return "";
  if (choice.runs != 0)
    return std::string(name_of(choice.coll, choice.runs)) + " (" +
           std::string(switch_note(choice)) + ")";
  std::string text(name_of(choice.coll, choice.algorithm));
  std::string params;
  const Param kind = params_of(choice.coll, choice.algorithm);
  if (kind == Param::segment_and_chain_fanout) params = "fanout " + std::to_string(choice.fanout);
  if (kind == Param::segment_and_radix) params = "radix " + std::to_string(choice.fanout);
  if (kind != Param::none && choice.segment != 0)
    params +=
        (params.empty() ? "" : ", ") + ("segments of " + std::to_string(choice.segment) + " bytes");
  return params.empty() ? text : text + " (" + params + ")";
}

std::uint32_t pack(const Choice& choice) {
  if (choice.source == Source::none) return 0;
  return static_cast<std::uint32_t>(choice.algorithm & 0xff) |
         static_cast<std::uint32_t>(choice.source) << 8 |
         static_cast<std::uint32_t>(choice.why) << 12 |
         static_cast<std::uint32_t>(choice.coll) << 16 |
         static_cast<std::uint32_t>(choice.runs & 0xff) << 24;
}

Choice unpack(std::uint32_t word, std::uint32_t segment, std::uint32_t fanout) {
  Choice c;
  const auto source = (word >> 8) & 0xf, why = (word >> 12) & 0xf, coll = (word >> 16) & 0xff;
  if (word == 0 || source > 4 || why >= unknown_count || coll < 1 || coll > coll_count) return c;
  c.source = static_cast<Source>(source);
  c.why = static_cast<Unknown>(why);
  c.coll = static_cast<Coll>(coll);
  c.algorithm = static_cast<int>(word & 0xff);
  c.runs = static_cast<int>(word >> 24);
  c.segment = segment;
  c.fanout = fanout;
  return c;
}

} // namespace collscope::ompi
