#include "common/knomial_levels.hpp"

#include "common/buffers.hpp"

#include <algorithm>
#include <collscope/annotate.hpp>
#include <vector>

namespace collscope::detail {

int each_knomial_level(int v, int p, int k, Toward toward, const LevelStart& start,
                       const LevelChild& finish) {
  auto levels = schedule::knomial_child_levels(v, p, k);
  if (toward == Toward::leaves) std::ranges::reverse(levels);
  std::vector<MPI_Request> requests;
  for (const schedule::KnomialLevel& level : levels) {
    const trace::Round round(
        toward == Toward::root ? level.level : schedule::knomial_topdown_round(level.level, p, k));
    requests.assign(level.edges.size(), MPI_REQUEST_NULL);
    for (std::size_t c = 0; c < level.edges.size(); ++c)
      COLLSCOPE_TRY(start(c, level.edges[c], &requests[c]));
    COLLSCOPE_TRY(
        MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE));
    if (finish)
      for (std::size_t c = 0; c < level.edges.size(); ++c) COLLSCOPE_TRY(finish(c, level.edges[c]));
  }
  return MPI_SUCCESS;
}

} // namespace collscope::detail
