// The frame of the allgathers that collect blocks in another order than rank order (node by
// node, lane by lane): this rank's block handed to the composition, the p blocks collected in
// its order, then every block copied to its rank's place in the receive buffer.
#pragma once

#include "common/own_block.hpp"

#include <functional>
#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// `collect(own, all)` gathers every rank's block (own: this rank's, also when it is in place)
/// into `all`, p = position.size() blocks of recvcount × recvtype, rank r's at block
/// position[r]; then each block goes to its rank's place in recvbuf (in place: all but this
/// rank's, already there). MPI error code.
int allgather_reordered(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        int recvcount, MPI_Datatype recvtype, int rank,
                        const std::vector<int>& position,
                        const std::function<int(const OwnBlock& own, void* all)>& collect);

} // namespace collscope::detail
