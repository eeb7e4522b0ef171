// Measuring each rank's clock against rank 0's, as Score-P does: at MPI_Init and at
// MPI_Finalize every rank plays a few ping-pongs with rank 0 over PMPI (on a private duplicate
// of MPI_COMM_WORLD, so no message of the program can match them) and keeps the one of least
// round trip: offset = t0 - (t_send + rtt / 2), where t0 is rank 0's clock read between the two
// messages. The offsets go to the rank's definitions file and become OTF2 ClockOffset
// definitions (archive_write.cpp), which OTF2 readers interpolate between.
//
// Nothing in between: a measurement needs rank 0 and the rank to call MPI together, and
// between MPI_Init and MPI_Finalize the tracer never makes a rank call MPI on its own.
// Linear drift between the two measurements is undone; anything else remains for the trace
// model's logical clock (tracer/README.md, "On a cluster").
//
// Ranks that all run on one host (and none skewed by the test hook) read one CLOCK_MONOTONIC:
// their offsets are written as 0, exactly, and the ping-pongs only give the latency.
//
// Under SimGrid SMPI the simulated ranks share one clock: nothing is measured (the ping-pongs
// would only add simulated time).
#pragma once

namespace collscope::rec {

/// Collective over MPI_COMM_WORLD on a traced rank: at_init right after MPI_Init (also reads
/// COLLSCOPE_TRACE_CLOCK_SKEW), else right before the rank's files are closed in MPI_Finalize.
void sync_clocks(bool at_init);

} // namespace collscope::rec
