#include "collscope/algorithms/irregular_tuning.hpp"

namespace collscope {

namespace {
IrregularTuning current;
} // namespace

void set_irregular_tuning(const IrregularTuning& tuning) {
  current = tuning;
}

IrregularTuning irregular_tuning() {
  return current;
}

} // namespace collscope
