#include "trace_metrics.hpp"

#include "collscope/model/calls.hpp"
#include "collscope/model/inferred_rounds.hpp"
#include "collscope/model/load_trace.hpp"
#include "collscope/model/matching.hpp"
#include "collscope/model/replay.hpp"
#include "collscope/model/steps.hpp"
#include "collscope/model/volume.hpp"
#include "diagnose.hpp"

#include <algorithm>
#include <set>

namespace collscope::grade {

namespace model = collscope::model;

bool allowed_mpi_call(const std::string& name) {
  static const std::set<std::string> allowed{
      "MPI_Send",    "MPI_Ssend",    "MPI_Bsend",       "MPI_Rsend",
      "MPI_Isend",   "MPI_Issend",   "MPI_Irsend",      "MPI_Ibsend",
      "MPI_Recv",    "MPI_Irecv",    "MPI_Sendrecv",    "MPI_Sendrecv_replace",
      "MPI_Probe",   "MPI_Iprobe",   "MPI_Mprobe",      "MPI_Improbe",
      "MPI_Mrecv",   "MPI_Imrecv",   "MPI_Wait",        "MPI_Waitall",
      "MPI_Waitany", "MPI_Waitsome", "MPI_Test",        "MPI_Testall",
      "MPI_Testany", "MPI_Testsome", "MPI_Request_free"};
  return allowed.count(name) != 0;
}

namespace {

int outermost(const model::Rank& rank, int region) {
  while (region != model::no_index && rank.regions[region].parent != model::no_index)
    region = rank.regions[region].parent;
  return region;
}

/// The operations of case `id` on every rank, re-matched without the messages a rank sends to
/// itself (model::is_self_message: no round there either, nor bytes here).
model::Trace sub_trace(const model::Trace& trace, const std::map<int, int>& region_of_rank) {
  model::Trace sub;
  sub.functions = trace.functions;
  sub.comms = trace.comms;
  sub.ranks.resize(trace.ranks.size());
  for (std::size_t r = 0; r < trace.ranks.size(); ++r) {
    const model::Rank& rank = trace.ranks[r];
    model::Rank& out = sub.ranks[r];
    out.id = rank.id;
    out.name = rank.name;
    const auto it = region_of_rank.find(static_cast<int>(r));
    if (it == region_of_rank.end()) continue;
    std::vector<int> map(rank.operations.size(), model::no_index);
    for (std::size_t i = 0; i < rank.operations.size(); ++i) {
      const model::Operation& op = rank.operations[i];
      if (outermost(rank, op.region) != it->second) continue;
      if (model::is_self_message(rank, op)) continue;
      map[i] = static_cast<int>(out.operations.size());
      model::Operation copy = op;
      copy.message = copy.region = model::no_index;
      if (op.kind == model::OpKind::collective_begin || op.kind == model::OpKind::collective_end) {
        copy.collective = static_cast<int>(out.collectives.size());
        if (op.kind == model::OpKind::collective_end)
          out.collectives.push_back(rank.collectives[op.collective]);
      }
      out.operations.push_back(copy);
    }
    for (model::Operation& op : out.operations) {
      op.call = op.call == model::no_index ? model::no_index : map[op.call];
      op.partner = op.partner == model::no_index ? model::no_index : map[op.partner];
    }
  }
  model::match_messages(sub);
  return sub;
}

int self_messages(const model::Trace& trace, const std::map<int, int>& region_of_rank) {
  int n = 0;
  for (const auto& [r, region] : region_of_rank) {
    const model::Rank& rank = trace.ranks[r];
    for (const model::Operation& op : rank.operations)
      if ((op.kind == model::OpKind::send || op.kind == model::OpKind::isend) &&
          model::is_self_message(rank, op) && outermost(rank, op.region) == region)
        ++n;
  }
  return n;
}

Metrics measure(const model::Trace& trace, const std::map<int, int>& region_of_rank,
                model::AlphaBeta cost) {
  const model::Trace sub = sub_trace(trace, region_of_rank);
  Metrics m;
  const model::InferredRounds rounds = model::inferred_rounds(sub);
  m.rounds = rounds.rounds;
  m.shape = trace_shape(sub, rounds, static_cast<int>(region_of_rank.size()));
  m.model_time = model::replay_alpha_beta(sub, cost).total;
  const model::Volume v = model::volume(sub);
  m.bytes_max_per_rank = v.max_per_rank;
  m.bytes_sent_max = v.max_sent;
  m.bytes_recv_max = v.max_received;
  m.messages = static_cast<int>(sub.messages.size());
  for (const model::Message& message : sub.messages)
    m.msg_bytes_max = std::max(m.msg_bytes_max, message.bytes);
  m.self_messages = self_messages(trace, region_of_rank);
  m.unmatched = static_cast<int>(sub.unmatched_sends.size() + sub.unmatched_receives.size());
  for (const model::Rank& rank : sub.ranks) {
    int received = 0, sent = 0;
    std::map<std::string, int> forbidden;
    for (const model::Operation& op : rank.operations) {
      using K = model::OpKind;
      received += op.kind == K::recv || op.kind == K::irecv_complete;
      sent += op.kind == K::send || op.kind == K::isend;
      if (op.kind == K::enter && op.function != model::no_index &&
          !allowed_mpi_call(sub.functions[op.function]))
        ++forbidden[sub.functions[op.function]];
    }
    m.msgs_recv_max = std::max(m.msgs_recv_max, received);
    m.msgs_sent_max = std::max(m.msgs_sent_max, sent);
    for (const auto& [name, n] : forbidden)
      m.collectives.push_back(name + (n > 1 ? " ×" + std::to_string(n) : "") + " on rank " +
                              std::to_string(rank.id));
  }
  return m;
}

} // namespace

std::map<int, Metrics> trace_metrics(const std::filesystem::path& path, double alpha, double beta) {
  const model::Trace trace = model::load_trace(path);
  std::map<int, std::map<int, int>> regions; // case → rank → its outermost region
  for (const model::Rank& rank : trace.ranks)
    for (std::size_t i = 0; i < rank.regions.size(); ++i) {
      const model::Region& region = rank.regions[i];
      if (region.kind != model::RegionKind::algorithm || region.depth != 0) continue;
      const auto id = region.meta.find("case");
      if (id != region.meta.end())
        regions[std::atoi(id->second.c_str())][rank.id] = static_cast<int>(i);
    }
  std::map<int, Metrics> out;
  for (const auto& [id, region_of_rank] : regions)
    out[id] = measure(trace, region_of_rank, {alpha, beta});
  for (const model::Call& call : model::divide_calls(trace)) {
    if (call.kind != model::CallKind::grader_case) continue;
    const auto id = call.meta.find("case");
    if (id == call.meta.end()) continue;
    if (const auto m = out.find(std::atoi(id->second.c_str()));
        m != out.end() && m->second.call < 0)
      m->second.call = call.index;
  }
  return out;
}

int case_call(const std::filesystem::path& trace, int id) {
  try {
    const std::map<int, Metrics> metrics = trace_metrics(trace);
    const auto m = metrics.find(id);
    return m != metrics.end() ? m->second.call : -1;
  } catch (const model::TraceError&) {
    return -1;
  }
}

} // namespace collscope::grade
