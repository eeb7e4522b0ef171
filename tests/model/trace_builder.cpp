#include "trace_builder.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <otf2/otf2.h>
#include <set>
#include <stdexcept>

namespace collscope::test {

namespace fs = std::filesystem;

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "collscope-model-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

TraceBuilder::TraceBuilder(int ranks, Options options)
    : ranks_(ranks), options_(options), events_(ranks), offsets_(ranks) {}

TraceBuilder& TraceBuilder::clock_offset(int rank, double t, double offset, double error) {
  offsets_.at(rank).push_back({t, offset, error});
  return *this;
}

std::uint32_t TraceBuilder::comm(const std::vector<int>& world_members) {
  // As the recorder agrees on ids: comm rank 0 picks (world_rank << 20) | counter.
  const auto id = (static_cast<std::uint32_t>(world_members.at(0)) << 20) |
                  static_cast<std::uint32_t>(comms_.size() + 1);
  comms_.push_back({id, world_members});
  return id;
}

std::uint32_t TraceBuilder::region(const std::string& name) {
  const auto it = std::find(regions_.begin(), regions_.end(), name);
  if (it != regions_.end()) return static_cast<std::uint32_t>(it - regions_.begin());
  regions_.push_back(name);
  return static_cast<std::uint32_t>(regions_.size() - 1);
}

TraceBuilder::Event& TraceBuilder::add(int rank, double t, Type type) {
  Event& e = events_.at(rank).emplace_back();
  e.type = type;
  e.time = options_.clock_offset + static_cast<std::uint64_t>(std::llround(t * 1e9));
  return e;
}

TraceBuilder& TraceBuilder::enter(int rank, double t, const std::string& name, const Meta& meta) {
  const std::uint32_t r = region(name);
  Event& e = add(rank, t, Type::enter);
  e.region = r;
  e.meta = meta;
  return *this;
}

TraceBuilder& TraceBuilder::leave(int rank, double t, const std::string& name) {
  const std::uint32_t r = region(name);
  add(rank, t, Type::leave).region = r;
  return *this;
}

TraceBuilder& TraceBuilder::mpi_send(int rank, double t, int peer, std::uint64_t bytes, int tag,
                                     std::uint32_t comm, std::optional<model::Blocks> blocks) {
  Event& e = add(rank, t, Type::send);
  e.peer = static_cast<std::uint32_t>(peer);
  e.bytes = bytes;
  e.tag = static_cast<std::uint32_t>(tag);
  e.comm = comm;
  e.blocks = blocks;
  return *this;
}

TraceBuilder& TraceBuilder::mpi_recv(int rank, double t, int peer, std::uint64_t bytes, int tag,
                                     std::uint32_t comm) {
  Event& e = add(rank, t, Type::recv);
  e.peer = static_cast<std::uint32_t>(peer);
  e.bytes = bytes;
  e.tag = static_cast<std::uint32_t>(tag);
  e.comm = comm;
  return *this;
}

TraceBuilder& TraceBuilder::mpi_isend(int rank, double t, int peer, std::uint64_t bytes, int tag,
                                      std::uint64_t request, std::uint32_t comm) {
  mpi_send(rank, t, peer, bytes, tag, comm);
  events_[rank].back().type = Type::isend;
  events_[rank].back().request = request;
  return *this;
}

TraceBuilder& TraceBuilder::mpi_isend_complete(int rank, double t, std::uint64_t request) {
  add(rank, t, Type::isend_complete).request = request;
  return *this;
}

TraceBuilder& TraceBuilder::mpi_irecv_request(int rank, double t, std::uint64_t request) {
  add(rank, t, Type::irecv_request).request = request;
  return *this;
}

TraceBuilder& TraceBuilder::mpi_irecv(int rank, double t, int peer, std::uint64_t bytes, int tag,
                                      std::uint64_t request, std::uint32_t comm) {
  mpi_recv(rank, t, peer, bytes, tag, comm);
  events_[rank].back().type = Type::irecv;
  events_[rank].back().request = request;
  return *this;
}

TraceBuilder& TraceBuilder::collective(int rank, double t0, double t1, const std::string& function,
                                       std::uint32_t op, std::uint32_t root, std::uint64_t sent,
                                       std::uint64_t received, std::uint32_t comm) {
  enter(rank, t0, function);
  add(rank, t0, Type::coll_begin);
  Event& e = add(rank, t1, Type::coll_end);
  e.tag = op;
  e.peer = root;
  e.bytes = sent;
  e.bytes2 = received;
  e.comm = comm;
  return leave(rank, t1, function);
}

TraceBuilder& TraceBuilder::send(int rank, double t0, double t1, int dest, std::uint64_t bytes,
                                 int tag, std::uint32_t comm, std::optional<model::Blocks> blocks) {
  enter(rank, t0, "MPI_Send");
  mpi_send(rank, t0, dest, bytes, tag, comm, blocks);
  return leave(rank, t1, "MPI_Send");
}

TraceBuilder& TraceBuilder::recv(int rank, double t0, double t1, int source, std::uint64_t bytes,
                                 int tag, std::uint32_t comm) {
  enter(rank, t0, "MPI_Recv");
  mpi_recv(rank, t1, source, bytes, tag, comm);
  return leave(rank, t1, "MPI_Recv");
}

TraceBuilder& TraceBuilder::sendrecv(int rank, double t0, double t1, int dest,
                                     std::uint64_t send_bytes, int source, std::uint64_t recv_bytes,
                                     int tag, std::uint32_t comm) {
  enter(rank, t0, "MPI_Sendrecv");
  mpi_send(rank, t0, dest, send_bytes, tag, comm);
  mpi_recv(rank, t1, source, recv_bytes, tag, comm);
  return leave(rank, t1, "MPI_Sendrecv");
}

} // namespace collscope::test
