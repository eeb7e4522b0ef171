// Which round of its collective each message is in, as every view, label, export and `--round K`
// of the app numbers it (from 0, tracer/model/README.md "Round numbering"). Decided here once:
//
//   The messages sent inside algorithm instance i (Trace::algorithms) form group i; all other
//   messages form the last group (the whole trace when it has no instances). A group whose
//   sends carry `round k` annotations uses them (round k; a send outside its round regions
//   counts with round 0); any other group uses the rounds inferred from the message order. A
//   group's rounds are its distinct round numbers in increasing order ("columns" 0 … N − 1); a
//   label is the round number itself.
#pragma once

#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::app {

struct RoundGroup {
  int instance = -1;         ///< index into Trace::algorithms, −1 for the messages of no instance
  bool annotated = false;    ///< rounds as annotated (else as inferred)
  std::vector<int> labels;   ///< per column: its round number
  std::vector<int> messages; ///< its messages (Trace::messages indices), in trace order
  int columnOf(int label) const; ///< −1 if the group has no round `label`
};

struct CollectiveRounds {
  std::vector<RoundGroup> groups; ///< one per algorithm instance, then the rest
  std::vector<int> group;         ///< per message: its group
  std::vector<int> column;        ///< per message: its column in the group, −1 for none
  int groupOf(int instance) const {
    return instance >= 0 && instance + 1 < static_cast<int>(groups.size())
               ? instance
               : static_cast<int>(groups.size()) - 1;
  }
};

/// The algorithm instance a message's send belongs to, or model::no_index.
int instanceOfMessage(const model::Trace& trace, const model::Message& message);

CollectiveRounds collectiveRounds(const model::Trace& trace, const model::InferredRounds& inferred,
                                  const model::AnnotatedRounds& annotated);

} // namespace collscope::app
