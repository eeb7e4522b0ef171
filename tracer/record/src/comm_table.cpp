#include "comm_table.hpp"

#include "recorder.hpp"

#include <algorithm>
#include <numeric>

namespace collscope::rec {
namespace {

constexpr std::uint32_t self_counter = 0xfffff;

int remote_or_local_size(MPI_Comm comm, bool inter) {
  int size = 0;
  if (inter)
    PMPI_Comm_remote_size(comm, &size);
  else
    PMPI_Comm_size(comm, &size);
  return size;
}

bool is_inter(MPI_Comm comm) {
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  return inter != 0;
}

std::vector<std::uint32_t> world_ranks(MPI_Group group, MPI_Group world) {
  int n = 0;
  PMPI_Group_size(group, &n);
  std::vector<int> ranks(static_cast<std::size_t>(n));
  std::vector<int> translated(ranks.size());
  std::iota(ranks.begin(), ranks.end(), 0);
  PMPI_Group_translate_ranks(group, n, ranks.data(), world, translated.data());
  return {translated.begin(), translated.end()};
}

} // namespace

void CommTable::start(int world_rank, int world_size) {
  world_rank_ = static_cast<std::uint32_t>(world_rank);
  world_ = {MPI_COMM_WORLD, 0, world_size, world_rank, false, 0, true};
  PMPI_Comm_group(MPI_COMM_WORLD, &world_group_);
}

void CommTable::stop() {
  if (world_group_ != MPI_GROUP_NULL) PMPI_Group_free(&world_group_);
}

std::uint32_t CommTable::next_id(bool reserve) {
  const std::uint32_t step = reserve ? idup_block : 1;
  if (counter_ + step < self_counter) { // past a million communicators ids repeat
    ++counter_;
    const std::uint32_t id = (world_rank_ << 20) | counter_;
    counter_ += step - 1;
    return id;
  }
  return (world_rank_ << 20) | counter_;
}

CommInfo CommTable::find_slow(MPI_Comm comm) {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].handle != comm) continue;
    last_ = i;
    return entries_[i];
  }
  // First use of MPI_COMM_SELF (defined only if used), or of a communicator made by a call
  // the tracer does not wrap: a rank-local id.
  const bool self = comm == MPI_COMM_SELF;
  const bool inter = is_inter(comm);
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  const CommInfo info{comm,
                      self ? (world_rank_ << 20) | self_counter : next_id(false),
                      remote_or_local_size(comm, inter),
                      rank,
                      inter,
                      0,
                      false};
  add(info, undefined_comm, self ? creator_self : creator_unknown, true, comm);
  return info;
}

CommInfo& CommTable::entry(MPI_Comm comm) {
  if (comm == MPI_COMM_WORLD) return world_;
  find(comm);
  return entries_[last_];
}

namespace {

// The communication of agree(): every member proposes (only rank 0's proposal counts; 0 is
// no proposal) and all learn the id, 0 when a leader made none.
std::uint32_t exchange_id(MPI_Comm newcomm, bool inter, std::uint32_t proposal) {
  if (!inter) {
    PMPI_Bcast(&proposal, 1, MPI_UINT32_T, 0, newcomm);
    return proposal;
  }
  // A broadcast from rank 0 would mean "from the other group's rank 0" on both sides.
  std::uint32_t remote = 0;
  std::uint32_t local = 0;
  PMPI_Allreduce(&proposal, &remote, 1, MPI_UINT32_T, MPI_MAX, newcomm);
  PMPI_Allreduce(&remote, &local, 1, MPI_UINT32_T, MPI_MAX, newcomm);
  return std::min(local, remote);
}

} // namespace

void CommTable::agree(MPI_Comm newcomm, MPI_Comm parent, MpiRegion creator) {
  int rank = 0;
  PMPI_Comm_rank(newcomm, &rank);
  const bool inter = is_inter(newcomm);
  std::uint32_t id = exchange_id(newcomm, inter, rank == 0 ? next_id(true) : 0);
  // No proposal: a leader's thread is not recorded (agree_elsewhere); each rank names it.
  const bool agreed = id != 0;
  if (!agreed) id = next_id(false);
  const std::uint32_t parent_id = find(parent).id;
  forget(newcomm); // a recycled handle of a communicator freed behind our back
  add({newcomm, id, remote_or_local_size(newcomm, inter), rank, inter, 0, agreed}, parent_id,
      static_cast<std::uint32_t>(creator), rank == 0 || !agreed, newcomm);
}

void CommTable::agree_elsewhere(MPI_Comm newcomm) {
  exchange_id(newcomm, is_inter(newcomm), 0);
}

void CommTable::idup(MPI_Comm parent, MPI_Comm newcomm) {
  CommInfo& p = entry(parent);
  const bool derived = p.agreed && p.idups + 1 < idup_block;
  CommInfo info{newcomm, derived ? p.id + 1 + p.idups : next_id(false), p.size, p.rank, p.inter, 0,
                derived};
  ++p.idups;
  const std::uint32_t parent_id = p.id;
  // The copy's groups are the parent's: the new handle is not usable before completion.
  forget(newcomm);
  add(info, parent_id, static_cast<std::uint32_t>(MpiRegion::Comm_idup), !derived || info.rank == 0,
      parent);
}

void CommTable::forget(MPI_Comm comm) {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].handle != comm || comm == MPI_COMM_SELF) continue;
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
    last_ = 0;
    return;
  }
}

void CommTable::add(const CommInfo& info, std::uint32_t parent, std::uint32_t creator, bool define,
                    MPI_Comm groups_of) {
  entries_.push_back(info);
  last_ = entries_.size() - 1;
  std::vector<std::uint32_t> members;
  if (info.inter) {
    MPI_Group local = MPI_GROUP_NULL;
    MPI_Group remote = MPI_GROUP_NULL;
    PMPI_Comm_group(groups_of, &local);
    PMPI_Comm_remote_group(groups_of, &remote);
    const std::vector<std::uint32_t> theirs = world_ranks(remote, world_group_);
    members = world_ranks(local, world_group_);
    members.insert(members.end(), theirs.begin(), theirs.end());
    std::sort(members.begin(), members.end());
    std::vector<std::uint32_t>& map = peer_maps_[info.id];
    map.clear();
    peer_map_order_.push_back(info.id);
    for (const std::uint32_t w : theirs)
      map.push_back(static_cast<std::uint32_t>(std::lower_bound(members.begin(), members.end(), w) -
                                               members.begin()));
    PMPI_Group_free(&local);
    PMPI_Group_free(&remote);
  } else if (define) {
    MPI_Group group = MPI_GROUP_NULL;
    PMPI_Comm_group(groups_of, &group);
    members = world_ranks(group, world_group_);
    PMPI_Group_free(&group);
  }
  if (define) defs_.push_back({info.id, parent, creator, std::move(members)});
  note_definitions();
}

} // namespace collscope::rec
