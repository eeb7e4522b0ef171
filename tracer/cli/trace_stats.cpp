#include "trace_stats.hpp"

#include "collscope/model/annotated_rounds.hpp"
#include "collscope/model/critical_path.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/instances.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/volume.hpp"
#include "collscope/model/waiting.hpp"

namespace collscope::trace_cli {

TraceStats compute_stats(const model::Trace& trace, double alpha, double beta) {
  TraceStats s;
  s.ranks = static_cast<int>(trace.ranks.size());
  s.p = model::process_count(trace);
  s.messages = model::message_count(trace);
  s.incomplete = trace.incomplete;
  s.unmatched = trace.unmatched_sends.size() + trace.unmatched_receives.size();
  const model::Volume v = model::volume(trace);
  s.bytes_total = v.total;
  s.bytes_max_per_rank = v.max_per_rank;
  s.bytes_saturated = v.saturated;
  s.rounds_inferred = model::inferred_rounds(trace).rounds;
  s.rounds_annotated = model::annotated_rounds(trace).rounds;
  s.critical_path_s = model::critical_path(trace).length;
  s.wait_s_per_rank = model::waiting_times(trace).per_rank;
  s.alpha = alpha;
  s.beta = beta;
  s.replay_alpha_beta_s = model::replay_alpha_beta(trace, {alpha, beta}).total;
  return s;
}

} // namespace collscope::trace_cli
