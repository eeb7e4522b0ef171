// Receive waiting time: how long a receive was blocked before its matching send even started —
// the "gather delay" of the lecture (seeds/001, "Binomial tree gather": a subtree root waits
// for a slower subtree).
#pragma once

#include "collscope/model/trace.hpp"

#include <vector>

namespace collscope::model {

struct ReceiveWait {
  int message = no_index;
  OpRef receive;     ///< the recv or irecv_complete operation
  double wait = 0.0; ///< max(0, send_time − recv_call_time)
};

struct WaitingTimes {
  std::vector<ReceiveWait> receives; ///< one per matched message, in message order
  std::vector<double> per_rank;      ///< sum of the waits of each rank's receives
  double total = 0.0;
};

/// The receive's call is the MPI call that completed it (Recv, Sendrecv, or the Wait*): time
/// a nonblocking receive was pending while the rank computed is not waiting.
WaitingTimes waiting_times(const Trace& trace);

} // namespace collscope::model
