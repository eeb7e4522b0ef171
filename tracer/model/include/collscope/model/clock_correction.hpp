// Clock correction: what the loader does to the times of a trace recorded on several clocks.
//
// 1. Offsets. The recorder measures each rank's clock against rank 0's at MPI_Init and at
//    MPI_Finalize and writes them as OTF2 ClockOffset definitions of the rank's location;
//    OTF2's event reader applies them while reading (linear between the two, the first or
//    last line outside them), so every time in the model is already on rank 0's clock.
//    `corrected_time` / `uncorrected_time` repeat that interpolation and undo it.
// 2. The controlled logical clock (Becker, Rabenseifner, Wolf, Linford, "Scalable timestamp
//    synchronization for event traces of message-passing applications", Parallel Computing
//    35, 2009; as Scalasca applies it): what the offsets leave (measurement error, drift that
//    is not linear) can still put a receive before its send. `correct_clocks` moves such a
//    receive forward to send + lmin and every later event of its rank with it, so the rank's
//    order and the lengths of its intervals after the receive stay (forward pass, repeated
//    until the constraints of every message hold); then it spreads each such jump backwards
//    over the rank's events since its previous jump, in proportion to their time (backward
//    amortization), as far as no send of theirs comes closer than lmin to its receive.
//    Events only ever move forward. Native collectives are not constrained (their internal
//    messages are not in the trace).
#pragma once

#include "collscope/model/trace.hpp"

#include <cstddef>
#include <vector>

namespace collscope::model {

/// A time on a rank's own clock brought to the reference clock, as OTF2's reader does with the
/// rank's ClockOffset definitions (sorted by time): unchanged with fewer than two.
double corrected_time(const std::vector<ClockOffset>& offsets, double own);

/// The inverse of corrected_time: the time the rank's own clock showed.
double uncorrected_time(const std::vector<ClockOffset>& offsets, double corrected);

/// Matched messages between two different ranks whose receive ends before their send begins
/// (recv_time < send_time).
std::size_t backward_messages(const Trace& trace);

/// The same, on the ranks' own clocks (each end's time through uncorrected_time).
std::size_t backward_messages_uncorrected(const Trace& trace);

/// The least latency a receive is given: the least error bound of the offset measurements
/// (half their least round trip, the one-way latency of an empty message), but no more than
/// the least latency a message of the trace shows (receive end - send start, where not
/// negative); 0 when the trace has no measurements (then only the order of send and receive
/// is restored). `measured` says which.
double minimum_latency(const Trace& trace, bool& measured);

/// The controlled logical clock, in place: afterwards every matched message between two ranks
/// has recv_time >= send_time + lmin (unless the report says `unresolved`), each rank's events
/// keep their order, and the messages are matched again with the new times. Fills the
/// report's moves; the backward counts are the caller's.
ClockReport correct_clocks(Trace& trace, double lmin);

/// Everything the loader does after matching: counts backward messages on the raw clocks and
/// after the offsets, runs the logical clock, and stores the report in trace.clocks.
void apply_clock_correction(Trace& trace);

} // namespace collscope::model
