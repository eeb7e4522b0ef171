#include "event_sink.hpp"

#include "attributes.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string_view>

namespace collscope::model::detail {

namespace {

const char* const collective_names[] = {"BARRIER",
                                        "BCAST",
                                        "GATHER",
                                        "GATHERV",
                                        "SCATTER",
                                        "SCATTERV",
                                        "ALLGATHER",
                                        "ALLGATHERV",
                                        "ALLTOALL",
                                        "ALLTOALLV",
                                        "ALLTOALLW",
                                        "ALLREDUCE",
                                        "REDUCE",
                                        "REDUCE_SCATTER",
                                        "SCAN",
                                        "EXSCAN",
                                        "REDUCE_SCATTER_BLOCK",
                                        "CREATE_HANDLE",
                                        "DESTROY_HANDLE",
                                        "ALLOCATE",
                                        "DEALLOCATE",
                                        "CREATE_HANDLE_AND_ALLOCATE",
                                        "DESTROY_HANDLE_AND_DEALLOCATE"};

// "round 3" → 3; anything else → no_index.
int round_number(std::string_view name) {
  constexpr std::string_view prefix = "round ";
  if (!name.starts_with(prefix)) return no_index;
  name.remove_prefix(prefix.size());
  int k = 0;
  const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), k);
  return error == std::errc{} && end == name.data() + name.size() && k >= 0 ? k : no_index;
}

RegionKind kind_of(std::string_view name, OTF2_Paradigm paradigm, int round) {
  if (paradigm == OTF2_PARADIGM_MPI || name.starts_with("MPI_")) return RegionKind::mpi_call;
  if (name.starts_with("algorithm ")) return RegionKind::algorithm;
  if (name.starts_with("phase ")) return RegionKind::phase;
  if (round != no_index) return RegionKind::round;
  return RegionKind::other;
}

} // namespace

const RegionTable::Entry& RegionTable::operator[](OTF2_RegionRef ref) {
  const auto [it, inserted] = entries_.try_emplace(ref);
  if (!inserted) return it->second;
  Entry& entry = it->second;
  const auto def = defs_.regions.find(ref);
  std::string name = def != defs_.regions.end() ? defs_.str(def->second.name) : "";
  if (name.empty()) name = "region " + std::to_string(ref);
  entry.name = trace_.strings->emplace_back(std::move(name));
  entry.round = round_number(entry.name);
  const OTF2_Paradigm paradigm =
      def != defs_.regions.end() ? def->second.paradigm : OTF2_Paradigm{OTF2_PARADIGM_UNKNOWN};
  entry.kind = kind_of(entry.name, paradigm, entry.round);
  if (entry.kind == RegionKind::mpi_call) {
    const auto known = std::find(trace_.functions.begin(), trace_.functions.end(), entry.name);
    entry.function = static_cast<int>(known - trace_.functions.begin());
    if (known == trace_.functions.end()) trace_.functions.emplace_back(entry.name);
  }
  return entry;
}

EventSink::EventSink(const Definitions& defs, const std::map<std::uint32_t, CommLayout>& comms,
                     RegionTable& regions, Trace& trace, int rank,
                     std::vector<std::string>& problems)
    : defs_(defs), comms_(comms), region_table_(regions), trace_(trace), rank_(trace.ranks[rank]),
      problems_(problems) {}

double EventSink::seconds(OTF2_TimeStamp ticks) {
  const double resolution = defs_.resolution != 0 ? static_cast<double>(defs_.resolution) : 1e9;
  const double delta = ticks >= defs_.offset ? static_cast<double>(ticks - defs_.offset)
                                             : -static_cast<double>(defs_.offset - ticks);
  const double t = delta / resolution;
  // A timestamp from another clock (an unconverted counter value, a zero) would otherwise
  // stretch waits and the critical path to days in a run of milliseconds.
  const bool has_length = defs_.resolution != 0 && defs_.length != 0;
  const char* wrong = ticks < defs_.offset ? "before the trace's start"
                      : has_length && ticks - defs_.offset > defs_.length ? "after the trace's end"
                      : events_ > 0 && ticks < previous_ ? "earlier than the event before it"
                                                         : nullptr;
  if (wrong != nullptr && !reported_) {
    reported_ = true;
    char text[200];
    std::snprintf(text, sizeof text,
                  "rank %d: event %llu at %.6g s is %s (the trace spans 0 to %.6g s)", rank_.id,
                  static_cast<unsigned long long>(events_), t, wrong,
                  has_length ? static_cast<double>(defs_.length) / resolution : last_);
    problems_.emplace_back(text);
  }
  previous_ = ticks;
  ++events_;
  return t;
}

Operation& EventSink::push(OpKind kind, double t) {
  last_ = t;
  Operation& op = rank_.operations.emplace_back();
  op.kind = kind;
  op.time = t;
  for (auto frame = stack_.rbegin(); frame != stack_.rend(); ++frame) {
    if (frame->enter_op != no_index) {
      if (op.call == no_index) op.call = frame->enter_op;
    } else if (op.region == no_index) {
      op.region = frame->index;
    }
  }
  return op;
}

