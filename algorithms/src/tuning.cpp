#include "collscope/algorithms/tuning.hpp"

#include "collscope/schedule/pipeline.hpp"

#include <algorithm>

namespace collscope {

namespace {
PipelineTuning current;
} // namespace

void set_pipeline_tuning(const PipelineTuning& tuning) {
  current = tuning;
}

PipelineTuning pipeline_tuning() {
  return current;
}

int pipeline_blocks_for(int p, int count, MPI_Datatype datatype) {
  if (count <= 0) return 0;
  if (current.blocks > 0) return std::min(current.blocks, count);
  int size = 0;
  MPI_Type_size(datatype, &size);
  const double bytes = static_cast<double>(size) * count;
  return schedule::pipeline_best_blocks(p, count, bytes, current.alpha, current.beta);
}

} // namespace collscope
