// MPI's contract of every algorithm: argument errors come back as the error classes the MPI
// standard names for them (MPI_ERR_COMM, _ROOT, _TYPE, _COUNT, _BUFFER, _ARG, _OP), on every
// rank; and the algorithms' messages
// never meet the user's, even a user receive with MPI_ANY_SOURCE and MPI_ANY_TAG pending
// during the collective.
#include "collective_case.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace collscope;
using namespace collscope::testing;

namespace {

/// One wrong argument; everything else is a valid call with `count` ints per block.
struct Bad {
  const char* what;
  int expected; ///< the MPI error class
  int root = 0;
  int count = 4;
  MPI_Datatype type = MPI_INT;
  bool null_comm = false;
  bool null_buffer = false;   ///< the buffer every rank passes (send side, scatter: receive)
  bool recv_in_place = false; ///< MPI_IN_PLACE as the receive buffer (the rootless ones)
  MPI_Op op = MPI_SUM;
};

/// Calls `a` with the wrong argument on every rank of comm; the error class, or MPI_SUCCESS.
int call_with(const Algorithm& a, const Bad& b, MPI_Comm world) {
  int p = 0;
  MPI_Comm_size(world, &p);
  const MPI_Comm comm = b.null_comm ? MPI_COMM_NULL : world;
  const std::size_t n = static_cast<std::size_t>(b.count > 0 ? b.count : 1) * p;
  std::vector<int> send(n, 1), recv(n, 0);
  std::vector<int> counts(static_cast<std::size_t>(p), b.count), displs(counts.size());
  for (std::size_t i = 0; i < displs.size(); ++i) displs[i] = static_cast<int>(i) * b.count;
  void* sb = b.null_buffer ? nullptr : send.data();
  void* rb = b.recv_in_place ? MPI_IN_PLACE : recv.data();
  int rc = MPI_SUCCESS;
  switch (a.collective) {
  case Collective::gather:
    rc = a.rooted(sb, b.count, b.type, rb, b.count, b.type, b.root, comm);
    break;
  case Collective::scatter:
    rc = a.rooted(send.data(), b.count, b.type, b.null_buffer ? nullptr : rb, b.count, b.type,
                  b.root, comm);
    break;
  case Collective::bcast:
    rc = a.bcast(sb, b.count, b.type, b.root, comm);
    break;
  case Collective::reduce:
    rc = a.reduce(sb, rb, b.count, b.type, b.op, b.root, comm);
    break;
  case Collective::allreduce:
    rc = a.allreduce(sb, rb, b.count, b.type, b.op, comm);
    break;
  case Collective::scan:
  case Collective::exscan:
    rc = a.scan(sb, rb, b.count, b.type, b.op, comm);
    break;
  case Collective::allgather:
    rc = a.allgather(sb, b.count, b.type, rb, b.count, b.type, comm);
    break;
  case Collective::gatherv:
    rc = a.gatherv(sb, b.count, b.type, rb, counts.data(), displs.data(), b.type, b.root, comm);
    break;
  case Collective::scatterv:
    rc = a.scatterv(send.data(), counts.data(), displs.data(), b.type, b.null_buffer ? nullptr : rb,
                    b.count, b.type, b.root, comm);
    break;
  case Collective::allgatherv:
    rc = a.allgatherv(sb, b.count, b.type, rb, counts.data(), displs.data(), b.type, comm);
    break;
  case Collective::reduce_scatter_block:
    rc = a.reduce_scatter_block(sb, rb, b.count, b.type, b.op, comm);
    break;
  case Collective::reduce_scatter:
    rc = a.reduce_scatter(sb, rb, counts.data(), b.type, b.op, comm);
    break;
  case Collective::alltoall:
    rc = a.alltoall(sb, b.count, b.type, rb, b.count, b.type, comm);
    break;
  case Collective::alltoallv:
    rc = a.alltoallv(sb, counts.data(), displs.data(), b.type, rb, counts.data(), displs.data(),
                     b.type, comm);
    break;
  case Collective::neighbor_allgather:
  case Collective::neighbor_alltoall:
    rc = a.neighbor(sb, b.count, b.type, rb, b.count, b.type, comm);
    break;
  case Collective::barrier:
    rc = a.barrier(comm);
    break;
  case Collective::ibcast:
  case Collective::iallreduce:
  case Collective::ibarrier: {
    MPI_Request request = MPI_REQUEST_NULL;
    rc = a.collective == Collective::ibcast ? a.ibcast(sb, b.count, b.type, b.root, comm, &request)
         : a.collective == Collective::iallreduce
             ? a.iallreduce(sb, rb, b.count, b.type, b.op, comm, &request)
             : a.ibarrier(comm, &request);
    if (rc == MPI_SUCCESS) rc = MPI_Wait(&request, MPI_STATUS_IGNORE);
    break;
  }
  }
  int error_class = rc;
  if (rc != MPI_SUCCESS) MPI_Error_class(rc, &error_class);
  return error_class;
}

std::vector<Bad> bad_calls(const Algorithm& a, int p) {
  if (blocking_twin(a.collective) == Collective::barrier) // a communicator is all it takes
    return {{.what = "null communicator", .expected = MPI_ERR_COMM, .null_comm = true}};
  std::vector<Bad> calls{
      {.what = "null communicator", .expected = MPI_ERR_COMM, .null_comm = true},
      {.what = "MPI_DATATYPE_NULL", .expected = MPI_ERR_TYPE, .type = MPI_DATATYPE_NULL},
      {.what = "count −1", .expected = MPI_ERR_COUNT, .count = -1},
      {.what = "null buffer with data", .expected = MPI_ERR_BUFFER, .null_buffer = true}};
  if (a.has_root()) {
    calls.push_back({.what = "root p", .expected = MPI_ERR_ROOT, .root = p});
    calls.push_back({.what = "root −1", .expected = MPI_ERR_ROOT, .root = -1});
  }
  if (a.collective == Collective::allgather || a.collective == Collective::allgatherv ||
      blocking_twin(a.collective) == Collective::allreduce || a.reduce_scatters() || a.prefix() || a.alltoalls())
    calls.push_back(
        {.what = "MPI_IN_PLACE as receive buffer", .expected = MPI_ERR_ARG, .recv_in_place = true});
  if (a.reduces())
    calls.push_back({.what = "MPI_OP_NULL", .expected = MPI_ERR_OP, .op = MPI_OP_NULL});
  return calls;
}

} // namespace

