// The walk over the ranks' operations that the α-β and the two-level replays share (rules in
// tracer/model/README.md, "Replays"). A rank runs in program order until a blocking call must
// wait for a transfer whose end is not known yet. The replay decides when transfers start and
// end (ports, lanes): the walk tells it when a rank reaches a send (on_send) and when a
// transfer could start, its send started and its receive posted (on_ready); the replay sets
// the ends and calls advance() on the rank that waited for them.
#pragma once

#include "collscope/model/replay.hpp"

#include <vector>

namespace collscope::model {

class ReplayWalk {
public:
  static constexpr double unknown = -1.0; ///< replayed times are never negative

  virtual ~ReplayWalk() = default;
  ReplayWalk(const ReplayWalk&) = delete;
  ReplayWalk& operator=(const ReplayWalk&) = delete;

protected:
  explicit ReplayWalk(const Trace& trace);

  struct RankState {
    double clock = 0.0;
    std::size_t cursor = 0;
    bool waiting = false;              ///< blocked until every pending end is known
    std::vector<const double*> ending; ///< ends of the transfers the current call completes
  };

  /// Rank `rank` reached the send of message m at its clock.
  virtual void on_send(int rank, int m) = 0;
  /// Message m's send started and its receive is posted: its transfer may start at `at`.
  virtual void on_ready(int m, double at) = 0;

  /// Runs rank r until it blocks or ends.
  void advance(int r);
  /// The send of m starts at `start` and ends at `end` (its send port is free again then).
  void send_started(int m, double start, double end);
  /// Advances every rank once, from the start.
  void start();
  /// The replay's result, once no transfer is left to start.
  Replay finish();

  const Trace& trace_;
  std::vector<RankState> walk_; ///< per rank
  std::vector<double> send_start_;
  std::vector<double> posted_;
  std::vector<double> send_end_;
  Replay out_; ///< the replay sets message_start and message_end

private:
  void post_receive(const RankState& s, int m);
  void queue_if_ready(int m);
  int message_of(const Rank& rank, const Operation& op) const;
};

} // namespace collscope::model
