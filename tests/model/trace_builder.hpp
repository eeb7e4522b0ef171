// Test fixture: writes small OTF2 archives exactly as tracer/README.md describes them (one
// location per rank, Comm 0 = MPI_COMM_WORLD, MpiSend/MpiRecv inside Enter/Leave of MPI calls,
// USER regions for algorithms and rounds, collscope attributes), with OTF2's serial writer.
// Events are buffered per rank and written at the end, like the recorder does.
#pragma once

#include "collscope/model/trace.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace collscope::test {

/// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
  std::filesystem::path path_;
};

class TraceBuilder {
public:
  struct Options {
    bool comm_locations = true;      ///< also write the COMM_LOCATIONS group (Score-P does)
    std::uint64_t location_base = 0; ///< location id of rank r = base + r (collscope: 0)
    std::uint64_t clock_offset = 1'000'000'000; ///< ticks (ns) of time 0
  };
  using Meta = std::map<std::string, std::string>;

  explicit TraceBuilder(int ranks) : TraceBuilder(ranks, Options{}) {}
  TraceBuilder(int ranks, Options options);

  /// A communicator of the given world ranks (in comm-rank order); returns its Comm id.
  std::uint32_t comm(const std::vector<int>& world_members);

  // Single records; times in seconds; peers are ranks in `comm`, as OTF2 defines.
  TraceBuilder& enter(int rank, double t, const std::string& region, const Meta& meta = {});
  TraceBuilder& leave(int rank, double t, const std::string& region);
  TraceBuilder& mpi_send(int rank, double t, int peer, std::uint64_t bytes, int tag = 0,
                         std::uint32_t comm = 0, std::optional<model::Blocks> blocks = {});
  TraceBuilder& mpi_recv(int rank, double t, int peer, std::uint64_t bytes, int tag = 0,
                         std::uint32_t comm = 0);
  TraceBuilder& mpi_isend(int rank, double t, int peer, std::uint64_t bytes, int tag,
                          std::uint64_t request, std::uint32_t comm = 0);
  TraceBuilder& mpi_isend_complete(int rank, double t, std::uint64_t request);
  TraceBuilder& mpi_irecv_request(int rank, double t, std::uint64_t request);
  TraceBuilder& mpi_irecv(int rank, double t, int peer, std::uint64_t bytes, int tag,
                          std::uint64_t request, std::uint32_t comm = 0);
  TraceBuilder& collective(int rank, double t0, double t1, const std::string& function,
                           std::uint32_t op, std::uint32_t root, std::uint64_t sent,
                           std::uint64_t received, std::uint32_t comm = 0);

  // Whole blocking calls, as the recorder writes them.
  TraceBuilder& send(int rank, double t0, double t1, int dest, std::uint64_t bytes, int tag = 0,
                     std::uint32_t comm = 0, std::optional<model::Blocks> blocks = {});
  TraceBuilder& recv(int rank, double t0, double t1, int source, std::uint64_t bytes, int tag = 0,
                     std::uint32_t comm = 0);
  TraceBuilder& sendrecv(int rank, double t0, double t1, int dest, std::uint64_t send_bytes,
                         int source, std::uint64_t recv_bytes, int tag = 0, std::uint32_t comm = 0);

  /// A ClockOffset local definition of `rank` (at its own time t, seconds to add, error).
  TraceBuilder& clock_offset(int rank, double t, double offset, double error);

  /// Writes the archive `traces` into `dir` (which must not exist yet); returns `dir`.
  std::filesystem::path write(const std::filesystem::path& dir) const;

private:
  enum class Type {
    enter,
    leave,
    send,
    recv,
    isend,
    isend_complete,
    irecv_request,
    irecv,
    coll_begin,
    coll_end
  };
  struct Event {
    Type type;
    std::uint64_t time;
    std::uint32_t region = 0;
    std::uint32_t peer = 0;
    std::uint32_t comm = 0;
    std::uint32_t tag = 0;
    std::uint64_t bytes = 0;
    std::uint64_t bytes2 = 0;
    std::uint64_t request = 0;
    std::optional<model::Blocks> blocks;
    Meta meta;
  };
  struct CommDef {
    std::uint32_t id;
    std::vector<int> members;
  };

  Event& add(int rank, double t, Type type);
  std::uint32_t region(const std::string& name);

  int ranks_;
  Options options_;
  std::vector<std::vector<Event>> events_;
  struct Offset {
    double time, offset, error;
  };
  std::vector<std::vector<Offset>> offsets_;
  std::vector<std::string> regions_;
  std::vector<CommDef> comms_;
};

} // namespace collscope::test
