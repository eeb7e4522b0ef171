// call_trace: one call's own trace (calls.hpp). The operations of the call are copied with
// their cross references redirected; everything outside is left out.
#include "collscope/model/calls.hpp"
#include "collscope/model/instances.hpp"

#include <algorithm>
#include <vector>

namespace collscope::model {

namespace {

// Which of a rank's regions go with the call: the MPI calls it makes, and its annotation
// regions: for an algorithm run or a user region, the call's own region and what it holds;
// for a phase, the regions around its operations (rounds of the user's own); for a native
// collective, none (the algorithm around it is another call).
std::vector<bool> regions_kept(const Rank& rank, const Call& call, const OpRange& range) {
  std::vector<bool> keep(rank.regions.size(), false);
  int enter_seen = 0;
  std::vector<int> enter_of_region(rank.regions.size(), no_index);
  {
    // The k-th MPI call region of a rank is its k-th enter operation.
    std::vector<int> enters;
    for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i)
      if (rank.operations[i].kind == OpKind::enter) enters.push_back(i);
    for (int r = 0; r < static_cast<int>(rank.regions.size()); ++r)
      if (rank.regions[r].kind == RegionKind::mpi_call &&
          enter_seen < static_cast<int>(enters.size()))
        enter_of_region[r] = enters[enter_seen++];
  }
  for (int r = 0; r < static_cast<int>(rank.regions.size()); ++r) {
    const int enter = enter_of_region[r];
    if (enter != no_index) keep[r] = enter >= range.first && enter < range.last;
  }
  switch (call.kind) {
  case CallKind::collective: break;
  case CallKind::phase:
    for (int i = range.first; i < range.last; ++i)
      for (int r = rank.operations[i].region; r != no_index && !keep[r];
           r = rank.regions[r].parent)
        keep[r] = rank.regions[r].kind != RegionKind::mpi_call;
    break;
  default: {
    // The call's own region on this rank and everything nested in it.
    const int own = static_cast<std::size_t>(rank.id) < call.regions.size() ? call.regions[rank.id]
                                                                          : no_index;
    std::vector<bool> inside(rank.regions.size(), false);
    for (int r = 0; r < static_cast<int>(rank.regions.size()); ++r) {
      const int parent = rank.regions[r].parent;
      inside[r] = r == own || (parent != no_index && inside[parent]);
      if (inside[r] && rank.regions[r].kind != RegionKind::mpi_call) keep[r] = true;
    }
  }
  }
  return keep;
}

} // namespace

Trace call_trace(const Trace& trace, const Call& call) {
  Trace out;
  out.path = trace.path;
  out.incomplete = trace.incomplete;
  out.clocks = trace.clocks; // how the whole trace's times were corrected
  out.native_inside = trace.native_inside;
  out.threads = trace.threads;
  out.functions = trace.functions;
  out.comms = trace.comms;
  out.strings = trace.strings;
  out.time_origin = trace.time_origin + call.begin;
  out.call = CallScope{call.index, call.name, to_string(call.kind), call.ranks};
  const double t0 = call.begin;

  // New index of each kept operation, per rank (no_index when left out).
  std::vector<std::vector<int>> op_map(trace.ranks.size());
  out.ranks.resize(trace.ranks.size());
  for (std::size_t rid = 0; rid < trace.ranks.size(); ++rid) {
    const Rank& in = trace.ranks[rid];
    Rank& rank = out.ranks[rid];
    rank.id = in.id;
    rank.name = in.name;
    rank.host = in.host;
    const OpRange range = rid < call.ops.size() ? call.ops[rid] : OpRange{};
    if (range.empty()) continue;
    op_map[rid].assign(in.operations.size(), no_index);
    for (int i = range.first; i < range.last; ++i) op_map[rid][i] = i - range.first;

    const std::vector<bool> keep = regions_kept(in, call, range);
    std::vector<int> region_map(in.regions.size(), no_index);
    for (int r = 0; r < static_cast<int>(in.regions.size()); ++r) {
      if (!keep[r]) continue;
      Region region = in.regions[r];
      int parent = region.parent;
      while (parent != no_index && region_map[parent] == no_index)
        parent = in.regions[parent].parent;
      region.parent = parent != no_index ? region_map[parent] : no_index;
      region.depth = parent != no_index ? rank.regions[region.parent].depth + 1 : 0;
      region.begin = std::max(0.0, region.begin - t0);
      region.end = std::max(region.begin, region.end - t0);
      region.instance = no_index;
      region_map[r] = static_cast<int>(rank.regions.size());
      rank.regions.push_back(std::move(region));
      out.duration = std::max(out.duration, rank.regions.back().end);
    }

    std::vector<int> coll_map(in.collectives.size(), no_index);
    for (int i = range.first; i < range.last; ++i) {
      Operation op = in.operations[i];
      op.time -= t0;
      out.duration = std::max(out.duration, op.time);
      const auto mapped = [&](int index) { return index != no_index ? op_map[rid][index] : no_index; };
      op.call = mapped(op.call);
      op.partner = mapped(op.partner);
      op.region = op.region != no_index ? region_map[op.region] : no_index;
      op.message = no_index; // set below for the messages the call holds
      if (op.collective != no_index) {
        int& c = coll_map[op.collective];
        if (c == no_index) {
          Collective coll = in.collectives[op.collective];
          coll.begin -= t0;
          coll.end -= t0;
          c = static_cast<int>(rank.collectives.size());
          rank.collectives.push_back(std::move(coll));
        }
        op.collective = c;
      }
      rank.operations.push_back(op);
    }
    for (const SendBlocks& b : in.send_blocks)
      if (b.op >= range.first && b.op < range.last)
        rank.send_blocks.push_back({op_map[rid][b.op], b.blocks});
  }

  const auto kept = [&](int rank, int op) {
    return rank != no_index && op != no_index && !op_map[rank].empty() &&
           op_map[rank][op] != no_index;
  };
  for (const Message& m : trace.messages) {
    if (!kept(m.sender, m.send_op) || !kept(m.receiver, m.recv_op)) continue;
    Message message = m;
    message.send_op = op_map[m.sender][m.send_op];
    message.recv_op = op_map[m.receiver][m.recv_op];
    message.send_time -= t0;
    message.recv_time -= t0;
    message.recv_call_time -= t0;
    const int index = static_cast<int>(out.messages.size());
    out.ranks[m.sender].operations[message.send_op].message = index;
    out.ranks[m.receiver].operations[message.recv_op].message = index;
    out.messages.push_back(std::move(message));
  }
  for (const OpRef& ref : trace.unmatched_sends)
    if (kept(ref.rank, ref.op)) out.unmatched_sends.push_back({ref.rank, op_map[ref.rank][ref.op]});
  for (const OpRef& ref : trace.unmatched_receives)
    if (kept(ref.rank, ref.op))
      out.unmatched_receives.push_back({ref.rank, op_map[ref.rank][ref.op]});

  assign_instances(out);
  return out;
}

} // namespace collscope::model
