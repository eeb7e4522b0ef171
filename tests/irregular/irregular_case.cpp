#include "irregular_case.hpp"

#include "collscope/algorithms/allgatherv.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

namespace collscope::testing {

namespace {

constexpr int sentinel = -777;
using Ints = std::vector<int>;

struct Side {
  MPI_Datatype type;
  int scale;  ///< elements of this side per sender element
  int extent; ///< ints per element
};

Side sender(const IrregularCase& c, const TestTypes& t) {
  return c.types == Types::ints ? Side{MPI_INT, 1, 1} : Side{t.vector(), 1, 3};
}

Side receiver(const IrregularCase& c, const TestTypes& t) {
  switch (c.types) {
  case Types::ints:
    return {MPI_INT, 1, 1};
  case Types::vectors:
    return {t.vector(), 1, 3};
  case Types::mixed:
    return {MPI_INT, 2, 1};
  }
  return {MPI_INT, 1, 1};
}

/// The root's displacements (in its elements) and the length of its buffer.
std::vector<int> displacements(const IrregularCase& c, const std::vector<int>& counts, int& end) {
  const int p = static_cast<int>(counts.size());
  std::vector<int> order(static_cast<std::size_t>(p));
  std::iota(order.begin(), order.end(), 0);
  if (c.placement == Placement::reversed) std::reverse(order.begin(), order.end());
  if (c.placement == Placement::shuffled)
    for (int i = 0; i < p; ++i) std::swap(order[i], order[(i * 7 + 3) % p]);
  const int gap = c.placement == Placement::gaps || c.placement == Placement::shuffled ? 2 : 0;
  std::vector<int> displs(static_cast<std::size_t>(p));
  end = 0;
  for (int k : order) {
    displs[k] = end;
    end += counts[k] + gap;
  }
  return displs;
}

Ints pattern(std::size_t n, int seed) {
  Ints v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = (seed + 1) * 1000 + static_cast<int>(i % 997);
  return v;
}

void* data_or_null(Ints& v) {
  return v.empty() ? nullptr : v.data();
}

} // namespace

std::string IrregularCase::describe(MPI_Comm comm) const {
  int p = 0;
  MPI_Comm_size(comm, &p);
  std::ostringstream out;
  out << to_string(algorithm->collective) << " " << algorithm->name << ": p=" << p;
  if (algorithm->has_root()) out << " root=" << root;
  if (piece > 0) out << " piece=" << piece;
  out << " counts=";
  for (std::size_t i = 0; i < counts.size(); ++i) out << (i ? "," : "") << counts[i];
  static const char* names[] = {"packed", "gaps", "reversed", "shuffled"};
  out << " displs=" << names[static_cast<int>(placement)] << " types=" << to_string(types)
      << (in_place ? " in-place" : "");
  return out.str();
}

namespace {

/// allgatherv: every rank has MPI_Allgatherv's receive side of the root in gatherv.
bool allgatherv_matches(const IrregularCase& c, const TestTypes& t, MPI_Comm comm) {
  int rank = 0, p = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const Side s = sender(c, t), r = receiver(c, t);
  std::vector<int> counts(c.counts);
  for (int& n : counts) n *= r.scale;
  int end = 0;
  const std::vector<int> displs = displacements(c, counts, end);
  const int mine = c.counts[rank];
  const Ints original = pattern(static_cast<std::size_t>(mine) * s.extent, rank);
  Ints send = original, send_native = original;
  Ints got(static_cast<std::size_t>(end) * r.extent, sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  const void* native_send = data_or_null(send_native);
  if (c.in_place) {
    sendbuf = native_send = MPI_IN_PLACE;
    const auto at = static_cast<long>(displs[rank]) * r.extent;
    std::copy(original.begin(), original.end(), got.begin() + at);
    std::copy(original.begin(), original.end(), want.begin() + at);
  }
  const int rc = c.piece > 0 ? allgatherv_ring_pipelined_piece(sendbuf, mine, s.type,
                                                               data_or_null(got), counts.data(),
                                                               displs.data(), r.type, comm, c.piece)
                             : c.algorithm->allgatherv(sendbuf, mine, s.type, data_or_null(got),
                                                       counts.data(), displs.data(), r.type, comm);
  const int rc_native = MPI_Allgatherv(native_send, mine, s.type, data_or_null(want), counts.data(),
                                       displs.data(), r.type, comm);
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want && send == original;
}

} // namespace

bool matches_native(const IrregularCase& c, const TestTypes& t, MPI_Comm comm) {
  if (c.algorithm->collective == Collective::allgatherv) return allgatherv_matches(c, t, comm);
  int rank = 0, p = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const bool gather = c.algorithm->collective == Collective::gatherv;
  const bool at_root = rank == c.root;
  const Side s = sender(c, t), r = receiver(c, t);
  const Side& root_side = gather ? r : s;
  std::vector<int> root_counts(c.counts);
  for (int& n : root_counts) n *= root_side.scale;
  int end = 0;
  const std::vector<int> displs = displacements(c, root_counts, end);
  const auto ints = [](int elements, const Side& side) {
    return static_cast<std::size_t>(elements) * side.extent;
  };
  const int mine = c.counts[rank];
  // The root's buffer of all blocks, and each rank's own block.
  const std::size_t all = at_root ? ints(end, root_side) : 0;
  const Ints original = gather ? pattern(ints(mine, s), rank) : pattern(all, rank);
  Ints send = original;
  Ints got(gather ? all : ints(mine * r.scale, r), sentinel), want = got;
  const void* sendbuf = data_or_null(send);
  void* recv_got = data_or_null(got);
  void* recv_want = data_or_null(want);
  if (c.in_place && at_root) {
    if (gather) {
      sendbuf = MPI_IN_PLACE;
      const auto at = static_cast<long>(ints(displs[rank], r));
      std::copy(original.begin(), original.end(), got.begin() + at);
      std::copy(original.begin(), original.end(), want.begin() + at);
    } else {
      recv_got = recv_want = MPI_IN_PLACE;
    }
  }
  Ints send_native = original;
  const void* native_send = sendbuf == MPI_IN_PLACE ? MPI_IN_PLACE : data_or_null(send_native);
  int rc = 0, rc_native = 0;
  if (gather) {
    rc = c.algorithm->gatherv(sendbuf, mine, s.type, recv_got, root_counts.data(), displs.data(),
                              r.type, c.root, comm);
    rc_native = MPI_Gatherv(native_send, mine, s.type, recv_want, root_counts.data(), displs.data(),
                            r.type, c.root, comm);
  } else {
    rc = c.algorithm->scatterv(sendbuf, root_counts.data(), displs.data(), s.type, recv_got,
                               mine * r.scale, r.type, c.root, comm);
    rc_native = MPI_Scatterv(native_send, root_counts.data(), displs.data(), s.type, recv_want,
                             mine * r.scale, r.type, c.root, comm);
  }
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want && send == original;
}

} // namespace collscope::testing
