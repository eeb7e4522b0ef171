#include "auto_pick.hpp"

#include <algorithm>
#include <limits>

namespace collscope::tune {

AutoPick pick(const AutoKey& key, const CostModel& model) {
  const int type_size = std::max(1, key.type_size);
  const std::int64_t elements = std::max<std::int64_t>(0, key.bytes) / type_size;
  const CallShape shape{
      .collective = key.collective,
      .p = key.p,
      .count = static_cast<int>(std::min<std::int64_t>(elements, std::numeric_limits<int>::max())),
      .type_size = type_size,
      .commutative = key.commutative,
      .floating = key.floating && !key.floats_ok};
  const collscope::Choice ranked = choose_algorithm(shape, model);
  AutoPick result;
  result.choice.automatic = false;
  result.choice.floats_ok = key.floats_ok;
  if (shape.floating) {
    // Those the float rule alone kept out: a candidate without it.
    CallShape without = shape;
    without.floating = false;
    const auto n =
        std::count_if(ranked.refused.begin(), ranked.refused.end(), [&](const Refusal& r) {
          return refusal(*r.algorithm, without, model).empty();
        });
    if (n > 0) result.note = std::to_string(n) + " left out for floating-point data";
  }
  if (!ranked.ok()) {
    result.choice.algorithm = find_algorithm(key.collective, "native");
    result.why = ranked.error;
    return result;
  }
  const Candidate& best = ranked.best();
  result.choice.algorithm = best.algorithm;
  result.seconds = best.seconds;
  // As collscope-run: the chooser's parameter is M for pipelined algorithms, k for radix ones.
  if (best.algorithm->uses_blocks()) {
    result.choice.blocks = best.parameter;
    result.knob = "M=" + std::to_string(best.parameter);
  } else if (best.algorithm->uses_radix() && best.parameter >= 2) {
    result.choice.radix = best.parameter;
    result.knob = "k=" + std::to_string(best.parameter);
  }
  return result;
}

const AutoPick& AutoCache::lookup(const AutoKey& key, const CostModel& model) {
  const std::lock_guard lock(mutex_);
  if (const auto found = picks_.find(key); found != picks_.end()) return found->second;
  ++evaluations_;
  return picks_.emplace(key, pick(key, model)).first->second;
}

long long AutoCache::evaluations() const {
  const std::lock_guard lock(mutex_);
  return evaluations_;
}

} // namespace collscope::tune
