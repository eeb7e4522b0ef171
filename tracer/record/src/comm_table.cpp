#include "comm_table.hpp"

#include <numeric>

namespace collscope::rec {
namespace {

constexpr std::uint32_t self_counter = 0xfffff;

int remote_or_local_size(MPI_Comm comm) {
  int inter = 0;
  int size = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter != 0)
    PMPI_Comm_remote_size(comm, &size);
  else
    PMPI_Comm_size(comm, &size);
  return size;
}

} // namespace

void CommTable::start(int world_rank, int world_size) {
  world_rank_ = static_cast<std::uint32_t>(world_rank);
  world_ = {MPI_COMM_WORLD, 0, world_size, world_rank};
  PMPI_Comm_group(MPI_COMM_WORLD, &world_group_);
}

void CommTable::stop() {
  if (world_group_ != MPI_GROUP_NULL) PMPI_Group_free(&world_group_);
}

std::uint32_t CommTable::next_id() {
  if (counter_ + 1 < self_counter) ++counter_; // past a million communicators ids repeat
  return (world_rank_ << 20) | counter_;
}

CommInfo CommTable::find_slow(MPI_Comm comm) {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].handle != comm) continue;
    last_ = i;
    return entries_[i];
  }
  // First use of MPI_COMM_SELF (defined only if used), or of a communicator made by a call
  // the tracer does not wrap.
  const bool self = comm == MPI_COMM_SELF;
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  const CommInfo info{comm, self ? (world_rank_ << 20) | self_counter : next_id(),
                      remote_or_local_size(comm), rank};
  entries_.push_back(info);
  last_ = entries_.size() - 1;
  define(info, undefined_comm, self ? creator_self : creator_unknown);
  return info;
}

void CommTable::agree(MPI_Comm newcomm, MPI_Comm parent, MpiRegion creator) {
  int rank = 0;
  PMPI_Comm_rank(newcomm, &rank);
  std::uint32_t id = rank == 0 ? next_id() : 0;
  PMPI_Bcast(&id, 1, MPI_UINT32_T, 0, newcomm);
  const CommInfo info{newcomm, id, remote_or_local_size(newcomm), rank};
  forget(newcomm); // a recycled handle of a communicator freed behind our back
  entries_.push_back(info);
  if (rank == 0) define(info, find(parent).id, static_cast<std::uint32_t>(creator));
}

void CommTable::forget(MPI_Comm comm) {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].handle != comm || comm == MPI_COMM_SELF) continue;
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
    last_ = 0;
    return;
  }
}

void CommTable::define(const CommInfo& info, std::uint32_t parent, std::uint32_t creator) {
  int inter = 0;
  PMPI_Comm_test_inter(info.handle, &inter);
  MPI_Group group = MPI_GROUP_NULL;
  if (inter != 0)
    PMPI_Comm_remote_group(info.handle, &group);
  else
    PMPI_Comm_group(info.handle, &group);
  int n = 0;
  PMPI_Group_size(group, &n);
  std::vector<int> ranks(static_cast<std::size_t>(n));
  std::vector<int> world(ranks.size());
  std::iota(ranks.begin(), ranks.end(), 0);
  PMPI_Group_translate_ranks(group, n, ranks.data(), world_group_, world.data());
  PMPI_Group_free(&group);
  defs_.push_back(
      {info.id, parent, creator, std::vector<std::uint32_t>(world.begin(), world.end())});
}

} // namespace collscope::rec
