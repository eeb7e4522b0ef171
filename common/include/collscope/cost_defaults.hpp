#pragma once
// The α-β parameters every part of collscope uses when the user gives none: the driver's
// "model_cost_s" line, `collscope-trace stats`, the app's statistics, the grader's model
// checks and the benchmarks. One place, so that a printed prediction and a replay agree.

namespace collscope {

/// Latency per message: 1 µs.
inline constexpr double default_alpha_s = 1e-6;
/// Time per byte: 0.2 ns (5 GB/s).
inline constexpr double default_beta_s_per_byte = 2e-10;

} // namespace collscope
