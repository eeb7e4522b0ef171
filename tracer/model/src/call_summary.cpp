// One summary per call (call_summary.hpp): the rounds are inferred once on the call's own
// trace, and resemblance compares the messages with those rounds (it infers none of its own).
#include "collscope/model/call_summary.hpp"

#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/inferred_rounds.hpp"

#include <utility>

namespace collscope::model {

std::string communicator_name(const Trace& trace, std::uint32_t comm) {
  const auto it = trace.comms.find(comm);
  if (it != trace.comms.end() && !it->second.name.empty()) return it->second.name;
  return "comm " + std::to_string(comm);
}

CallSummary summarise_call(std::shared_ptr<const Trace> own, const Call& call,
                           const std::vector<Call>& all) {
  CallSummary s;
  // Bounded: a parent chain that loops (a broken trace) must not hang the listing.
  for (int up = call.parent;
       up != no_index && up >= 0 && static_cast<std::size_t>(up) < all.size() && s.depth < 64;
       up = all[static_cast<std::size_t>(up)].parent)
    ++s.depth;
  const InferredRounds inferred = inferred_rounds(*own);
  s.rounds_inferred = inferred.rounds;
  s.rounds_consistent = inferred.consistent;
  s.rounds_annotated = annotated_rounds(*own).rounds;
  // Calls over several communicators have no one name (call.comm is then world's 0, no members).
  if (call.comm != 0 || !call.members.empty()) s.communicator = communicator_name(*own, call.comm);
  s.resembles = resemble(observe(*own, call, inferred), call);
  s.call = call;
  s.own = std::move(own);
  return s;
}

CallSummary summarise_call(const Trace& whole, const Call& call, const std::vector<Call>& all) {
  return summarise_call(std::make_shared<const Trace>(call_trace(whole, call)), call, all);
}

std::vector<CallSummary> summarise_calls(const Trace& trace) {
  const std::vector<Call> calls = divide_calls(trace);
  std::vector<CallSummary> summaries;
  summaries.reserve(calls.size());
  for (const Call& call : calls) {
    summaries.push_back(summarise_call(trace, call, calls));
    summaries.back().own.reset();
  }
  return summaries;
}

} // namespace collscope::model
