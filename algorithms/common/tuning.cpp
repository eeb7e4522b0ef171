#include "collscope/algorithms/tuning.hpp"

#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/ring_pipeline.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace collscope {

int pipeline_blocks_for(int p, int count, MPI_Datatype datatype) {
  if (count <= 0) return 0;
  const PipelineTuning current = pipeline_tuning();
  if (current.blocks > 0) return std::min(current.blocks, count);
  int size = 0;
  MPI_Type_size(datatype, &size);
  const double bytes = static_cast<double>(size) * count;
  return schedule::pipeline_best_blocks(p, count, bytes, current.alpha, current.beta);
}

int allgatherv_piece_for(int p, const int* recvcounts, MPI_Datatype datatype) {
  const PipelineTuning current = pipeline_tuning();
  if (current.piece > 0) return current.piece;
  int size = 0;
  MPI_Type_size(datatype, &size);
  const std::vector<std::int64_t> counts(recvcounts, recvcounts + p);
  return static_cast<int>(
      schedule::ring_allgatherv_best_piece(counts, size, current.alpha, current.beta));
}

} // namespace collscope
