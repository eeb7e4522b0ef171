// Recursive halving on the butterfly's power-of-two core (collscope/schedule/reduce_scatter.hpp),
// shared by reduce_scatter halving, reduce_scatter ordered-halving and allreduce rabenseifner:
// the fold of p − q ranks into their odd partners, the halving steps, and the unfold. What
// differs between them is the order of the steps and where the blocks sit.
#pragma once

#include "collscope/schedule/reduce_scatter.hpp"

#include <cstdint>
#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// A vector cut into q positions: position s is elements [offset[s], offset[s + 1]) of the
/// work buffer.
struct HalvingLayout {
  std::vector<std::int64_t> offset; ///< q + 1 entries
  std::int64_t elements() const { return offset.back(); }
};

/// The work buffer of one rank during recursive halving, in `layout`'s positions.
struct HalvingWork {
  void* data;
  const HalvingLayout& layout;
  MPI_Datatype datatype;
  MPI_Op op;
};

/// Round `round` (when p is not a power of two): the even rank of each of the first p − q
/// pairs sends its whole work buffer to the odd one, which adds it on the right (keeps rank
/// order).
int halving_fold(HalvingWork work, int round, int tag, MPI_Comm comm);

/// The core steps, numbered from `first_round`; on return core rank v's work buffer holds the
/// complete sums of the positions it kept. Ranks outside the core do nothing. `annotate`: the
/// sums are over contiguous runs of ranks (smallest distance first), so their origins are
/// traced.
int halving_reduce(HalvingWork work, schedule::HalvingOrder order, int first_round, int tag,
                   MPI_Comm comm);

/// The same steps backwards (recursive doubling): every core rank sends what it kept and
/// receives what it sent, so afterwards all core ranks hold every position complete.
int halving_allgather(HalvingWork work, schedule::HalvingOrder order, int first_round, int tag,
                      MPI_Comm comm);

/// Real ranks whose inputs core ranks [first, last) stand for: {first real rank, count}.
std::pair<int, int> core_origins(int first, int last, int p);

} // namespace collscope::detail