int EventSink::world_rank(OTF2_CommRef comm, uint32_t comm_rank) const {
  // A peer on a communicator the archive does not define cannot be placed: it stays unmatched.
  const auto it = comms_.find(comm);
  if (it == comms_.end()) return no_index;
  if (it->second.self) return comm_rank == 0 ? rank_.id : no_index;
  const auto& members = it->second.comm.members;
  return comm_rank < members.size() ? members[comm_rank] : no_index;
}

void EventSink::enter(double t, OTF2_RegionRef ref, OTF2_AttributeList* attributes) {
  const RegionTable::Entry& entry = region_table_[ref];
  Region& region = rank_.regions.emplace_back();
  region.name = entry.name;
  region.round = entry.round;
  region.kind = entry.kind;
  region.begin = region.end = t;
  region.depth = static_cast<int>(stack_.size());
  region.parent = stack_.empty() ? no_index : stack_.back().index;
  if (attributes != nullptr && OTF2_AttributeList_GetNumberOfElements(attributes) != 0)
    region.meta = read_attributes(defs_, attributes).meta;
  const bool mpi = region.kind == RegionKind::mpi_call;
  const int enter_op = mpi ? static_cast<int>(rank_.operations.size()) : no_index;
  stack_.push_back({ref, static_cast<int>(rank_.regions.size()) - 1, enter_op});
  if (!mpi) {
    last_ = t;
    return;
  }
  push(OpKind::enter, t).function = entry.function; // push() sets call = enter_op
}

void EventSink::leave(double t, OTF2_RegionRef ref) {
  // A Leave closes the innermost open region of that name, and anything left open inside it.
  auto match = stack_.rbegin();
  while (match != stack_.rend() && match->region != ref) ++match;
  if (match == stack_.rend()) {
    last_ = t;
    return;
  }
  while (stack_.back().region != ref) {
    rank_.regions[stack_.back().index].end = t;
    stack_.pop_back();
  }
  const Frame frame = stack_.back();
  stack_.pop_back();
  rank_.regions[frame.index].end = t;
  if (frame.enter_op == no_index) {
    last_ = t;
    return;
  }
  Operation& op = push(OpKind::leave, t);
  op.function = rank_.operations[frame.enter_op].function;
  op.call = frame.enter_op;
}

void EventSink::message(OpKind kind, double t, OTF2_AttributeList* attributes, uint32_t peer,
                        OTF2_CommRef comm, uint32_t tag, uint64_t bytes, uint64_t request) {
  Operation& op = push(kind, t);
  op.native = !open_collectives_.empty();
  op.peer = world_rank(comm, peer);
  op.comm = comm;
  op.tag = static_cast<int>(tag);
  op.bytes = bytes;
  op.request = request;
  if ((kind == OpKind::send || kind == OpKind::isend) && attributes != nullptr &&
      OTF2_AttributeList_GetNumberOfElements(attributes) != 0) {
    if (const auto blocks = read_attributes(defs_, attributes).blocks)
      rank_.send_blocks.push_back({static_cast<int>(rank_.operations.size()) - 1, *blocks});
  }
}

void EventSink::request(OpKind kind, double t, uint64_t request) {
  Operation& op = push(kind, t);
  op.request = request;
  op.native = !open_collectives_.empty();
}

void EventSink::collective_begin(double t, OTF2_AttributeList* attributes) {
  Operation& op = push(OpKind::collective_begin, t);
  op.collective = static_cast<int>(rank_.collectives.size());
  rank_.collectives.emplace_back().begin = t;
  if (attributes != nullptr && OTF2_AttributeList_GetNumberOfElements(attributes) != 0) {
    EventAttributes read = read_attributes(defs_, attributes);
    rank_.collectives.back().reduction = std::move(read.reduction);
    rank_.collectives.back().ompi = std::move(read.ompi);
    rank_.collectives.back().library_algorithm = std::move(read.library_algorithm);
  }
  rank_.collectives.back().end = t;
  open_collectives_.push_back(op.collective);
}

void EventSink::collective_end(double t, OTF2_CollectiveOp kind, OTF2_CommRef comm, uint32_t root,
                               uint64_t sent, uint64_t received) {
  if (open_collectives_.empty()) collective_begin(t); // an End without Begin still counts
  Operation& op = push(OpKind::collective_end, t);
  op.collective = open_collectives_.back();
  open_collectives_.pop_back();
  op.comm = comm;
  Collective& c = rank_.collectives[op.collective];
  c.op = kind < std::size(collective_names) ? collective_names[kind] : "UNKNOWN";
  c.comm = comm;
  c.root = root == OTF2_UNDEFINED_UINT32 ? no_index : world_rank(comm, root);
  op.peer = c.root;
  c.end = t;
  c.bytes_sent = op.bytes = sent;
  c.bytes_received = received;
}

void EventSink::finish() {
  for (const Frame& frame : stack_) rank_.regions[frame.index].end = last_;
  stack_.clear();
  for (const int c : open_collectives_) rank_.collectives[c].end = last_;
  open_collectives_.clear();
  trace_.duration = std::max(trace_.duration, last_);
}

} // namespace collscope::model::detail
