#include "collscope/schedule/circulant.hpp"

#include <algorithm>

namespace collscope::schedule {

namespace {
int mod(int a, int p) {
  return ((a % p) + p) % p;
}
} // namespace

std::array<BlockRun, 2> wrap_blocks(int first, int count, int p) {
  first = mod(first, p);
  const int head = std::min(count, p - first);
  if (head == count) return {BlockRun{first, count}, BlockRun{0, 0}};
  // The wrapped tail starts at block 0, which lies below `first` in memory.
  return {BlockRun{0, count - head}, BlockRun{first, head}};
}

CirculantStep ring_allgather_step(int rank, int p, int i) {
  return {mod(rank + 1, p), mod(rank - 1, p), mod(rank - i, p), mod(rank - i - 1, p), 1};
}

CirculantStep dissemination_round(int rank, int p, int k) {
  const int d = 1 << k;
  const int blocks = std::min(d, p - d);
  return {mod(rank + d, p), mod(rank - d, p), mod(rank - blocks + 1, p),
          mod(rank - d - blocks + 1, p), blocks};
}

} // namespace collscope::schedule
