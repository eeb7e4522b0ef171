// A rank's clock against rank 0's: the offsets measured at MPI_Init and MPI_Finalize
// (clock_sync.cpp) and the test hook that skews a rank's clock on purpose. No MPI here: the
// archive writer uses both to convert stamps and to write OTF2 ClockOffset definitions.
//
// COLLSCOPE_TRACE_CLOCK_SKEW="RANK:OFFSET_S:DRIFT_PPM,…" makes the named ranks' clocks run
// OFFSET_S seconds ahead (negative: behind) and gain DRIFT_PPM millionths per second since
// MPI_Init. It is applied where stamps become CLOCK_MONOTONIC nanoseconds (RankInput::to_ns)
// and to the clock reads of the offset measurement, so everything downstream sees the skewed
// clock, as it would see a node whose clock is off, and the measurement must undo it. Nothing
// on the program's path changes. Ignored under SimGrid SMPI (simulated time starts at 0).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace collscope::rec {

struct ClockSkew {
  std::int64_t offset_ns = 0;
  double drift_ppm = 0.0;
  std::uint64_t init_ns = 0; ///< CLOCK_MONOTONIC at MPI_Init: drift counts from there
  bool any() const { return offset_ns != 0 || drift_ppm != 0.0; }
};

/// The skew COLLSCOPE_TRACE_CLOCK_SKEW gives `rank` (init_ns left 0). A malformed text sets
/// `error` (one line) and gives no skew.
ClockSkew parse_clock_skew(const char* text, int rank, std::string& error);

/// A CLOCK_MONOTONIC reading as the skewed clock shows it.
inline std::uint64_t skewed(const ClockSkew& s, std::uint64_t ns) {
  if (!s.any()) return ns;
  const double since =
      ns >= s.init_ns ? static_cast<double>(ns - s.init_ns) : -static_cast<double>(s.init_ns - ns);
  const auto drift = static_cast<std::int64_t>(std::llround(since * s.drift_ppm * 1e-6));
  const std::int64_t shown = static_cast<std::int64_t>(ns) + s.offset_ns + drift;
  return shown > 0 ? static_cast<std::uint64_t>(shown) : 0; // a clock set before its epoch
}

/// One measurement against rank 0 (Score-P's scheme: the ping-pong of least round trip).
struct OffsetSample {
  std::uint64_t time_ns = 0;  ///< on this rank's (skewed) clock: the kept ping-pong's middle
  std::int64_t offset_ns = 0; ///< add to this rank's clock to get rank 0's (0 on rank 0)
  std::uint64_t half_rtt_ns =
      0; ///< half the kept round trip: the offset's error bound (0 on rank 0)
};

/// A stamp on rank 0's clock, as OTF2 readers correct it: linear between consecutive samples,
/// the first or last interval's line outside them; unchanged with fewer than two samples.
inline std::uint64_t corrected_ns(const std::vector<OffsetSample>& samples, std::uint64_t ns) {
  if (samples.size() < 2) return ns;
  std::size_t i = 0;
  while (i + 2 < samples.size() && ns > samples[i + 1].time_ns) ++i;
  const OffsetSample& a = samples[i];
  const OffsetSample& b = samples[i + 1];
  const double slope =
      static_cast<double>(b.offset_ns - a.offset_ns) / static_cast<double>(b.time_ns - a.time_ns);
  const double since =
      ns >= a.time_ns ? static_cast<double>(ns - a.time_ns) : -static_cast<double>(a.time_ns - ns);
  const auto offset = a.offset_ns + static_cast<std::int64_t>(std::rint(slope * since));
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(ns) + offset);
}

/// The samples to write as OTF2 ClockOffset definitions: times strictly increasing (OTF2
/// refuses two at one time), and a rank that died after its MPI_Init measurement gets a second
/// sample with the same offset a second later, since OTF2 readers apply none from a single one.
std::vector<OffsetSample> offset_definitions(std::vector<OffsetSample> samples);

} // namespace collscope::rec
