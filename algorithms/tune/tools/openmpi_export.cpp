#include "openmpi_export.hpp"

#include "collscope/algorithms/radix.hpp"
#include "collscope/ompi/knobs.hpp"
#include "collscope/ompi/twins.hpp"

#include <algorithm>
#include <limits>
#include <set>

namespace collscope::profiles {

namespace {

using ompi::Coll;
using ompi::InRules;

/// Asks for an MCA parameter the rules file cannot carry; false (and a note) when another
/// decision already asked for a different value.
bool want_mca(const ompi::KnobInfo& knob, int value, const Decision& d,
              std::map<std::string, int>& mca, std::vector<std::string>& notes) {
  const auto [at, fresh] = mca.emplace(knob.mca, value);
  if (fresh || at->second == value) return true;
  notes.push_back(describe(d) + ": " + std::string(knob.what) + " " + std::to_string(value) +
                  " cannot be had: Open MPI 4.1 takes it from " + knob.mca +
                  ", one value per run, and " + std::to_string(at->second) +
                  " is already asked (the rules file still says " + std::to_string(value) + ")");
  return false;
}

/// Knob values a 4.1 rules file cannot carry, as `mca` entries or notes (knobs.hpp).
void outside_the_file(Coll coll, int number, const Decision& d, int fanout,
                      std::map<std::string, int>& mca, std::vector<std::string>& notes) {
  for (const ompi::KnobInfo& k : ompi::knobs(coll, number)) {
    const int value = k.knob == ompi::Knob::max_requests ? d.max_requests : fanout;
    if (k.in_rules == InRules::column || k.knob == ompi::Knob::segsize || value == 0) continue;
    if (k.in_rules == InRules::lost) {
      notes.push_back(describe(d) + ": " + std::string(k.key) + "=" + std::to_string(value) +
                      " dropped: under a rules file Open MPI 4.1 passes 0 (no limit); only "
                      "forcing sets " +
                      k.mca + " (collscope-run --max-requests)");
      continue;
    }
    if (!want_mca(k, value, d, mca, notes)) continue;
    notes.push_back(describe(d) + ": Open MPI 4.1 takes " +
                    std::string(ompi::name_of(coll, number)) + "'s " + std::string(k.what) +
                    " from " + k.mca + ", not from the rules file: run with --mca " + k.mca + " " +
                    std::to_string(value) +
                    (value == ompi::knob_default(k.knob) ? " (its default)" : ""));
  }
}

/// Where a twin's messages stop being the same (traced under Open MPI 4.1.4).
std::string_view caveat(Coll coll, std::string_view collscope) {
  if (coll == Coll::bcast && collscope == "scatter-ring")
    return "; below p elements Open MPI runs basic_linear instead";
  return "";
}

/// Why a collscope algorithm with a namesake in Open MPI is still not exported as it.
std::string_view no_twin(Coll coll, std::string_view collscope) {
  if (coll == Coll::bcast && collscope == "scatter-allgather")
    return "Open MPI's scatter_allgather (8) is no twin: it sends the same messages only at p a "
           "power of two from root 0 (traced: p = 5 sends 17 messages to scatter-allgather's 14, "
           "p = 8 from root 3 other partners)";
  return "";
}

/// One decision as Open MPI's rule, or nullopt (and a note) when Open MPI cannot run it.
std::optional<MsgRule> resolve(Coll coll, const Decision& d, std::vector<std::string>& notes,
                               std::map<std::string, int>& mca) {
  MsgRule rule;
  if (d.algorithm == "native") return rule;
  if (d.algorithm.starts_with("ompi:")) {
    rule.algorithm = *ompi::number_of(coll, std::string_view(d.algorithm).substr(5));
    rule.segsize = d.segsize;
    rule.faninout = d.fanout; // knomial's radix too: the column says what the author meant
    outside_the_file(coll, rule.algorithm, d, d.fanout, mca, notes);
    return rule;
  }
  if (const auto twin = ompi::ompi_twin(coll, d.algorithm)) {
    rule.algorithm = *twin;
    const std::string name(ompi::name_of(coll, *twin));
    const bool radix = ompi::params_of(coll, *twin) == ompi::Param::segment_and_radix;
    if (radix) {
      rule.faninout = d.radix > 0 ? d.radix : default_radix;
      notes.push_back(describe(d) + ": exported as Open MPI's " + name + " (radix " +
                      std::to_string(rule.faninout) + ")");
      outside_the_file(coll, *twin, d, rule.faninout, mca, notes);
    } else if (d.algorithm != name) {
      notes.push_back(describe(d) + ": exported as Open MPI's " + name + " (the same messages" +
                      std::string(caveat(coll, d.algorithm)) + ")");
    }
    if (d.knobs)
      notes.push_back(describe(d) + ": its blocks/piece/threshold dropped (Open MPI's " + name +
                      " takes none)");
    return rule;
  }
  const std::string_view why = no_twin(coll, d.algorithm);
  notes.push_back(
      describe(d) + ": left out, " +
      (why.empty() ? std::string("not one of Open MPI's algorithms") : std::string(why)) +
      "; those sizes get coll tuned's fixed decision");
  return std::nullopt;
}

bool same(const MsgRule& a, const MsgRule& b) {
  return a.algorithm == b.algorithm && a.faninout == b.faninout && a.segsize == b.segsize;
}

/// The message rules at `procs` (0: the process-independent decisions alone), in Open MPI's
/// bytes; empty when the sizes cannot be converted without a process count.
std::vector<MsgRule> rules_at(Coll coll, const Decisions& all, int procs,
                              std::vector<std::string>& notes, std::set<std::string>& noted,
                              std::map<std::string, int>& mca) {
  std::vector<std::pair<const Decision*, std::optional<MsgRule>>> on;
  std::set<std::int64_t> starts{0};
  for (const Decision& d : all)
    if (d.procs == 0 || d.procs == procs) {
      std::vector<std::string> mine;
      on.emplace_back(&d, resolve(coll, d, mine, mca));
      for (const auto& n : mine)
        if (noted.insert(n).second) notes.push_back(n);
      starts.insert(d.low);
      if (d.high != no_limit) starts.insert(d.high + 1);
    }
  const Scale scale = message_scale(coll);
  std::vector<MsgRule> steps;
  for (const std::int64_t s : starts) {
    if (scale == Scale::none && s > 0) break; // Open MPI looks up size 0 only
    MsgRule rule;
    for (const auto& [d, r] : on)
      if (d->low <= s && s <= d->high) {
        if (r) rule = *r;
        break;
      }
    std::uint64_t size = static_cast<std::uint64_t>(s);
    if (s > 0 && scale != Scale::same && procs == 0) {
      const std::string n = std::string(ompi::to_string(coll)) +
                            ": size ranges left out: collscope measures one block, Open MPI "
                            "all of them (give --procs P)";
      if (noted.insert(n).second) notes.push_back(n);
      return {};
    }
    if (scale == Scale::times_p) {
      if (size > std::numeric_limits<std::uint64_t>::max() / static_cast<std::uint64_t>(procs))
        break; // no call reaches it
      size *= static_cast<std::uint64_t>(procs);
    }
    if (scale == Scale::per_rank) {
      size = (size + static_cast<std::uint64_t>(procs) - 1) / static_cast<std::uint64_t>(procs);
      const std::string n = std::string(ompi::to_string(coll)) + ": " + std::to_string(s) +
                            " bytes in all becomes " + std::to_string(size) +
                            " bytes per rank (Open MPI's measure), rounded up";
      if (s % procs != 0 && noted.insert(n).second) notes.push_back(n);
    }
    rule.size = size;
    if (steps.empty() || !same(steps.back(), rule)) steps.push_back(rule);
  }
  return steps;
}

bool fixed_only(const std::vector<MsgRule>& rules) {
  return std::all_of(rules.begin(), rules.end(), [](const MsgRule& r) { return r.algorithm == 0; });
}

} // namespace

OpenMpiExport export_openmpi(const Decisions& decisions, int procs) {
  OpenMpiExport out;
  std::set<std::string> noted;
  for (int id = 0; id < colltype_count; ++id) {
    const auto coll = coll_of_colltype(id);
    if (!coll) continue;
    Decisions mine;
    std::set<int> counts;
    for (const Decision& d : decisions) {
      if (to_string(d.collective) != ompi::to_string(*coll)) continue;
      if (procs > 0 && d.procs > 0 && d.procs != procs) {
        out.notes.push_back(describe(d) + ": left out, --procs " + std::to_string(procs));
        continue;
      }
      mine.push_back(d);
      if (d.procs > 0) counts.insert(d.procs);
    }
    if (mine.empty()) continue;
    if (procs > 0) counts = {procs};
    CollRule rule;
    rule.id = id;
    const std::vector<MsgRule> fixed{MsgRule{}};
    std::vector<MsgRule> any =
        procs > 0 ? fixed : rules_at(*coll, mine, 0, out.notes, noted, out.mca);
    if (any.empty()) any = fixed;
    const auto add = [&](int size, const std::vector<MsgRule>& messages) {
      if (!rule.comms.empty() && rule.comms.back().size == size) return;
      if (!rule.comms.empty() && rule.comms.back().messages.size() == messages.size() &&
          std::equal(messages.begin(), messages.end(), rule.comms.back().messages.begin(), same))
        return; // the previous comm size already says it
      rule.comms.push_back(CommRule{.size = size, .messages = messages, .line = 0});
    };
    if (counts.empty() || *counts.begin() > 1) add(1, any);
    for (const int p : counts) {
      auto at_p = rules_at(*coll, mine, p, out.notes, noted, out.mca);
      add(p, at_p.empty() ? fixed : at_p);
      if (!counts.contains(p + 1)) add(p + 1, any);
    }
    if (rule.comms.size() == 1 && fixed_only(rule.comms.front().messages)) continue;
    out.rules.collectives.push_back(rule);
  }
  for (const Decision& d : decisions)
    if (!ompi::parse_coll(to_string(d.collective)))
      out.notes.push_back(describe(d) + ": left out, coll tuned does not decide " +
                          std::string(to_string(d.collective)));
  return out;
}

} // namespace collscope::profiles
