#include "document/collectiverounds.h"

#include <algorithm>
#include <set>

namespace collscope::app {

int RoundGroup::columnOf(int label) const {
  const auto it = std::lower_bound(labels.begin(), labels.end(), label);
  return it != labels.end() && *it == label ? static_cast<int>(it - labels.begin()) : -1;
}

int instanceOfMessage(const model::Trace& trace, const model::Message& message) {
  if (message.send_op < 0) return model::no_index;
  const model::Rank& rank = trace.ranks[static_cast<std::size_t>(message.sender)];
  const int region = rank.operations[static_cast<std::size_t>(message.send_op)].region;
  if (region < 0) return model::no_index;
  return rank.regions[static_cast<std::size_t>(region)].instance;
}

CollectiveRounds collectiveRounds(const model::Trace& trace, const model::InferredRounds& inferred,
                                  const model::AnnotatedRounds& annotated) {
  CollectiveRounds out;
  const std::size_t n = trace.messages.size();
  out.groups.resize(trace.algorithms.size() + 1);
  for (std::size_t g = 0; g + 1 < out.groups.size(); ++g)
    out.groups[g].instance = static_cast<int>(g);
  out.group.resize(n);
  for (std::size_t m = 0; m < n; ++m) {
    const int g = out.groupOf(instanceOfMessage(trace, trace.messages[m]));
    out.group[m] = g;
    out.groups[static_cast<std::size_t>(g)].messages.push_back(static_cast<int>(m));
  }
  const auto annotatedOf = [&](int m) {
    return static_cast<std::size_t>(m) < annotated.message_round.size()
               ? annotated.message_round[static_cast<std::size_t>(m)]
               : model::no_index;
  };
  const auto inferredOf = [&](int m) {
    return static_cast<std::size_t>(m) < inferred.message_round.size()
               ? inferred.message_round[static_cast<std::size_t>(m)]
               : model::no_index;
  };
  std::vector<int> value(n, -1);
  for (RoundGroup& g : out.groups) {
    g.annotated = std::any_of(g.messages.begin(), g.messages.end(),
                              [&](int m) { return annotatedOf(m) >= 0; });
    std::set<int> distinct;
    for (const int m : g.messages) {
      // A send of an annotated run outside its `round k` regions (a setup message) is counted
      // with round 0, so that every message of the run has a round.
      const int v = g.annotated ? std::max(0, annotatedOf(m)) : inferredOf(m);
      value[static_cast<std::size_t>(m)] = v;
      if (v >= 0) distinct.insert(v);
    }
    g.labels.assign(distinct.begin(), distinct.end());
  }
  out.column.assign(n, -1);
  for (std::size_t m = 0; m < n; ++m)
    if (value[m] >= 0)
      out.column[m] = out.groups[static_cast<std::size_t>(out.group[m])].columnOf(value[m]);
  return out;
}

} // namespace collscope::app
