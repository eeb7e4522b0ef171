// The trace model: plain data loaded from an OTF2 archive written with the conventions of
// tracer/README.md (or by another OTF2 producer's MPI records). No behaviour lives here; the
// loader fills it and the analyses (one header each) read it.
//
// Conventions shared by every field:
// - times are seconds (double) since the trace start (the archive's ClockProperties offset);
// - every rank is a rank of MPI_COMM_WORLD, whatever communicator an event used;
// - cross references are indices into the vectors of this file, or `no_index`.
//
// A million-message trace holds millions of operations and regions, so both are kept small:
// 32-bit indices, no per-event heap allocation (names are views into one string table shared
// by the Trace and its copies; block provenance and metadata live beside the few events that
// carry them).
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace collscope::model {

inline constexpr int no_index = -1;

enum class OpKind : std::uint8_t {
  enter,            ///< an MPI call starts (`function` names it)
  leave,            ///< an MPI call ends
  send,             ///< blocking send, or the send half of a Sendrecv; time = call start
  recv,             ///< blocking receive, or the receive half of a Sendrecv; time = completion
  isend,            ///< nonblocking send posted
  isend_complete,   ///< nonblocking send completed inside a Wait*/Test*
  irecv_request,    ///< nonblocking receive posted
  irecv_complete,   ///< nonblocking receive completed inside a Wait*/Test*
  collective_begin, ///< a native (blocking) collective starts
  collective_end,   ///< … and ends (`collective` indexes Rank::collectives)
};

/// Which part of the collective's buffer a message carries (the tracer's block attributes):
/// the blocks of origins first, first + 1, … (mod comm size), elements
/// [element_begin, element_begin + element_count) of each origin's block.
struct Blocks {
  std::uint32_t origin_first = 0;
  std::uint32_t origin_count = 0;
  std::uint64_t element_begin = 0;
  std::uint64_t element_count = 0;
};

/// One event of a rank, in the rank's program order (64 bytes).
struct Operation {
  double time = 0.0;
  std::uint64_t bytes = 0;   ///< message bytes
  std::uint64_t request = 0; ///< request id of nonblocking operations
  int peer = no_index;       ///< world rank of the partner (sends and receives)
  std::uint32_t comm = 0;    ///< OTF2 Comm id the event used
  int tag = 0;               ///< message tag
  int function = no_index;   ///< enter/leave: index into Trace::functions
  int call = no_index;       ///< index of the enter of the enclosing MPI call
  int region = no_index;     ///< innermost enclosing annotation region (Rank::regions)
  int message = no_index;    ///< matched message (Trace::messages)
  int partner = no_index;    ///< isend ↔ isend_complete, irecv_request ↔ irecv_complete
  int collective = no_index; ///< collective_begin/end: index into Rank::collectives
  OpKind kind = OpKind::enter;
  /// A message operation recorded inside a native collective: a message the MPI library sent
  /// for it (tracer/README.md, "Inside the library"); its steps are runs of completions
  /// (steps.hpp).
  bool native = false;
};

/// The blocks a send of an annotated algorithm carries (Rank::send_blocks).
struct SendBlocks {
  int op = no_index; ///< the send or isend (Rank::operations)
  Blocks blocks;
};

/// `collscope::meta::<key>` attributes: a few pairs, sorted by key, with a map's lookup.
class Meta {
public:
  using value_type = std::pair<std::string, std::string>;
  using const_iterator = std::vector<value_type>::const_iterator;

  Meta() = default;
  Meta(const std::map<std::string, std::string>& pairs) : pairs_(pairs.begin(), pairs.end()) {}
  const_iterator begin() const { return pairs_.begin(); }
  const_iterator end() const { return pairs_.end(); }
  bool empty() const { return pairs_.empty(); }
  std::size_t size() const { return pairs_.size(); }
  const_iterator find(std::string_view key) const {
    const auto it =
        std::lower_bound(pairs_.begin(), pairs_.end(), key,
                         [](const value_type& p, std::string_view k) { return p.first < k; });
    return it != pairs_.end() && it->first == key ? it : pairs_.end();
  }
  bool contains(std::string_view key) const { return find(key) != end(); }

private:
  std::vector<value_type> pairs_;
};

/// A matched send/receive pair.
struct Message {
  int sender = no_index;   ///< world rank
  int receiver = no_index; ///< world rank
  std::uint32_t comm = 0;
  int tag = 0;
  std::uint64_t bytes = 0;
  double send_time = 0.0;      ///< when the send started (MpiSend / MpiIsend)
  double recv_time = 0.0;      ///< when the receive completed (MpiRecv / MpiIrecv)
  double recv_call_time = 0.0; ///< start of the MPI call that completed the receive
  int send_op = no_index;      ///< index into ranks[sender].operations (send or isend)
  int recv_op = no_index;      ///< index into ranks[receiver].operations (recv or irecv_complete)
  std::optional<Blocks> blocks;
};

enum class RegionKind : std::uint8_t { algorithm, phase, round, mpi_call, other };

/// A region instance (Enter … Leave) on one rank.
struct Region {
  /// As written: "algorithm gather/binomial", "round 2", "MPI_Send", …; a view into
  /// Trace::strings (or a literal), valid as long as a Trace sharing that table lives.
  std::string_view name;
  double begin = 0.0;
  double end = 0.0;        ///< a region never left ends at the rank's last event
  Meta meta;               ///< `collscope::meta::<key>` attributes of its Enter
  int round = no_index;    ///< k of "round k"
  int depth = 0;           ///< nesting depth, 0 = outermost
  int parent = no_index;   ///< enclosing region on the same rank
  int instance = no_index; ///< algorithm instance (Trace::algorithms) the region belongs to
  RegionKind kind = RegionKind::other;
};

/// The algorithm Open MPI ran for a native collective, as the recorder named it
/// (`collscope::ompi_algorithm*` on MpiCollectiveBegin; tracer/README.md).
struct OmpiAlgorithm {
  std::string name;   ///< Open MPI's own name ("binomial"), "unknown", or "" when not recorded
  std::string source; ///< "forced", "fixed decision" or "unknown: <why>"
  std::optional<std::uint64_t> segment; ///< bytes (0: whole messages), if it segments
  std::optional<std::uint64_t> fanout;  ///< chain fanout or k-nomial radix, if it has one

  bool recorded() const { return !name.empty(); }
  /// "binomial (forced)", "chain (fanout 1; fixed decision)", "unknown (p = 1: coll self)",
  /// or "" when nothing was recorded.
  std::string describe() const;
  friend bool operator==(const OmpiAlgorithm&, const OmpiAlgorithm&) = default;
};

/// A native collective call (MpiCollectiveBegin … MpiCollectiveEnd) on one rank.
struct Collective {
  std::string op; ///< "BCAST", "GATHER", … (OTF2_CollectiveOp without its prefix)
  std::uint32_t comm = 0;
  int root = no_index; ///< world rank, or no_index for rootless collectives
  double begin = 0.0;
  double end = 0.0;
  std::uint64_t bytes_sent = 0;
  std::uint64_t bytes_received = 0;
  std::string reduction; ///< the reduction's MPI_Op ("MPI_SUM", "user-defined"), or empty
  OmpiAlgorithm ompi;    ///< what Open MPI ran, if the recorder could say
  std::string library_algorithm; ///< the MPI library's own algorithm, where recorded, or empty
};

/// One OTF2 ClockOffset definition of a rank (the recorder writes one at MPI_Init and one at
/// MPI_Finalize): the OTF2 reader has applied them to every time of the rank already.
struct ClockOffset {
  double time = 0.0;   ///< on the rank's own clock, seconds since the trace start
  double offset = 0.0; ///< seconds to add to reach the reference clock (rank 0's)
  double error = 0.0;  ///< the record's standard deviation in seconds (collscope: half the
                       ///< least round trip of the measurement; 0 on the reference rank)
};

/// What the loader did to the times (clock_correction.hpp): offsets, then the controlled
/// logical clock. A message is backward when its receive ends before its send begins
/// (Message::recv_time < Message::send_time, between two different ranks).
struct ClockReport {
  int ranks_with_offsets = 0;       ///< ranks whose ClockOffset definitions were applied
  double max_offset = 0.0;          ///< largest |offset| applied, seconds
  double lmin = 0.0;                ///< the least latency each receive was given, seconds
  bool lmin_measured = false;       ///< lmin from the offset measurements, else 0
  std::size_t backward_raw = 0;     ///< backward messages on the ranks' own clocks
  std::size_t backward_offsets = 0; ///< … after the offsets, before the logical clock
  std::size_t backward = 0;         ///< … after both (0 unless `unresolved`)
  std::size_t receives_moved = 0;   ///< receives the logical clock moved forward
  std::size_t events_moved = 0;     ///< operations whose time changed
  double max_shift = 0.0;           ///< seconds, over the operations
  double total_shift = 0.0;         ///< seconds, summed over the operations
  bool unresolved = false;          ///< the message constraints did not settle (a cycle)
};

struct OpRef {
  int rank = no_index;
  int op = no_index;
  friend bool operator==(const OpRef&, const OpRef&) = default;
};

struct Rank {
  int id = 0;       ///< world rank
  std::string name; ///< OTF2 location name ("rank 3")
  std::string host; ///< its process's system-tree node ("machine" on one host, else the host)
  std::vector<Operation> operations;
  std::vector<Region> regions; ///< in order of their Enter
  std::vector<Collective> collectives;
  std::vector<SendBlocks> send_blocks; ///< by increasing op
  std::vector<ClockOffset> clock_offsets; ///< as the archive gives them, by time

  /// The blocks the send `op` carries, or nullptr.
  const Blocks* blocks_of(int op) const {
    const auto it = std::lower_bound(send_blocks.begin(), send_blocks.end(), op,
                                     [](const SendBlocks& b, int o) { return b.op < o; });
    return it != send_blocks.end() && it->op == op ? &it->blocks : nullptr;
  }
};

/// One run of an annotated algorithm: the n-th outermost `algorithm …` region on one
/// communicator of each of its ranks (instances.hpp).
struct AlgorithmInstance {
  std::string name;                        ///< "gather/binomial"
  std::string collective;                  ///< "gather"
  std::string algorithm;                   ///< "binomial"
  double begin = 0.0;                      ///< earliest Enter over the ranks
  double end = 0.0;                        ///< latest Leave over the ranks
  std::map<std::string, std::string> meta; ///< union over ranks, lowest rank wins
  std::vector<OpRef> regions;              ///< (rank, region index) of each rank's region
  /// What its metadata claims that cannot be true, one line each ("algorithm 'gather/binomial':
  /// metadata root = '77' is not a rank of p = 8"); those values are left out of `meta`.
  std::vector<std::string> problems;
};

struct Communicator {
  std::string name;
  std::vector<int> members; ///< world rank of each comm rank
};

/// What a trace made by call_trace (calls.hpp) is a part of.
struct CallScope {
  int index = no_index;  ///< the call's index in divide_calls of the whole trace
  std::string name;      ///< the call's name ("bcast/binomial", "MPI_Allreduce", …)
  std::string kind;      ///< to_string(CallKind)
  std::vector<int> ranks; ///< world ranks taking part
};

struct Trace {
  std::string path; ///< the archive as given to load_trace
  /// Why the run's record stops early (its INCOMPLETE file), empty for a whole run. An
  /// incomplete trace holds what the ranks recorded before they died or stopped recording.
  std::string incomplete;
  /// Whether the messages inside native collectives were recorded, as the tracer said it in
  /// the archive's property COLLSCOPE::NATIVE_INSIDE ("recorded (Open MPI 4.1.4, pml ob1)",
  /// "not recorded: …"); empty when the archive does not say (older or other producers).
  std::string native_inside;
  /// What the tracer left out of a multithreaded run, as it said in the archive's property
  /// COLLSCOPE::THREADS ("MPI_THREAD_MULTIPLE: only the thread that called MPI_Init_thread is
  /// recorded; rank 1 made 12 MPI calls from other threads, which are not …"); empty when
  /// every thread's calls were recorded, or the archive does not say.
  std::string threads;
  double duration = 0.0;                       ///< last event time
  /// Time 0 of this trace on the whole trace's clock (non-zero for one call's trace).
  double time_origin = 0.0;
  std::optional<CallScope> call; ///< set on a call's own trace (call_trace)
  std::vector<Rank> ranks;                     ///< ranks[i].id == i
  std::vector<std::string> functions;          ///< MPI call names (Operation::function)
  std::map<std::uint32_t, Communicator> comms; ///< by OTF2 Comm id
  std::vector<Message> messages;               ///< ordered by (send_time, sender, send_op)
  std::vector<OpRef> unmatched_sends;          ///< sends no receive matched
  std::vector<OpRef> unmatched_receives;       ///< receives no send matched
  std::vector<AlgorithmInstance> algorithms;
  ClockReport clocks; ///< how the loader corrected the times
  /// The names Region::name views: one copy of each distinct string, shared by copies of the
  /// Trace (a deque never moves its strings).
  std::shared_ptr<std::deque<std::string>> strings = std::make_shared<std::deque<std::string>>();

  const Operation& op(OpRef r) const { return ranks[r.rank].operations[r.op]; }
};

} // namespace collscope::model