TEST_CASE("argument errors return MPI's error class on every rank", "[contract]") {
  const int p = world_size();
  for (const Algorithm& a : algorithms()) {
    for (const Bad& b : bad_calls(a, p)) {
      // Open MPI 4.1 is no oracle here: it crashes on a null buffer and on MPI_COMM_NULL in
      // MPI_Allgather, and answers MPI_DATATYPE_NULL in MPI_Reduce with MPI_ERR_OP.
      if (a.is_native() || a.neighborhood()) continue; // on topologies: tests/neighbor
      INFO(to_string(a.collective) << " " << a.name << ": " << b.what);
      const int got = call_with(a, b, MPI_COMM_WORLD);
      CHECK(all_ranks(got == b.expected, MPI_COMM_WORLD));
    }
  }
}

TEST_CASE("root-only argument errors fail at the root, as in MPI", "[contract]") {
  // Only the root sees them, so they are tried where the root is alone: on MPI_COMM_SELF.
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  for (const Algorithm& a : algorithms()) {
    int code = MPI_SUCCESS;
    std::vector<int> buffer(4, 1);
    if (a.collective == Collective::gather)
      code = a.rooted(buffer.data(), 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_SELF);
    else if (a.collective == Collective::scatter)
      code = a.rooted(MPI_IN_PLACE, 1, MPI_INT, buffer.data(), 1, MPI_INT, 0, MPI_COMM_SELF);
    else if (a.collective == Collective::reduce) // aliased send and receive buffers
      code = a.reduce(buffer.data(), buffer.data(), 4, MPI_INT, MPI_SUM, 0, MPI_COMM_SELF);
    else
      continue;
    INFO(to_string(a.collective) << " " << a.name);
    int error_class = code;
    if (code != MPI_SUCCESS) MPI_Error_class(code, &error_class);
    CHECK(all_ranks(error_class == MPI_ERR_ARG, MPI_COMM_WORLD));
  }
}

TEST_CASE("the algorithms' messages never match a user's MPI_ANY_TAG receive", "[contract]") {
  // Each rank has a receive from any source with any tag pending on the user's communicator
  // while the collective runs; it must get the user's message from the left neighbour, sent
  // after the collective, and nothing of the collective's.
  const TestTypes types;
  const int p = world_size();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  constexpr int user_tag = 4242;
  for (const Algorithm& a : algorithms()) {
    if (a.is_native() || a.neighborhood()) continue;
    for (int root : {0, p - 1}) {
      if (!a.has_root() && root != 0) continue;
      int got[2] = {-1, -1};
      MPI_Request pending = MPI_REQUEST_NULL;
      MPI_Irecv(got, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &pending);
      Case c{&a, root, 5, Types::ints, false};
      if (a.reduces()) c.op = MPI_SUM;
      const bool same = matches_native(c, types, MPI_COMM_WORLD);
      const int mine[2] = {rank, user_tag};
      MPI_Send(mine, 2, MPI_INT, (rank + 1) % p, user_tag, MPI_COMM_WORLD);
      MPI_Status status;
      MPI_Wait(&pending, &status);
      const int left = (rank + p - 1) % p;
      INFO(c.describe(MPI_COMM_WORLD) << ": received tag " << status.MPI_TAG << " from "
                                      << status.MPI_SOURCE << " payload " << got[0]);
      CHECK(all_ranks(same && status.MPI_TAG == user_tag && status.MPI_SOURCE == left &&
                          got[0] == left && got[1] == user_tag,
                      MPI_COMM_WORLD));
    }
  }
}

TEST_CASE("a freed user communicator takes its private duplicate with it", "[contract]") {
  // Many communicators come and go; each call on a fresh one must work (the cached duplicate
  // of a freed communicator must never be reused for a new one with a recycled handle).
  const TestTypes types;
  const Algorithm* a = find_algorithm(Collective::allgather, "ring");
  REQUIRE(a);
  bool ok = true;
  for (int i = 0; i < 50; ++i) {
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ok = matches_native({a, 0, 3, Types::ints, false}, types, comm) && ok;
    MPI_Comm_free(&comm);
  }
  CHECK(all_ranks(ok, MPI_COMM_WORLD));
}
