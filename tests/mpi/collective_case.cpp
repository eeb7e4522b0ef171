#include "collective_case.hpp"

#include <sstream>
#include <vector>

namespace collscope::testing {

namespace {

constexpr int sentinel = -777;

struct Side {
  MPI_Datatype type;
  int count;
  int ints_per_element; ///< the element's extent in ints
  std::size_t ints(int blocks = 1) const {
    return static_cast<std::size_t>(blocks) * count * ints_per_element;
  }
};

Side sender(const Case& c, const TestTypes& t) {
  if (c.types == Types::ints) return {MPI_INT, c.count, 1};
  return {t.vector(), c.count, 3};
}

Side receiver(const Case& c, const TestTypes& t) {
  switch (c.types) {
  case Types::ints:
    return {MPI_INT, c.count, 1};
  case Types::vectors:
    return {t.vector(), c.count, 3};
  case Types::mixed:
    return {MPI_INT, 2 * c.count, 1};
  }
  return {MPI_INT, c.count, 1};
}

using Ints = std::vector<int>;

Ints pattern(std::size_t n, int seed) {
  Ints v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = (seed + 1) * 1000 + static_cast<int>(i % 997);
  return v;
}

void* data_or_null(Ints& v) {
  return v.empty() ? nullptr : v.data();
}

struct Shape {
  int rank = 0;
  int size = 0;
};
Shape shape(MPI_Comm comm) {
  Shape s;
  MPI_Comm_rank(comm, &s.rank);
  MPI_Comm_size(comm, &s.size);
  return s;
}

bool rooted(const Case& c, const TestTypes& t, MPI_Comm comm, bool is_gather) {
  const auto [rank, p] = shape(comm);
  const Side s = sender(c, t), r = receiver(c, t);
  const bool at_root = rank == c.root;
  const Ints original = pattern(is_gather ? s.ints() : (at_root ? s.ints(p) : 0), rank);
  Ints send = original;
  Ints got(is_gather ? (at_root ? r.ints(p) : 0) : r.ints(), sentinel);
  Ints want = got;
  const void* sendbuf = data_or_null(send);
  void* recv_got = data_or_null(got);
  void* recv_want = data_or_null(want);
  if (c.in_place && at_root) {
    if (is_gather) {
      sendbuf = MPI_IN_PLACE;
      std::copy(original.begin(), original.end(), got.begin() + static_cast<long>(r.ints(rank)));
      std::copy(original.begin(), original.end(), want.begin() + static_cast<long>(r.ints(rank)));
    } else {
      recv_got = recv_want = MPI_IN_PLACE;
    }
  }
  Ints send_native = original;
  const void* native_send = sendbuf == MPI_IN_PLACE ? MPI_IN_PLACE : data_or_null(send_native);
  int rc = MPI_SUCCESS, rc_native = MPI_SUCCESS;
  if (c.algorithm->irregular()) {
    // Regular blocks through MPI_Gatherv/MPI_Scatterv's interface: counts all equal, displs
    // contiguous (tests/irregular covers irregular sizes and gaps).
    const Side& root_side = is_gather ? r : s;
    const std::vector<int> counts(static_cast<std::size_t>(p), root_side.count);
    std::vector<int> displs(static_cast<std::size_t>(p));
    for (int i = 0; i < p; ++i) displs[i] = i * root_side.count;
    if (is_gather) {
      rc = c.algorithm->gatherv(sendbuf, s.count, s.type, recv_got, counts.data(), displs.data(),
                                r.type, c.root, comm);
      rc_native = MPI_Gatherv(native_send, s.count, s.type, recv_want, counts.data(), displs.data(),
                              r.type, c.root, comm);
    } else {
      rc = c.algorithm->scatterv(sendbuf, counts.data(), displs.data(), s.type, recv_got, r.count,
                                 r.type, c.root, comm);
      rc_native = MPI_Scatterv(native_send, counts.data(), displs.data(), s.type, recv_want,
                               r.count, r.type, c.root, comm);
    }
  } else {
    const auto native = is_gather ? MPI_Gather : MPI_Scatter;
    rc = c.algorithm->rooted(sendbuf, s.count, s.type, recv_got, r.count, r.type, c.root, comm);
    rc_native = native(native_send, s.count, s.type, recv_want, r.count, r.type, c.root, comm);
  }
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want && send == original;
}

/// A nonblocking start's code, then its completion with plain MPI_Wait (which progresses
/// collscope's schedules, nonblocking.hpp).
int waited(int started, MPI_Request& request) {
  return started != MPI_SUCCESS ? started : MPI_Wait(&request, MPI_STATUS_IGNORE);
}

/// A barrier has no result: it must return, with success, alongside MPI's own (its order is
/// checked in tests/sync).
bool barrier(const Case& c, MPI_Comm comm) {
  MPI_Request request = MPI_REQUEST_NULL;
  const int rc = c.algorithm->nonblocking() ? waited(c.algorithm->ibarrier(comm, &request), request)
                                            : c.algorithm->barrier(comm);
  return rc == MPI_SUCCESS && MPI_Barrier(comm) == MPI_SUCCESS;
}

bool bcast(const Case& c, const TestTypes& t, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const Side side = rank == c.root ? sender(c, t) : receiver(c, t);
  Ints got = rank == c.root ? pattern(side.ints(), rank) : Ints(side.ints(), sentinel);
  Ints want = got;
  MPI_Request request = MPI_REQUEST_NULL;
  const int rc = c.algorithm->nonblocking()
                     ? waited(c.algorithm->ibcast(data_or_null(got), side.count, side.type, c.root,
                                                  comm, &request),
                              request)
                     : c.algorithm->bcast(data_or_null(got), side.count, side.type, c.root, comm);
  const int rc_native = MPI_Bcast(data_or_null(want), side.count, side.type, c.root, comm);
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want;
}

int error_class(int code) {
  int cls = MPI_SUCCESS;
  MPI_Error_class(code, &cls);
  return cls;
}

int ints_per_element(MPI_Datatype type) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  return static_cast<int>(extent / static_cast<MPI_Aint>(sizeof(int)));
}

bool reduce(const Case& c, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const std::size_t n = static_cast<std::size_t>(c.count) * ints_per_element(c.datatype);
  Ints original(n);
  for (std::size_t i = 0; i < n; ++i) original[i] = (rank * 7 + static_cast<int>(i) * 3) % 11 + 1;
  Ints send = original;
  const bool at_root = rank == c.root;
  Ints got(at_root ? n : 0, sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  if (c.in_place && at_root) {
    sendbuf = MPI_IN_PLACE;
    got = want = original;
  }
  const int rc =
      c.algorithm->reduce(sendbuf, data_or_null(got), c.count, c.datatype, c.op, c.root, comm);
  const int rc_native =
      MPI_Reduce(sendbuf, data_or_null(want), c.count, c.datatype, c.op, c.root, comm);
  // An op the library cannot apply to the type must be refused the same way, on every rank.
  if (rc_native != MPI_SUCCESS) return error_class(rc) == error_class(rc_native);
  return rc == MPI_SUCCESS && got == want && send == original;
}

bool allreduce(const Case& c, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const std::size_t n = static_cast<std::size_t>(c.count) * ints_per_element(c.datatype);
  Ints original(n);
  for (std::size_t i = 0; i < n; ++i) original[i] = (rank * 7 + static_cast<int>(i) * 3) % 11 + 1;
  Ints send = original, got(n, sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  if (c.in_place) {
    sendbuf = MPI_IN_PLACE;
    got = want = original;
  }
  MPI_Request request = MPI_REQUEST_NULL;
  const int rc =
      c.algorithm->nonblocking()
          ? waited(c.algorithm->iallreduce(sendbuf, data_or_null(got), c.count, c.datatype, c.op,
                                           comm, &request),
                   request)
          : c.algorithm->allreduce(sendbuf, data_or_null(got), c.count, c.datatype, c.op, comm);
  const int rc_native = MPI_Allreduce(sendbuf, data_or_null(want), c.count, c.datatype, c.op, comm);
  if (rc_native != MPI_SUCCESS) return error_class(rc) == error_class(rc_native);
  return rc == MPI_SUCCESS && got == want && send == original;
}

/// MPI_Reduce_scatter_block with `count` per rank, or MPI_Reduce_scatter with rank i receiving
/// count·((i + 1) mod 3): sizes differ and some blocks are empty.
bool reduce_scatter(const Case& c, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const bool block = c.algorithm->collective == Collective::reduce_scatter_block;
  std::vector<int> counts(static_cast<std::size_t>(p), c.count);
  if (!block)
    for (int i = 0; i < p; ++i) counts[i] = c.count * ((i + 1) % 3);
  const auto per = static_cast<std::size_t>(ints_per_element(c.datatype));
  std::size_t total = 0;
  for (int n : counts) total += static_cast<std::size_t>(n) * per;
  const std::size_t own = static_cast<std::size_t>(counts[rank]) * per;
  Ints original(total);
  for (std::size_t i = 0; i < total; ++i)
    original[i] = (rank * 7 + static_cast<int>(i) * 3) % 11 + 1;
  Ints send = original, got(own, sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  if (c.in_place) {
    sendbuf = MPI_IN_PLACE;
    got = want = original;
  }
  const auto run = [&](bool native, void* recv) {
    if (block)
      return (native ? MPI_Reduce_scatter_block : c.algorithm->reduce_scatter_block)(
          sendbuf, recv, c.count, c.datatype, c.op, comm);
    return (native ? MPI_Reduce_scatter : c.algorithm->reduce_scatter)(sendbuf, recv, counts.data(),
                                                                       c.datatype, c.op, comm);
  };
  const int rc = run(false, data_or_null(got));
  const int rc_native = run(true, data_or_null(want));
  if (rc_native != MPI_SUCCESS) return error_class(rc) == error_class(rc_native);
  got.resize(own); // in place, only the first recvcounts[rank] elements are defined
  want.resize(own);
  return rc == MPI_SUCCESS && got == want && send == original;
}

/// MPI_Scan and MPI_Exscan; Exscan's receive buffer at rank 0 is undefined in MPI, so it is
/// compared on ranks ≥ 1 only.
bool prefix(const Case& c, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const bool exclusive = c.algorithm->collective == Collective::exscan;
  const std::size_t n = static_cast<std::size_t>(c.count) * ints_per_element(c.datatype);
  Ints original(n);
  for (std::size_t i = 0; i < n; ++i) original[i] = (rank * 7 + static_cast<int>(i) * 3) % 11 + 1;
  Ints send = original, got(n, sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  if (c.in_place) {
    sendbuf = MPI_IN_PLACE;
    got = want = original;
  }
  const int rc = c.algorithm->scan(sendbuf, data_or_null(got), c.count, c.datatype, c.op, comm);
  const int rc_native = (exclusive ? MPI_Exscan : MPI_Scan)(sendbuf, data_or_null(want), c.count,
                                                            c.datatype, c.op, comm);
  if (rc_native != MPI_SUCCESS) return error_class(rc) == error_class(rc_native);
  const bool significant = !(exclusive && rank == 0);
  return rc == MPI_SUCCESS && (!significant || got == want) && send == original;
}

bool allgather(const Case& c, const TestTypes& t, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const Side s = sender(c, t), r = receiver(c, t);
  const Ints original = pattern(s.ints(), rank);
  Ints send = original;
  Ints got(r.ints(p), sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  if (c.in_place) {
    sendbuf = MPI_IN_PLACE;
    std::copy(original.begin(), original.end(), got.begin() + static_cast<long>(r.ints(rank)));
    std::copy(original.begin(), original.end(), want.begin() + static_cast<long>(r.ints(rank)));
  }
  const int rc =
      c.algorithm->allgather(sendbuf, s.count, s.type, data_or_null(got), r.count, r.type, comm);
  const int rc_native =
      MPI_Allgather(sendbuf, s.count, s.type, data_or_null(want), r.count, r.type, comm);
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want && send == original;
}

/// Regular blocks through MPI_Allgatherv's interface: counts all equal, displs contiguous
/// (tests/irregular covers irregular sizes and gaps).
bool allgatherv(const Case& c, const TestTypes& t, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const Side s = sender(c, t), r = receiver(c, t);
  const std::vector<int> counts(static_cast<std::size_t>(p), r.count);
  std::vector<int> displs(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) displs[i] = i * r.count;
  const Ints original = pattern(s.ints(), rank);
  Ints send = original;
  Ints got(r.ints(p), sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  if (c.in_place) {
    sendbuf = MPI_IN_PLACE;
    std::copy(original.begin(), original.end(), got.begin() + static_cast<long>(r.ints(rank)));
    std::copy(original.begin(), original.end(), want.begin() + static_cast<long>(r.ints(rank)));
  }
  const int rc = c.algorithm->allgatherv(sendbuf, s.count, s.type, data_or_null(got), counts.data(),
                                         displs.data(), r.type, comm);
  const int rc_native = MPI_Allgatherv(sendbuf, s.count, s.type, data_or_null(want), counts.data(),
                                       displs.data(), r.type, comm);
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want && send == original;
}

/// MPI_Alltoall, or regular blocks through MPI_Alltoallv's interface (counts all equal, displs
/// contiguous; test_alltoallv.cpp covers irregular sizes and gaps). An algorithm that runs on
/// powers of two only must refuse every other p with MPI_ERR_ARG and leave the buffers alone.
bool alltoall(const Case& c, const TestTypes& t, MPI_Comm comm) {
  const auto [rank, p] = shape(comm);
  const Side s = sender(c, t), r = receiver(c, t);
  const Ints original = pattern(c.in_place ? 0 : s.ints(p), rank);
  Ints send = original;
  Ints got(r.ints(p), sentinel);
  const void* sendbuf = data_or_null(send);
  if (c.in_place) {
    sendbuf = MPI_IN_PLACE;
    got = pattern(r.ints(p), rank);
  }
  const Ints before = got;
  Ints want = got;
  const std::vector<int> scounts(static_cast<std::size_t>(p), s.count),
      rcounts(static_cast<std::size_t>(p), r.count);
  std::vector<int> sdispls(static_cast<std::size_t>(p)), rdispls(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) {
    sdispls[i] = i * s.count;
    rdispls[i] = i * r.count;
  }
  int rc = MPI_SUCCESS, rc_native = MPI_SUCCESS;
  // Open MPI 4.1's MPI_Alltoall is no oracle for differing send and receive datatypes: at
  // p = 16 its small-message algorithm returns wrong blocks and writes past the receive
  // buffer. Its MPI_Alltoallv, on the same blocks, is right.
  const bool native_alltoall = c.types != Types::mixed;
  if (c.algorithm->collective == Collective::alltoall) {
    rc = c.algorithm->alltoall(sendbuf, s.count, s.type, data_or_null(got), r.count, r.type, comm);
    if (native_alltoall)
      rc_native = MPI_Alltoall(sendbuf, s.count, s.type, data_or_null(want), r.count, r.type, comm);
    else
      rc_native = MPI_Alltoallv(sendbuf, scounts.data(), sdispls.data(), s.type, data_or_null(want),
                                rcounts.data(), rdispls.data(), r.type, comm);
  } else {
    rc = c.algorithm->alltoallv(sendbuf, scounts.data(), sdispls.data(), s.type, data_or_null(got),
                                rcounts.data(), rdispls.data(), r.type, comm);
    rc_native = MPI_Alltoallv(sendbuf, scounts.data(), sdispls.data(), s.type, data_or_null(want),
                              rcounts.data(), rdispls.data(), r.type, comm);
  }
  if (c.algorithm->power_of_two_only && (p & (p - 1)) != 0)
    return error_class(rc) == MPI_ERR_ARG && got == before && send == original;
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want && send == original;
}

} // namespace

std::vector<int> roots_to_test(const Algorithm& a, int p) {
  if (!a.has_root()) return {0};
  std::vector<int> roots;
  for (int root = 0; root < p; ++root)
    if (!a.mock_up() || root == 0 || root == p / 2 || root == p - 1) roots.push_back(root);
  return roots;
}

std::string Case::describe(MPI_Comm comm) const {
  int p = 0;
  MPI_Comm_size(comm, &p);
  std::ostringstream out;
  out << to_string(algorithm->collective) << " " << algorithm->name << ": p=" << p;
  if (algorithm->has_root()) out << " root=" << root;
  out << " count=" << count << " types=" << to_string(types) << (in_place ? " in-place" : "");
  return out.str();
}

bool matches_native(const Case& c, const TestTypes& types, MPI_Comm comm) {
  switch (c.algorithm->collective) {
  case Collective::gather:
  case Collective::gatherv:
    return rooted(c, types, comm, true);
  case Collective::scatter:
  case Collective::scatterv:
    return rooted(c, types, comm, false);
  case Collective::bcast:
    return bcast(c, types, comm);
  case Collective::reduce:
    return reduce(c, comm);
  case Collective::allreduce:
    return allreduce(c, comm);
  case Collective::scan:
  case Collective::exscan:
    return prefix(c, comm);
  case Collective::allgather:
    return allgather(c, types, comm);
  case Collective::allgatherv:
    return allgatherv(c, types, comm);
  case Collective::reduce_scatter_block:
  case Collective::reduce_scatter:
    return reduce_scatter(c, comm);
  case Collective::alltoall:
  case Collective::alltoallv:
    return alltoall(c, types, comm);
  case Collective::neighbor_allgather: // on topologies: tests/neighbor
  case Collective::neighbor_alltoall:
    return false;
  case Collective::ibcast:
    return bcast(c, types, comm);
  case Collective::iallreduce:
    return allreduce(c, comm);
  case Collective::barrier:
  case Collective::ibarrier:
    return barrier(c, comm);
  }
  return false;
}

} // namespace collscope::testing
