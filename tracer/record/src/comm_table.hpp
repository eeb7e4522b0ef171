// Communicator handle -> OTF2 Comm id, and the Comm definitions the archive needs.
//
// Ids follow tracer/README.md: 0 is MPI_COMM_WORLD; a communicator created through a wrapped
// call gets (world rank of its rank 0 << 20) | counter, broadcast with PMPI on the new
// communicator, so every member records the same id. Counter value 0xFFFFF is reserved for
// MPI_COMM_SELF of that world rank. Communicators created by calls the tracer does not wrap
// get a rank-local id from the same counter when first used (their messages are still
// recorded, with peers mapped through the group, but ranks disagree on the id).
#pragma once

#include "mpi_regions.hpp"

#include <cstdint>
#include <mpi.h>
#include <vector>

namespace collscope::rec {

struct CommInfo {
  MPI_Comm handle;
  std::uint32_t id;
  int size; // remote size for intercommunicators: peers are remote ranks
  int rank;
};

struct CommDef {
  std::uint32_t id;
  std::uint32_t parent;               // OTF2_UNDEFINED_COMM if none
  std::uint32_t creator;              // MpiRegion of the creating call, or creator_* below
  std::vector<std::uint32_t> members; // world ranks in comm-rank order
};
inline constexpr std::uint32_t creator_self = 0xfffe;
inline constexpr std::uint32_t creator_unknown = 0xffff;
inline constexpr std::uint32_t undefined_comm = 0xffffffffu;

class CommTable {
public:
  void start(int world_rank, int world_size);
  void stop();

  CommInfo find(MPI_Comm comm) {
    if (comm == MPI_COMM_WORLD) return world_;
    if (last_ < entries_.size() && entries_[last_].handle == comm) return entries_[last_];
    return find_slow(comm);
  }

  /// Collective over newcomm (which must not be MPI_COMM_NULL): agrees on its id.
  void agree(MPI_Comm newcomm, MPI_Comm parent, MpiRegion creator);
  void forget(MPI_Comm comm);

  /// Definitions this rank is responsible for (the communicators whose rank 0 it is).
  const std::vector<CommDef>& defs() const { return defs_; }

private:
  CommInfo find_slow(MPI_Comm comm);
  void define(const CommInfo& info, std::uint32_t parent, std::uint32_t creator);
  std::uint32_t next_id();

  CommInfo world_{};
  std::vector<CommInfo> entries_;
  std::size_t last_ = 0;
  std::vector<CommDef> defs_;
  MPI_Group world_group_ = MPI_GROUP_NULL;
  std::uint32_t world_rank_ = 0;
  std::uint32_t counter_ = 0;
};

} // namespace collscope::rec
