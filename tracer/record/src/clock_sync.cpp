#include "clock_sync.hpp"

#include "clock.hpp"
#include "collscope/archive/clock_skew.hpp"
#include "collscope/archive/raw_format.hpp"
#include "recorder.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace collscope::rec {
namespace {

ClockSkew skew;

#ifndef SMPI_H
// Score-P keeps the best of 10; more buy little (the least round trip is found early) and
// cost (p - 1) round trips each at rank 0.
constexpr int pingpongs = 10;
constexpr int tag = 0; // on the private communicator: nothing else travels there

MPI_Comm sync_comm = MPI_COMM_NULL;
bool shared_clock = false; // every rank on one host, none skewed: offsets are exactly 0

// Ranks of one host read one CLOCK_MONOTONIC: their offsets are 0 by construction, and a
// measurement would only add its error (up to 5 µs at p = 8 on 2 cores, where the ranks wait
// for a core). The ping-pongs still run, for the latency they measure.
bool one_clock() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  std::uint64_t h = 1469598103934665603ull;
  for (const char* c = host; *c != '\0'; ++c) h = (h ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
  std::uint64_t v[3] = {h, ~h, skew.any() ? 1u : 0u}; // max h, ~(min h), any skew
  PMPI_Allreduce(MPI_IN_PLACE, v, 3, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  return v[0] == ~v[1] && v[2] == 0;
}

std::uint64_t local_ns() {
  return skewed(skew, monotonic_ns());
}

// Rank 0 answers every other rank's pings, rank by rank, with its clock; the others measure.
OffsetSample measure(int rank, int size) {
  OffsetSample best{};
  if (rank == 0) {
    for (int r = 1; r < size; ++r)
      for (int k = 0; k < pingpongs; ++k) {
        PMPI_Recv(nullptr, 0, MPI_BYTE, r, tag, sync_comm, MPI_STATUS_IGNORE);
        const std::uint64_t t0 = local_ns();
        PMPI_Send(&t0, static_cast<int>(sizeof t0), MPI_BYTE, r, tag, sync_comm);
      }
    best.time_ns = local_ns();
    return best;
  }
  std::uint64_t least = UINT64_MAX;
  for (int k = 0; k < pingpongs; ++k) {
    std::uint64_t t0 = 0;
    const std::uint64_t t1 = local_ns();
    PMPI_Send(nullptr, 0, MPI_BYTE, 0, tag, sync_comm);
    PMPI_Recv(&t0, static_cast<int>(sizeof t0), MPI_BYTE, 0, tag, sync_comm, MPI_STATUS_IGNORE);
    const std::uint64_t t2 = local_ns();
    if (t2 - t1 >= least) continue;
    least = t2 - t1;
    best.time_ns = t1 + least / 2;
    best.offset_ns = shared_clock ? 0 : static_cast<std::int64_t>(t0 - best.time_ns);
    best.half_rtt_ns = least / 2 > 0 ? least / 2 : 1; // 0 is rank 0's mark
  }
  return best;
}
#endif

} // namespace

void sync_clocks(bool at_init) {
  if (at_init) {
    std::string error;
    skew = parse_clock_skew(std::getenv("COLLSCOPE_TRACE_CLOCK_SKEW"), state.world_rank, error);
    if (!error.empty() && state.world_rank == 0)
      std::fprintf(stderr, "collscope-trace: %s\n", error.c_str());
#ifdef SMPI_H
    // Simulated time starts at 0, where a clock 5 ms behind would read before 0; and nothing
    // would measure the skew to undo it.
    const char* asked = std::getenv("COLLSCOPE_TRACE_CLOCK_SKEW");
    if (asked != nullptr && *asked != '\0' && error.empty() && state.world_rank == 0)
      std::fprintf(stderr, "collscope-trace: COLLSCOPE_TRACE_CLOCK_SKEW is ignored under SMPI "
                           "(simulated ranks share one clock)\n");
    skew = ClockSkew{};
#endif
    skew.init_ns = monotonic_ns();
    if (skew.any()) {
      const RawSkew raw{skew.offset_ns, skew.drift_ppm, skew.init_ns};
      write_definition(DefRecord::clock_skew, &raw, sizeof raw);
    }
  }
#ifndef SMPI_H
  if (at_init) {
    shared_clock = one_clock();
    PMPI_Comm_dup(MPI_COMM_WORLD, &sync_comm);
  }
  if (sync_comm == MPI_COMM_NULL) return;
  const OffsetSample s = measure(state.world_rank, state.world_size);
  const RawOffset raw{s.time_ns, s.offset_ns, s.half_rtt_ns};
  write_definition(DefRecord::clock_offset, &raw, sizeof raw);
  if (!at_init) PMPI_Comm_free(&sync_comm);
#endif
}

} // namespace collscope::rec
