#include "collscope/schedule/posted_alltoall.hpp"

#include <algorithm>

namespace collscope::schedule {

int posted_batches(int p, int batch) {
  return p <= 1 ? 0 : (p - 1 + batch - 1) / batch;
}

RoundRange posted_batch(int p, int batch, int i) {
  return {i * batch, std::min(p - 1, (i + 1) * batch)};
}

} // namespace collscope::schedule
