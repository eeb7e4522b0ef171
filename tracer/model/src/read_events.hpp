// Reading every rank's events into Rank::operations, Rank::regions and Rank::collectives.
#pragma once

#include "collscope/model/load_trace.hpp"
#include "collscope/model/trace.hpp"
#include "definitions.hpp"

#include <string>
#include <vector>

namespace collscope::model::detail {

/// Thrown when the progress callback asks to stop (not a std::exception on purpose: nothing
/// on the way may mistake it for a damaged file).
struct LoadCancelled {};

/// Counts the work of a load and tells the caller's LoadProgress about it.
class WorkCounter {
public:
  explicit WorkCounter(const LoadProgress& callback) : callback_(callback) {}
  void set_total(std::uint64_t total) { total_ = total; }
  std::uint64_t total() const { return total_; }
  /// Adds `units` of work done; throws LoadCancelled if the caller says stop.
  void add(std::uint64_t units);
  /// Everything is done.
  void finish() { add(total_ > done_ ? total_ - done_ : 0); }

private:
  const LoadProgress& callback_;
  std::uint64_t done_ = 0;
  std::uint64_t total_ = 0;
};

/// Fills trace.ranks (one per entry of `ranks`), trace.functions and trace.duration. Peers are
/// mapped to world ranks through `comms`. Throws CorruptTrace when a rank's events cannot be
/// read completely. Timestamps that cannot be true (before the trace's start, after its end,
/// or earlier than the rank's previous event) are added to `problems`, the first of each rank.
/// Reports each event read to `work`, whose total it sets to the events the archive announces
/// plus `extra` units per event for what the caller does afterwards.
void read_events(OTF2_Reader* reader, const Definitions& defs, const RankLayout& ranks,
                 const std::map<std::uint32_t, CommLayout>& comms, Trace& trace,
                 std::vector<std::string>& problems, WorkCounter& work, double extra);

} // namespace collscope::model::detail
