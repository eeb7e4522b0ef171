// The process-wide settings of tuning.hpp and irregular_tuning.hpp: one value of each per
// process, which every rank sets alike before the calls that read it.
#include "collscope/algorithms/irregular_tuning.hpp"
#include "collscope/algorithms/tuning.hpp"

namespace collscope {

namespace {
PipelineTuning pipeline;
IrregularTuning irregular;
} // namespace

void set_pipeline_tuning(const PipelineTuning& tuning) {
  pipeline = tuning;
}

PipelineTuning pipeline_tuning() {
  return pipeline;
}

void set_irregular_tuning(const IrregularTuning& tuning) {
  irregular = tuning;
}

IrregularTuning irregular_tuning() {
  return irregular;
}

} // namespace collscope
