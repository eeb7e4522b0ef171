// The last step of the allgathers that collect blocks in another order than rank order (node
// by node, lane by lane): every block copied to its rank's place in the receive buffer.
#pragma once

#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// For every rank r but `skip` (the caller's own block when it is in place; −1: none): block
/// position[r] of `collected` to block r of `recvbuf`, count × type each. MPI error code.
int to_rank_order(const void* collected, const std::vector<int>& position, void* recvbuf, int count,
                  MPI_Datatype type, int skip);

} // namespace collscope::detail
