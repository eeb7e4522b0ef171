#include "show.hpp"

namespace collscope::profiles {

namespace {

std::string procs_range(const CollRule& coll, std::size_t i) {
  const int from = i == 0 ? 1 : coll.comms[i].size;
  if (i + 1 == coll.comms.size()) return "p ≥ " + std::to_string(from);
  const int to = coll.comms[i + 1].size - 1;
  return from == to ? "p = " + std::to_string(from)
                    : "p = " + std::to_string(from) + "–" + std::to_string(to);
}

/// Algorithm 0 at p and m: the fixed decision's choice, in its own measure of the call.
std::string fixed_choice(int id, int p, std::uint64_t m) {
  const auto coll = coll_of_colltype(id);
  if (!coll || p < 2) return "";
  const std::uint64_t bytes = message_scale(*coll) == Scale::times_p ? m / p : m;
  const int number = ompi::fixed_decision(*coll, p, bytes, true);
  return " → " + std::string(ompi::name_of(*coll, number)) +
         (coll == ompi::Coll::reduce || coll == ompi::Coll::allreduce ? " (commutative op)" : "");
}

} // namespace

void show_rules(const RulesFile& rules, const ShowFilter& filter, std::ostream& out) {
  for (const CollRule& coll : rules.collectives) {
    if (filter.collective && *filter.collective != coll.id) continue;
    const std::string name(colltype_name(coll.id));
    if (filter.procs && filter.size) {
      const auto rule = lookup(rules, coll.id, *filter.procs, *filter.size);
      out << name << " at p = " << *filter.procs << ", " << *filter.size << " bytes: ";
      if (!rule)
        out << "no rule: coll tuned's fixed decision"
            << fixed_choice(coll.id, *filter.procs, *filter.size) << "\n";
      else
        out << describe_rule(coll.id, *rule)
            << (rule->algorithm == 0 ? fixed_choice(coll.id, *filter.procs, *filter.size) : "")
            << " (line " << rule->line << ")\n";
      continue;
    }
    out << name << " (collective id " << coll.id << ", line " << coll.line << ")\n";
    if (coll.comms.empty()) out << "  no communicator sizes: coll tuned's fixed decision\n";
    for (std::size_t i = 0; i < coll.comms.size(); ++i) {
      const CommRule& comm = coll.comms[i];
      if (filter.procs) {
        // Open MPI's choice: the last size ≤ p in file order, the first when all are larger.
        const bool chosen = (comm.size <= *filter.procs || i == 0) &&
                            (i + 1 == coll.comms.size() || coll.comms[i + 1].size > *filter.procs);
        if (!chosen) continue;
        out << "  p = " << *filter.procs << ": the rule for " << comm.size << " (line "
            << comm.line << ")\n";
      } else {
        out << "  " << procs_range(coll, i) << " (rule for " << comm.size << ", line "
            << comm.line << ")\n";
      }
      if (comm.messages.empty()) out << "    every size: 0: coll tuned's fixed decision\n";
      for (std::size_t k = 0; k < comm.messages.size(); ++k) {
        const MsgRule& r = comm.messages[k];
        const std::string upto = k + 1 < comm.messages.size()
                                     ? std::to_string(comm.messages[k + 1].size - 1)
                                     : std::string();
        out << "    " << r.size << "-" << upto << " bytes: " << describe_rule(coll.id, r)
            << "\n";
      }
    }
  }
}

} // namespace collscope::profiles
