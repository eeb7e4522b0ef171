// Buffers of the irregular collectives (gatherv, scatterv, allgatherv): the blocks of many
// ranks in one message, at the root as MPI_Gatherv/MPI_Scatterv's counts and displacements
// place them, and in the intermediate buffers of tree nodes.
//
// Messages between non-roots carry blocks of several ranks, each described by its owner's own
// (count, datatype). They travel as the one predefined datatype the type signatures are made
// of (seeds/000 §3: "the smallest, repeated unit of the signature type"), so every send and
// receive matches by MPI's type rules. A datatype mixing predefined types travels as MPI_BYTE,
// which is right on homogeneous machines only. Every rank must then use a datatype built from
// the same predefined type, also for an empty block it forwards others' blocks through.
#pragma once

#include "common/annotate.hpp"

#include <cstdint>
#include <mpi.h>
#include <span>
#include <vector>

namespace collscope::detail {

/// The predefined datatype `type` is made of, or MPI_BYTE if it mixes several.
MPI_Datatype unit_type(MPI_Datatype type);
/// count × MPI_Type_size(type).
std::int64_t bytes_of(int count, MPI_Datatype type);
/// A message of `bytes` as a count of `unit`.
int units_of(std::int64_t bytes, MPI_Datatype unit);

/// The blocks of `ranks` (in message order; empty blocks skipped) of a root buffer with
/// MPI_Gatherv's counts, displacements and datatype, as one (address, count, datatype): a
/// plain run when each block starts where the previous ended, else one committed indexed
/// datatype, so blocks land in (or leave from) their places with no copy at all.
class RootBlocks {
public:
  RootBlocks(const void* base, const int* counts, const int* displs, MPI_Datatype type,
             std::span<const int> ranks);
  ~RootBlocks();
  RootBlocks(const RootBlocks&) = delete;
  RootBlocks& operator=(const RootBlocks&) = delete;

  void* address() const { return address_; }
  int count() const { return count_; }
  MPI_Datatype type() const { return type_; }
  /// MPI_SUCCESS, or the error of building the indexed datatype.
  int status() const { return status_; }

private:
  void* address_ = nullptr;
  int count_ = 0;
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
  MPI_Datatype owned_ = MPI_DATATYPE_NULL;
  int status_ = MPI_SUCCESS;
};

/// typed_copy that accepts empty blocks (MPI_Pack refuses a null buffer even for count 0).
int copy_block(const void* src, int scount, MPI_Datatype stype, void* dst, int rcount,
               MPI_Datatype rtype);

/// Gatherv and allgatherv: `rank`'s own block, `sendbuf` copied to its place in `recvbuf`
/// (recvcounts[rank] × recvtype at displs[rank]); nothing in place.
int place_own_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    const int* recvcounts, const int* displs, MPI_Datatype recvtype, int rank);

/// Scatterv: the root's own block, from its place in `sendbuf` (sendcounts[root] × sendtype at
/// displs[root]) copied to `recvbuf`; nothing in place.
int keep_own_block(const void* sendbuf, const int* sendcounts, const int* displs,
                   MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root);

/// The ranks of [begin, end) in order.
std::vector<int> rank_list(int begin, int end);

/// Trace metadata "counts": the root's block counts, comma-separated (only the root knows
/// them; the trace model takes the union of all ranks' metadata).
void meta_counts(const int* counts, int p);

/// The algorithm region of a gatherv or scatterv: at the root its own block, counts[root] of
/// the root side's type, and every block's count (meta_counts); elsewhere the rank's own
/// block of the other side.
class IrregularRegion : public AlgorithmRegion {
public:
  IrregularRegion(const char* collective, const char* name, int root, const int* counts,
                  MPI_Datatype root_type, int own_count, MPI_Datatype own_type, MPI_Comm comm);
};

} // namespace collscope::detail
