// Human-readable numbers for a projector: times with SI units, byte counts, parsing α/β input.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>

namespace collscope::app {

/// A time unit (s, ms, µs, ns) and how many of it make one second.
struct TimeUnit {
  double perSecond = 1.0;
  QString suffix = QStringLiteral("s");
};

/// The largest unit in which `seconds` is at least 1 (ns for anything smaller).
TimeUnit timeUnitFor(double seconds);

/// "1.23 ms", "850 µs", "0 s": three significant digits in the unit timeUnitFor picks.
QString formatDuration(double seconds);

/// "512 B", "48.0 kB", "2.80 MB" (powers of 1000, as MPI benchmarks print them).
QString formatBytes(std::uint64_t bytes);

/// "1000000" → "1,000,000", so big counts read at a glance.
QString formatCount(std::uint64_t n);

/// A non-negative time typed by a user: "2e-6", "2 us", "2µs", "0.5 ms", "3ns" (seconds if
/// no unit); nullopt if it is not one.
std::optional<double> parseDuration(const QString& text);

/// A parameter typed by a user (α, or β with `perByte`, which also takes "ns/byte", "ns/B"):
/// the seconds, or why the text is not a usable value — "β cannot be negative", "α must be
/// finite, not nan", "α: 'fast' is not a time (try 2 µs, 1e-6, 0.5 ms)".
struct DurationInput {
  std::optional<double> seconds;
  QString error;
};
DurationInput readParameter(const QString& name, const QString& text, bool perByte);

} // namespace collscope::app
