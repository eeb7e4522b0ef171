// Communicator handle -> OTF2 Comm id, and the Comm definitions the archive needs.
//
// Ids follow tracer/README.md: 0 is MPI_COMM_WORLD; a communicator created by a blocking
// call gets (world rank of its rank 0 << 20) | counter, broadcast with PMPI on the new
// communicator, so every member records the same id; on an intercommunicator both groups'
// rank 0 propose and everyone takes the smaller proposal (two PMPI_Allreduce, the only
// reduction that reaches the local group through the remote one). Each agreed id reserves
// the next idup_block - 1 ids for MPI_Comm_idup of that communicator: idups of one
// communicator happen in the same order on every member, so the k-th copy is id + 1 + k
// without any communication. Counter value 0xFFFFF is reserved for MPI_COMM_SELF.
//
// Intercommunicators: OTF2 2.x has no InterComm definition, so the Comm's group is the union
// of both groups in world-rank order (the same on both sides), and peers, which MPI gives as
// ranks in the remote group, are translated to indices in that union when the events leave
// the rank (peer_maps()).
#pragma once

#include "collscope/archive/comm_def.hpp"
#include "collscope/archive/mpi_regions.hpp"

#include <cstdint>
#include <mpi.h>
#include <unordered_map>
#include <vector>

namespace collscope::rec {

struct CommInfo {
  MPI_Comm handle;
  std::uint32_t id;
  int size; // remote size for intercommunicators: peers are remote ranks
  int rank;
  bool inter;
  std::uint32_t idups; // MPI_Comm_idup calls on it so far; its ids are id + 1 + k (k < 15)
  bool agreed;         // id agreed among all members (else rank-local)
};

inline constexpr std::uint32_t idup_block = 16;

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
  /// agree()'s communication without the table, for a member whose thread is not recorded
  /// (MPI_THREAD_MULTIPLE): the recorded members are waiting for it. It proposes nothing; if
  /// it was the leader, every member names the communicator with a rank-local id.
  static void agree_elsewhere(MPI_Comm newcomm);
  /// newcomm is the next MPI_Comm_idup copy of parent (the handle exists at once, before
  /// the request completes): its id follows from parent's, no communication.
  void idup(MPI_Comm parent, MPI_Comm newcomm);
  void forget(MPI_Comm comm);

  /// Definitions this rank is responsible for (the communicators whose rank 0 it is).
  const std::vector<CommDef>& defs() const { return defs_; }
  /// Intercommunicator id -> union index of each remote rank.
  const std::unordered_map<std::uint32_t, std::vector<std::uint32_t>>& peer_maps() const {
    return peer_maps_;
  }
  /// Intercommunicator ids in the order their peer maps were made (for the spill files).
  const std::vector<std::uint32_t>& peer_map_order() const { return peer_map_order_; }

private:
  CommInfo find_slow(MPI_Comm comm);
  CommInfo& entry(MPI_Comm comm);
  void add(const CommInfo& info, std::uint32_t parent, std::uint32_t creator, bool define,
           MPI_Comm groups_of);
  std::uint32_t next_id(bool reserve);

  CommInfo world_{};
  std::vector<CommInfo> entries_;
  std::size_t last_ = 0;
  std::vector<CommDef> defs_;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> peer_maps_;
  std::vector<std::uint32_t> peer_map_order_;
  MPI_Group world_group_ = MPI_GROUP_NULL;
  std::uint32_t world_rank_ = 0;
  std::uint32_t counter_ = idup_block - 1; // (0 << 20) | 1..15 are MPI_COMM_WORLD's copies
};

} // namespace collscope::rec
