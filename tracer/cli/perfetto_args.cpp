#include "perfetto_args.hpp"

#include "collscope/model/call_summary.hpp"
#include "collscope/model/steps.hpp"

#include <string>

namespace collscope::trace_cli {

using nlohmann::ordered_json;

std::string comm_name(const model::Trace& trace, std::uint32_t comm) {
  return model::communicator_name(trace, comm);
}

namespace {

bool is_send(model::OpKind k) {
  return k == model::OpKind::send || k == model::OpKind::isend;
}
bool is_receive(model::OpKind k) {
  return k == model::OpKind::recv || k == model::OpKind::irecv_complete;
}

// One message end of the call: peer, bytes, tag, communicator and its rounds (from 0).
ordered_json message_args(const model::Trace& trace, const model::Rank& rank,
                          const model::Operation& op, const model::InferredRounds& inferred,
                          const model::AnnotatedRounds& annotated) {
  ordered_json out = {{"direction", is_send(op.kind) ? "send" : "receive"},
                      {"peer", op.peer},
                      {"bytes", op.bytes},
                      {"tag", op.tag},
                      {"communicator", comm_name(trace, op.comm)}};
  if (model::is_self_message(rank, op)) out["to_oneself"] = true; // a copy: no round
  if (op.message == model::no_index) {
    out["matched"] = false;
    return out;
  }
  const auto k = static_cast<std::size_t>(op.message);
  if (inferred.message_round[k] != model::no_index)
    out["round_inferred"] = inferred.message_round[k];
  if (annotated.message_round[k] != model::no_index)
    out["round_annotated"] = annotated.message_round[k];
  return out;
}

ordered_json collective_args(const model::Trace& trace, const model::Collective& c) {
  ordered_json out = {{"collective", c.op}, {"communicator", comm_name(trace, c.comm)}};
  const auto it = trace.comms.find(c.comm);
  if (it != trace.comms.end()) out["communicator_size"] = it->second.members.size();
  if (c.root != model::no_index) out["root"] = c.root; // world rank
  if (!c.reduction.empty()) out["op"] = c.reduction;
  out["bytes_sent"] = c.bytes_sent;
  out["bytes_received"] = c.bytes_received;
  return out;
}

} // namespace

std::vector<ordered_json> slice_args(const model::Trace& trace, const model::Rank& rank,
                                     const model::InferredRounds& inferred,
                                     const model::AnnotatedRounds& annotated) {
  std::vector<ordered_json> args(rank.regions.size(), ordered_json::object());
  // The k-th MPI call region of a rank is its k-th enter operation (the loader makes both at
  // the same Enter; call_trace keeps them together).
  std::vector<int> region_of_enter(rank.operations.size(), model::no_index);
  std::size_t next = 0;
  for (std::size_t op = 0; op < rank.operations.size(); ++op) {
    if (rank.operations[op].kind != model::OpKind::enter) continue;
    while (next < rank.regions.size() && rank.regions[next].kind != model::RegionKind::mpi_call)
      ++next;
    if (next == rank.regions.size()) break;
    region_of_enter[op] = static_cast<int>(next++);
  }
  std::vector<ordered_json> messages(rank.regions.size(), ordered_json::array());
  for (const model::Operation& op : rank.operations) {
    if (op.call == model::no_index) continue;
    const int region = region_of_enter[static_cast<std::size_t>(op.call)];
    if (region == model::no_index) continue;
    if (is_send(op.kind) || is_receive(op.kind))
      messages[region].push_back(message_args(trace, rank, op, inferred, annotated));
    else if (op.kind == model::OpKind::collective_begin && op.collective != model::no_index)
      args[region].update(collective_args(trace, rank.collectives[op.collective]));
  }
  for (std::size_t r = 0; r < rank.regions.size(); ++r) {
    const model::Region& region = rank.regions[r];
    for (const auto& [key, value] : region.meta) args[r][key] = value;
    if (region.round != model::no_index) args[r]["round"] = region.round;
    if (messages[r].size() == 1) {
      // One message: its fields are the slice's own (what Perfetto shows first).
      args[r].update(messages[r][0]);
    } else if (!messages[r].empty()) {
      std::uint64_t bytes = 0;
      for (const ordered_json& m : messages[r])
        if (!m.contains("to_oneself")) bytes += m["bytes"].get<std::uint64_t>();
      args[r]["bytes"] = bytes; // between ranks, sent and received
      args[r]["messages"] = std::move(messages[r]);
    }
  }
  return args;
}

} // namespace collscope::trace_cli
