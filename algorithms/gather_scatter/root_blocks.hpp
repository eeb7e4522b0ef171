// What the gather and scatter trees share at the root: the block it keeps for itself, and the
// run of blocks a subtree sends it (gather) or it sends a subtree (scatter), in virtual-rank
// order, so split in two where the subtree's real ranks wrap past p − 1 (root ≠ 0).
#pragma once

#include "common/buffers.hpp"

#include <mpi.h>
#include <optional>

namespace collscope::detail {

/// The blocks, count × type each, of the subtree of `size` ranks whose first real rank is
/// `first`, from the root's `sendbuf` of p blocks in real-rank order: a run of `sendbuf`, or,
/// when the subtree's ranks wrap past p − 1, its two runs packed into `staging`. Sets `run`;
/// MPI error code.
int subtree_run(const void* sendbuf, int count, MPI_Datatype type, int first, int size, int p,
                std::optional<TempBuffer>& staging, const void*& run);

/// Scatter: the root's own block, block `root` of `sendbuf` copied to `recvbuf`; nothing in
/// place.
int keep_root_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root);

/// Gather: the root's own block, `sendbuf` copied to block `root` of `recvbuf`; nothing in
/// place.
int place_root_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root);

/// Gather: the blocks of a subtree that wraps past p − 1 (as subtree_run), received in
/// virtual-rank order into `staging`, copied to their places in the root's `recvbuf`: its head
/// ends the buffer, its tail starts it. MPI error code.
int unpack_wrapped_subtree(const void* staging, int count, MPI_Datatype type, int first, int size,
                           int p, void* recvbuf);

} // namespace collscope::detail
