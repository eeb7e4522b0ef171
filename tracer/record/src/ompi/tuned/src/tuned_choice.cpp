// Which algorithm coll tuned runs for one call, the way Open MPI 4.1.4 decides it
// (coll_tuned_decision_dynamic.c, coll_tuned_module.c):
// - coll tuned serves intracommunicators of p ≥ 2 only (coll_tuned_comm_query); p = 1 goes
//   to coll self, intercommunicators to coll inter, nonblocking collectives to coll libnbc;
// - with coll_tuned_use_dynamic_rules, a rules file wins, then a forced algorithm
//   (coll_tuned_<coll>_algorithm ≠ 0) with its segment size and fanout, read when the
//   communicator is created; otherwise, and without dynamic rules, the fixed decision, which
//   passes no segment size (0: whole messages) and fanout 0 (build_chain makes it 1).
#include "collscope/ompi/tuned.hpp"

#include <algorithm>

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
  }
  return "";
}

Choice choose(Coll coll, int p, std::uint64_t bytes, bool commutative, const Settings& settings) {
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
  if (settings.dynamic_rules && forced.algorithm != 0) {
    if (name_of(coll, forced.algorithm).empty()) return unknown(Unknown::not_tuned);
    c.source = Source::forced;
    c.algorithm = forced.algorithm;
  } else {
    c.source = Source::fixed;
    c.algorithm = fixed_decision(coll, p, bytes, commutative);
  }
  const bool power_of_two = (p & (p - 1)) == 0;
  if (coll == Coll::allgather && c.algorithm == 3 && !power_of_two) c.runs = 2; // → bruck
  if (coll == Coll::allgather && c.algorithm == 5 && p % 2 == 1) c.runs = 4;    // → ring
  if (coll == Coll::allgatherv && c.algorithm == 4 && p % 2 == 1) c.runs = 3;   // → ring
  const bool is_forced = c.source == Source::forced;
  switch (params_of(coll, c.algorithm)) {
  case Param::none:
    break;
  case Param::segment_and_chain_fanout:
    c.fanout = chain_fanout(is_forced ? forced.chain_fanout : 0, p);
    [[fallthrough]];
  case Param::segment:
    c.segment = is_forced ? static_cast<std::uint32_t>(std::max(forced.segsize, 0)) : 0;
    break;
  case Param::segment_and_radix:
    c.segment = is_forced ? static_cast<std::uint32_t>(std::max(forced.segsize, 0)) : 0;
    c.fanout = static_cast<std::uint32_t>(std::max(settings.knomial_radix, 2));
    break;
  }
  return c;
}

std::string_view switch_note(const Choice& choice) {
  if (choice.runs == 0) return "";
  if (choice.coll == Coll::allgather && choice.algorithm == 3)
    return "recursive_doubling switches to bruck: p is not a power of two";
  if (choice.coll == Coll::allgather) return "neighbor switches to ring: p is odd";
  return "neighbor switches to ring: p is odd"; // allgatherv
}

std::string describe(const Choice& choice) {
  if (choice.source != Source::forced && choice.source != Source::fixed) return "";
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
  if (word == 0 || source > 3 || why >= unknown_count || coll < 1 || coll > coll_count) return c;
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
