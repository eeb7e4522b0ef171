#include "collscope/model/calls.hpp"

#include "call_ownership.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <numeric>

namespace collscope::model {

const char* to_string(CallKind kind) {
  switch (kind) {
  case CallKind::algorithm: return "algorithm";
  case CallKind::grader_case: return "case";
  case CallKind::collective: return "collective";
  case CallKind::region: return "region";
  case CallKind::phase: return "phase";
  }
  return "phase";
}

namespace {

bool is_message_op(OpKind k) {
  return k == OpKind::send || k == OpKind::recv || k == OpKind::isend ||
         k == OpKind::isend_complete || k == OpKind::irecv_request ||
         k == OpKind::irecv_complete;
}

Call make_call(const Trace& trace, CallKind kind) {
  Call call;
  call.kind = kind;
  call.ops.assign(trace.ranks.size(), OpRange{});
  call.regions.assign(trace.ranks.size(), no_index);
  call.begin = std::numeric_limits<double>::infinity();
  call.end = -std::numeric_limits<double>::infinity();
  return call;
}

void widen(Call& call, double begin, double end) {
  call.begin = std::min(call.begin, begin);
  call.end = std::max(call.end, end);
}

// The ops of a region and everything nested in it: the ops whose annotation region has it
// among its ancestors (the loader records the innermost one on every op).
std::vector<OpRange> region_op_ranges(const Rank& rank) {
  std::vector<OpRange> ranges(rank.regions.size(), OpRange{std::numeric_limits<int>::max(), 0});
  for (int i = 0; i < static_cast<int>(rank.operations.size()); ++i)
    for (int r = rank.operations[i].region; r != no_index; r = rank.regions[r].parent) {
      ranges[r].first = std::min(ranges[r].first, i);
      ranges[r].last = std::max(ranges[r].last, i + 1);
    }
  for (OpRange& range : ranges)
    if (range.first > range.last) range = OpRange{};
  return ranges;
}

bool is_outermost_user_region(const Rank& rank, int region) {
  const Region& reg = rank.regions[region];
  if (reg.kind != RegionKind::other && reg.kind != RegionKind::phase) return false;
  for (int r = reg.parent; r != no_index; r = rank.regions[r].parent)
    if (rank.regions[r].kind != RegionKind::mpi_call) return false;
  return true;
}

void add_algorithm_calls(const Trace& trace, const std::vector<std::vector<OpRange>>& ranges,
                         std::vector<Call>& calls) {
  for (int i = 0; i < static_cast<int>(trace.algorithms.size()); ++i) {
    const AlgorithmInstance& instance = trace.algorithms[i];
    const auto case_id = instance.meta.find("case");
    Call call = make_call(trace, case_id != instance.meta.end() ? CallKind::grader_case
                                                                 : CallKind::algorithm);
    call.name = case_id != instance.meta.end() ? "case " + case_id->second + ": " + instance.name
                                               : instance.name;
    call.collective = instance.collective;
    call.algorithm = instance.algorithm;
    call.instance = i;
    call.meta = instance.meta;
    call.problems = instance.problems;
    for (const OpRef& ref : instance.regions) {
      call.ops[ref.rank] = ranges[ref.rank][ref.op];
      call.regions[ref.rank] = ref.op;
      call.ranks.push_back(ref.rank);
      const Region& region = trace.ranks[ref.rank].regions[ref.op];
      widen(call, region.begin, region.end);
    }
    calls.push_back(std::move(call));
  }
}

void add_region_calls(const Trace& trace, const std::vector<std::vector<OpRange>>& ranges,
                      std::vector<Call>& calls) {
  std::map<std::pair<std::string, int>, int> by_name_and_n; // (name, n-th) → call
  for (const Rank& rank : trace.ranks) {
    std::map<std::string, int> seen;
    for (int i = 0; i < static_cast<int>(rank.regions.size()); ++i) {
      if (!is_outermost_user_region(rank, i)) continue;
      const Region& region = rank.regions[i];
      std::string name(region.name);
      const int n = seen[name]++;
      auto [it, fresh] = by_name_and_n.try_emplace({name, n}, static_cast<int>(calls.size()));
      if (fresh) {
        calls.push_back(make_call(trace, CallKind::region));
        calls.back().name = "region " + name;
      }
      Call& call = calls[it->second];
      call.ops[rank.id] = ranges[rank.id][i];
      call.regions[rank.id] = i;
      call.ranks.push_back(rank.id);
      widen(call, region.begin, region.end);
    }
  }
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

void add_collective_calls(const Trace& trace, std::vector<Call>& calls) {
  std::map<std::pair<std::uint32_t, int>, int> by_comm_and_n; // (comm, n-th) → call
  for (const Rank& rank : trace.ranks) {
    std::map<std::uint32_t, int> seen;
    const auto& ops = rank.operations;
    for (int i = 0; i < static_cast<int>(ops.size()); ++i) {
      if (ops[i].kind != OpKind::collective_begin) continue;
      const Collective& coll = rank.collectives[ops[i].collective];
      // The whole MPI call around the collective's records (for a nonblocking one, the
      // Wait or Test that completed it).
      int first = ops[i].call != no_index ? ops[i].call : i;
      int last = i + 1;
      while (last < static_cast<int>(ops.size()) &&
             !(ops[last - 1].kind == OpKind::leave && ops[last - 1].call == first) &&
             !(ops[i].call == no_index && ops[last - 1].kind == OpKind::collective_end))
        ++last;
      const int n = seen[coll.comm]++;
      auto [it, fresh] =
          by_comm_and_n.try_emplace({coll.comm, n}, static_cast<int>(calls.size()));
      if (fresh) {
        Call call = make_call(trace, CallKind::collective);
        const int function = ops[first].kind == OpKind::enter ? ops[first].function : no_index;
        call.name = function != no_index ? trace.functions[function] : "MPI_" + coll.op;
        call.collective = lower(coll.op);
        call.comm = coll.comm;
        calls.push_back(std::move(call));
      }
      Call& call = calls[it->second];
      call.ops[rank.id] = {first, last};
      call.ranks.push_back(rank.id);
      call.collective_bytes += coll.bytes_sent;
      if (call.reduction.empty()) call.reduction = coll.reduction;
      if (!call.ompi.recorded()) call.ompi = coll.ompi;
      if (call.library_algorithm.empty()) call.library_algorithm = coll.library_algorithm;
      if (coll.root != no_index) call.root = coll.root; // world rank for now
      widen(call, ops[first].time, ops[last - 1].time);
    }
  }
}

// The call a call runs inside: regions hold algorithm runs; regions and algorithm runs hold
// collectives. Found on the call's first rank, from the annotation regions around it.
void assign_parents(const Trace& trace, std::vector<Call>& calls) {
  std::vector<std::map<int, int>> call_of_region(trace.ranks.size()); // region → call
  for (const Call& call : calls)
    for (const int r : call.ranks)
      if (call.regions[r] != no_index) call_of_region[r][call.regions[r]] = call.index;
  for (Call& call : calls) {
    if (call.kind == CallKind::region || call.ranks.empty()) continue;
    const int r = call.ranks.front();
    const Rank& rank = trace.ranks[r];
    int region = no_index;
    if (call.regions[r] != no_index)
      region = rank.regions[call.regions[r]].parent;
    else if (!call.ops[r].empty())
      region = rank.operations[call.ops[r].first].region;
    for (; region != no_index; region = rank.regions[region].parent) {
      const auto it = call_of_region[r].find(region);
      if (it == call_of_region[r].end()) continue;
      if (call.kind == CallKind::collective || calls[it->second].kind == CallKind::region) {
        call.parent = it->second;
        break;
      }
    }
  }
}

// Phases: what no top-level call holds, divided at the top-level calls of each rank; the
// operations of different ranks after the same call (or before the first) form one phase.
void add_phases(const Trace& trace, std::vector<Call>& calls) {
  std::vector<int> top;
  for (const Call& call : calls)
    if (call.parent == no_index) top.push_back(call.index);
  std::sort(top.begin(), top.end(), [&](int a, int b) {
    return std::tie(calls[a].begin, a) < std::tie(calls[b].begin, b);
  });
  std::map<int, int> by_boundary; // top-level call before the phase (−1: none) → call
  std::vector<Call> phases;
  for (const Rank& rank : trace.ranks) {
    // This rank's top-level calls in program order.
    std::vector<std::pair<OpRange, int>> held;
    for (const int c : top)
      if (!calls[c].ops[rank.id].empty()) held.emplace_back(calls[c].ops[rank.id], c);
    std::sort(held.begin(), held.end(),
              [](const auto& a, const auto& b) { return a.first.first < b.first.first; });
    int boundary = no_index;
    int at = 0;
    std::size_t next = 0;
    const int n = static_cast<int>(rank.operations.size());
    while (at < n) {
      int stop = next < held.size() ? held[next].first.first : n;
      if (stop > at) {
        int first = n;
        int last = 0;
        for (int i = at; i < stop; ++i)
          if (is_message_op(rank.operations[i].kind)) {
            first = std::min(first, i);
            last = i + 1;
          }
        if (first < last) {
          auto [it, fresh] = by_boundary.try_emplace(boundary, static_cast<int>(phases.size()));
          if (fresh) {
            phases.push_back(make_call(trace, CallKind::phase));
            phases.back().name = "point-to-point";
          }
          Call& phase = phases[it->second];
          phase.ops[rank.id] = {at, stop};
          phase.ranks.push_back(rank.id);
          widen(phase, rank.operations[at].time, rank.operations[stop - 1].time);
        }
      }
      if (next == held.size()) break;
      at = std::max(at, held[next].first.last);
      boundary = held[next].second;
      ++next;
    }
  }
  for (Call& phase : phases) calls.push_back(std::move(phase));
}

// The communicator a call's messages used, when they used one, and the root as its rank.
void settle_communicator(const Trace& trace, Call& call) {
  if (call.kind != CallKind::collective) {
    std::optional<std::uint32_t> comm;
    bool one = true;
    for (const int r : call.ranks)
      for (int i = call.ops[r].first; i < call.ops[r].last; ++i) {
        const Operation& op = trace.ranks[r].operations[i];
        if (!is_message_op(op.kind) || op.message == no_index) continue;
        if (!comm) comm = op.comm;
        one = one && *comm == op.comm;
      }
    call.comm = comm && one ? *comm : 0;
  }
  const auto it = trace.comms.find(call.comm);
  if (it != trace.comms.end() && !it->second.members.empty())
    call.members = it->second.members;
  else
    call.members = call.ranks;
  if (call.kind == CallKind::collective) {
    if (call.root != no_index) {
      const auto pos = std::find(call.members.begin(), call.members.end(), call.root);
      call.root = pos != call.members.end() ? static_cast<int>(pos - call.members.begin())
                                            : no_index;
    }
  } else if (const auto root = call.meta.find("root"); root != call.meta.end()) {
    int value = no_index;
    const auto& text = root->second;
    if (std::from_chars(text.data(), text.data() + text.size(), value).ec == std::errc() &&
        value >= 0 && value < static_cast<int>(call.members.size()))
      call.root = value;
  }
}

} // namespace

std::vector<Call> divide_calls(const Trace& trace) {
  std::vector<std::vector<OpRange>> ranges;
  ranges.reserve(trace.ranks.size());
  for (const Rank& rank : trace.ranks) ranges.push_back(region_op_ranges(rank));

  std::vector<Call> calls;
  add_algorithm_calls(trace, ranges, calls);
  add_region_calls(trace, ranges, calls);
  add_collective_calls(trace, calls);
  for (int i = 0; i < static_cast<int>(calls.size()); ++i) calls[i].index = i;
  assign_parents(trace, calls);
  add_phases(trace, calls);

  // Order by begin (ties: outer calls first), then renumber and redirect the parents.
  std::vector<int> order(calls.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (calls[a].begin != calls[b].begin) return calls[a].begin < calls[b].begin;
    return calls[a].parent == no_index && calls[b].parent != no_index;
  });
  std::vector<int> new_index(calls.size());
  for (int i = 0; i < static_cast<int>(order.size()); ++i) new_index[order[i]] = i;
  std::vector<Call> sorted;
  sorted.reserve(calls.size());
  for (const int old : order) {
    Call call = std::move(calls[old]);
    call.index = new_index[old];
    if (call.parent != no_index) call.parent = new_index[call.parent];
    std::sort(call.ranks.begin(), call.ranks.end());
    settle_communicator(trace, call);
    sorted.push_back(std::move(call));
  }
  count_call_messages(trace, sorted);
  return sorted;
}

const Call* find_call(const std::vector<Call>& calls, const std::string& selector,
                      bool by_region, std::string& error) {
  if (!by_region) {
    int index = -1;
    const auto [end, ec] = std::from_chars(selector.data(), selector.data() + selector.size(), index);
    if (ec != std::errc() || end != selector.data() + selector.size() || index < 0) {
      error = "--call expects a call number (0, 1, …), got '" + selector + "'";
      return nullptr;
    }
    if (index >= static_cast<int>(calls.size())) {
      error = "no call " + selector + ": the trace has " + std::to_string(calls.size()) +
              (calls.empty() ? " calls" : " calls (0 … " + std::to_string(calls.size() - 1) + ")");
      return nullptr;
    }
    return &calls[index];
  }
  std::string names;
  for (const Call& call : calls) {
    if (call.kind != CallKind::region) continue;
    if (call.name == "region " + selector || call.name == selector) return &call;
    if (names.find(call.name.substr(7)) == std::string::npos)
      names += (names.empty() ? "" : ", ") + call.name.substr(7);
  }
  error = "no region named '" + selector + "' in the trace" +
          (names.empty() ? " (it has no user regions)" : " (its regions: " + names + ")");
  return nullptr;
}

} // namespace collscope::model
