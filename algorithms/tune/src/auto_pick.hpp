// `auto` in COLLSCOPE_TUNE: for each call, the algorithm collscope's α-β chooser predicts
// fastest — the same choose_algorithm (collscope/algorithms/choose.hpp) as collscope-run
// --algorithm auto, with the same α and β (the network file of collscope-calibrate, else the
// defaults) — among the algorithms safe for this call. Pure: the MPI side (the call's key, the
// network broadcast) is auto_call.cpp's.
//
// Safe for this call: the chooser leaves out what the call's op or data make wrong or unequal
// between ranks (commutative-only algorithms under a non-commutative op, powers of two only,
// rank-dependent float results on floating-point data under an order-sensitive op unless
// auto:floats=ok), what needs a node layout (hierarchical, full-lane), the guideline mock-ups
// and native (no formula). So auto never picks an algorithm that route.cpp would then refuse.
#pragma once

#include "collscope/algorithms/choose.hpp"
#include "collscope/tune/config.hpp"

#include <compare>
#include <map>
#include <mutex>
#include <string>

namespace collscope::tune {

/// What auto's choice depends on: the same on every rank of a call.
struct AutoKey {
  Collective collective = Collective::bcast;
  int p = 1;
  std::int64_t bytes = 0;  ///< the call's size, as config.hpp counts it
  int type_size = 1;       ///< bytes of data in one element of the call's datatype
  bool commutative = true; ///< the op's (reductions)
  bool floating = false;   ///< floating-point data under an order-sensitive op (route.hpp)
  bool floats_ok = false;  ///< auto:floats=ok
  auto operator<=>(const AutoKey&) const = default;
};

/// auto's decision for one key.
struct AutoPick {
  /// The algorithm with its knob (blocks = M, radix = k); the native entry: no algorithm fits,
  /// the library's collective runs.
  Choice choice;
  std::string knob;   ///< "M=8", "k=3", ""
  std::string why;    ///< native: the chooser's reason
  std::string note;   ///< "2 left out for floating-point data", ""
  double seconds = 0; ///< the α-β prediction of the choice
};

/// The chooser for one key (count = bytes / type_size elements of type_size bytes).
AutoPick pick(const AutoKey& key, const CostModel& model);

/// Picks made once per key, so that a loop of equal calls runs the model once.
class AutoCache {
public:
  /// The pick for `key` (the same reference for the process's life).
  const AutoPick& lookup(const AutoKey& key, const CostModel& model);
  /// How many times the model ran (misses).
  long long evaluations() const;

private:
  mutable std::mutex mutex_;
  std::map<AutoKey, AutoPick> picks_;
  long long evaluations_ = 0;
};

} // namespace collscope::tune
