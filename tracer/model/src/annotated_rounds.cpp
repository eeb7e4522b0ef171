#include "collscope/model/annotated_rounds.hpp"

#include <algorithm>
#include <set>

namespace collscope::model {

namespace {

int enclosing_round(const Rank& rank, int region) {
  for (; region != no_index; region = rank.regions[region].parent)
    if (rank.regions[region].kind == RegionKind::round) return rank.regions[region].round;
  return no_index;
}

} // namespace

AnnotatedRounds annotated_rounds(const Trace& trace) {
  std::vector<std::set<int>> per_instance(trace.algorithms.size());
  std::set<int> outside;
  for (const Rank& rank : trace.ranks) {
    for (const Region& region : rank.regions) {
      if (region.kind != RegionKind::round) continue;
      const bool known =
          region.instance >= 0 && region.instance < static_cast<int>(per_instance.size());
      (known ? per_instance[region.instance] : outside).insert(region.round);
    }
  }
  AnnotatedRounds out;
  out.outside_instances = static_cast<int>(outside.size());
  out.rounds = out.outside_instances;
  for (const std::set<int>& rounds : per_instance) {
    out.per_instance.push_back(static_cast<int>(rounds.size()));
    out.rounds = std::max(out.rounds, out.per_instance.back());
  }
  out.message_round.reserve(trace.messages.size());
  for (const Message& m : trace.messages) {
    const Rank& sender = trace.ranks[m.sender];
    out.message_round.push_back(enclosing_round(sender, sender.operations[m.send_op].region));
  }
  return out;
}

} // namespace collscope::model
