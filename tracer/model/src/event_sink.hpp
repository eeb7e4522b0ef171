// Turns one rank's OTF2 events, in order, into the model's operations and regions: keeps the
// stack of open regions (for nesting depth, the enclosing MPI call and annotation region) and
// maps communicator ranks to world ranks.
#pragma once

#include "collscope/model/trace.hpp"
#include "definitions.hpp"

#include <map>
#include <string>
#include <vector>

namespace collscope::model::detail {

/// What the sinks of all ranks learn once per region definition: its interned name, kind,
/// round number and, for MPI calls, its index into Trace::functions.
class RegionTable {
public:
  struct Entry {
    std::string_view name;
    RegionKind kind = RegionKind::other;
    int round = no_index;
    int function = no_index;
  };
  RegionTable(const Definitions& defs, Trace& trace) : defs_(defs), trace_(trace) {}
  const Entry& operator[](OTF2_RegionRef ref);

private:
  const Definitions& defs_;
  Trace& trace_;
  std::map<OTF2_RegionRef, Entry> entries_;
};

class EventSink {
public:
  EventSink(const Definitions& defs, const std::map<std::uint32_t, CommLayout>& comms,
            RegionTable& regions, Trace& trace, int rank, std::vector<std::string>& problems);

  /// Seconds since the trace start of the next event; a time the trace cannot hold (before
  /// its start, after its end, before the rank's previous event) is a problem, the first of
  /// each rank reported.
  double seconds(OTF2_TimeStamp ticks);
  void enter(double t, OTF2_RegionRef region, OTF2_AttributeList* attributes);
  void leave(double t, OTF2_RegionRef region);
  /// send, recv, isend, irecv_complete: `peer` is the rank in `comm`.
  void message(OpKind kind, double t, OTF2_AttributeList* attributes, uint32_t peer,
               OTF2_CommRef comm, uint32_t tag, uint64_t bytes, uint64_t request);
  /// isend_complete, irecv_request.
  void request(OpKind kind, double t, uint64_t request);
  void collective_begin(double t, OTF2_AttributeList* attributes = nullptr);
  void collective_end(double t, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                      uint64_t sent, uint64_t received);
  /// Closes whatever is still open at the rank's last event.
  void finish();

private:
  struct Frame {
    OTF2_RegionRef region;
    int index;    ///< into Rank::regions
    int enter_op; ///< MPI calls: the enter operation, else no_index
  };
  Operation& push(OpKind kind, double t);
  int world_rank(OTF2_CommRef comm, uint32_t comm_rank) const;

  const Definitions& defs_;
  const std::map<std::uint32_t, CommLayout>& comms_;
  RegionTable& region_table_;
  Trace& trace_;
  Rank& rank_;
  std::vector<Frame> stack_;
  std::vector<int> open_collectives_;
  double last_ = 0.0;
  std::vector<std::string>& problems_;
  std::uint64_t events_ = 0;
  OTF2_TimeStamp previous_ = 0;
  bool reported_ = false;
};

} // namespace collscope::model::detail
