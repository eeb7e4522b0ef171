#include "buffers.hpp"

#include "collscope/algorithms/nonblocking.hpp"
#include "irregular.hpp"
#include "neighbor_run.hpp"

#include <cstring>

namespace collscope::run {

namespace {

bool whole_row(Collective c) {
  return c == Collective::gather || c == Collective::allgather || c == Collective::alltoall;
}

/// alltoallv's blocks of rank `from` for every rank (or for rank `from` from every rank, the
/// sizes being symmetric), packed in rank order.
void alltoallv_layout(int count, int from, int p, std::vector<int>& counts,
                      std::vector<int>& displs) {
  counts.assign(static_cast<std::size_t>(p), 0);
  displs.assign(static_cast<std::size_t>(p), 0);
  for (int j = 0, next = 0; j < p; ++j) {
    counts[j] = alltoallv_count(count, from, j);
    displs[j] = next;
    next += counts[j];
  }
}

bool own_block_in_recv(const Options& o, int rank) {
  const Collective c = o.algorithm->collective;
  return o.in_place &&
         (c == Collective::allgather || c == Collective::allgatherv || c == Collective::allreduce ||
          o.algorithm->reduce_scatters() || o.algorithm->prefix() || o.algorithm->alltoalls() ||
          (rank == o.root &&
           (c == Collective::gather || c == Collective::reduce || c == Collective::gatherv)));
}

std::uint64_t mix(std::uint64_t x) { // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

/// Small non-negative integers, so float and double sums are exact in any order (below 2^24
/// for p·7); see mpi_types.cpp for the packing of the noncommutative op's affine maps.
std::int64_t input(const Options& o, int owner, std::int64_t element, int unit) {
  const std::uint64_t h = mix(mix(mix(mix(o.seed) ^ static_cast<std::uint64_t>(owner)) ^
                                  static_cast<std::uint64_t>(element)) ^
                              static_cast<std::uint64_t>(unit));
  const auto v = static_cast<std::int64_t>(h >> 1);
  if (!o.algorithm->reduces() || o.op == Op::max) return v % 1000;
  if (o.op == Op::sum) return v % 8;
  const std::int64_t a = 1 + 2 * (v % 8), b = (v >> 8) % 1000;
  switch (o.datatype) {
  case Datatype::float_: // b < 1000 < 2^12
    return (a << affine_float_bits) + b;
  case Datatype::double_:
    return (a << affine_double_bits) + b;
  case Datatype::int_:
  case Datatype::vector:
    break;
  }
  return (a << 16) + b;
}

void put(std::vector<std::byte>& buffer, const Layout& layout, std::int64_t unit, double value) {
  std::byte* at = buffer.data() + unit * layout.unit_bytes;
  if (layout.floating && layout.unit_bytes == static_cast<int>(sizeof(double))) {
    std::memcpy(at, &value, sizeof value);
  } else if (layout.floating) { // exact: every value written is an integer below 2^24
    const auto f = static_cast<float>(value);
    std::memcpy(at, &f, sizeof f);
  } else {
    const int i = static_cast<int>(value);
    std::memcpy(at, &i, sizeof i);
  }
}

/// `count` elements of `owner`'s input, from its element `first`, at element `slot`.
void write_input(std::vector<std::byte>& buffer, const Options& o, int owner, std::int64_t first,
                 std::int64_t count, std::int64_t slot) {
  const Layout layout = layout_of(o.datatype);
  for (std::int64_t e = 0; e < count; ++e)
    for (int u = 0; u < layout.units_per_element; ++u)
      if (layout.is_data(u))
        put(buffer, layout, (slot + e) * layout.units_per_element + u,
            static_cast<double>(input(o, owner, first + e, u)));
}

void fill_sentinel(std::vector<std::byte>& buffer, const Layout& layout) {
  const auto units = static_cast<std::int64_t>(buffer.size()) / layout.unit_bytes;
  for (std::int64_t u = 0; u < units; ++u) put(buffer, layout, u, sentinel);
}

std::int64_t total(const std::vector<int>& counts) {
  std::int64_t sum = 0;
  for (int n : counts) sum += n;
  return sum;
}

/// A nonblocking start's code, then its completion: plain MPI_Wait, which progresses the
/// schedule (nonblocking.hpp); under SMPI the schedules are progressed explicitly first.
int completed(int started, MPI_Request& request) {
  if (started != MPI_SUCCESS) return started;
#if defined(COLLSCOPE_SMPI)
  while (progress() > 0) {
  }
#endif
  return MPI_Wait(&request, MPI_STATUS_IGNORE);
}

} // namespace

int alltoallv_count(int count, int i, int j) {
  return count * ((i + j + 1) % 3);
}

std::vector<int> reduce_scatter_counts(Collective collective, int count, int p) {
  std::vector<int> counts(static_cast<std::size_t>(p), count);
  if (collective == Collective::reduce_scatter)
    for (int i = 0; i < p; ++i) counts[i] = count * ((i + 1) % 3);
  return counts;
}

Buffers make_buffers(const Options& o, int rank, int p) {
  const Collective c = blocking_twin(o.algorithm->collective);
  const std::int64_t extent = layout_of(o.datatype).extent_bytes();
  const std::int64_t block = o.count * extent;
  Buffers b;
  // A rooted collective's whole row lives at the root only: MPI ignores the other ranks'
  // row buffers, and p·count on every rank would not fit at p = 1024 (a simulated run holds
  // all ranks in one process).
  const bool row_here = c == Collective::allgather || c == Collective::alltoall || rank == o.root;
  b.send_bytes = c == Collective::bcast ? 0
                 : c == Collective::scatter || c == Collective::alltoall
                     ? (row_here ? p * block : 0)
                     : block;
  b.recv_bytes = whole_row(c) ? (row_here ? p * block : 0) : block;
  if (c == Collective::barrier) b.send_bytes = b.recv_bytes = 0;
  if (o.algorithm->irregular()) {
    const IrregularLayout layout = irregular_layout(o, p);
    const std::int64_t own = layout.counts[rank] * extent;
    // allgatherv: every rank keeps all blocks, laid out as gatherv's root keeps them.
    const bool everyone = c == Collective::allgatherv;
    const std::int64_t all = (rank == o.root || everyone ? layout.root_elements : 0) * extent;
    b.send_bytes = c == Collective::scatterv ? all : own;
    b.recv_bytes = c == Collective::scatterv ? own : all;
    b.counts = layout.counts;
    b.displs = layout.displs;
  }
  if (c == Collective::alltoall && o.in_place) b.send_bytes = 0;
  if (c == Collective::alltoallv) {
    alltoallv_layout(o.count, rank, p, b.send_counts, b.send_displs);
    alltoallv_layout(o.count, rank, p, b.counts, b.displs);
    const std::int64_t all = total(b.counts) * extent;
    b.send_bytes = o.in_place ? 0 : all;
    b.recv_bytes = all;
  }
  if (o.algorithm->reduce_scatters()) {
    // The whole vector goes in; the own block comes out (in place: both in the receive buffer).
    b.counts = reduce_scatter_counts(c, o.count, p);
    const std::int64_t all = total(b.counts) * extent, own = b.counts[rank] * extent;
    b.send_bytes = o.in_place ? 0 : all;
    b.recv_bytes = o.in_place ? all : own;
  }
  if (o.algorithm->neighborhood()) { // s blocks in; one out (allgather) or s (alltoall)
    const int s = neighbor_count(o);
    b.send_bytes = (c == Collective::neighbor_alltoall ? s : 1) * block;
    b.recv_bytes = s * block;
  }
  b.send.resize(static_cast<std::size_t>(b.send_bytes + extent));
  b.recv.resize(static_cast<std::size_t>(b.recv_bytes + extent));
  refill(b, o, rank, p);
  return b;
}

void refill(Buffers& b, const Options& o, int rank, int p) {
  const Layout layout = layout_of(o.datatype);
  fill_sentinel(b.send, layout);
  fill_sentinel(b.recv, layout);
  switch (blocking_twin(o.algorithm->collective)) {
  case Collective::barrier: // no data: checked by the order of entries and exits (main.cpp)
  case Collective::ibcast:
  case Collective::iallreduce:
  case Collective::ibarrier:
    break;
  case Collective::gather:
  case Collective::allgather:
  case Collective::reduce:
  case Collective::allreduce:
  case Collective::scan:
  case Collective::exscan:
    if (!own_block_in_recv(o, rank))
      write_input(b.send, o, rank, 0, o.count, 0);
    else if (o.algorithm->reduces())
      write_input(b.recv, o, rank, 0, o.count, 0);
    else
      write_input(b.recv, o, rank, 0, o.count, static_cast<std::int64_t>(rank) * o.count);
    break;
  case Collective::scatter:
    if (rank == o.root) write_input(b.send, o, rank, 0, std::int64_t{p} * o.count, 0);
    break;
  case Collective::alltoall:
    write_input(o.in_place ? b.recv : b.send, o, rank, 0, std::int64_t{p} * o.count, 0);
    break;
  case Collective::alltoallv:
    write_input(o.in_place ? b.recv : b.send, o, rank, 0, total(b.send_counts), 0);
    break;
  case Collective::reduce_scatter_block:
  case Collective::reduce_scatter:
    write_input(o.in_place ? b.recv : b.send, o, rank, 0, total(b.counts), 0);
    break;
  case Collective::bcast:
    if (rank == o.root) write_input(b.recv, o, rank, 0, o.count, 0);
    break;
  case Collective::gatherv:
  case Collective::allgatherv:
    if (own_block_in_recv(o, rank))
      write_input(b.recv, o, rank, 0, b.counts[rank], b.displs[rank]);
    else
      write_input(b.send, o, rank, 0, b.counts[rank], 0);
    break;
  case Collective::scatterv:
    if (rank == o.root)
      for (int k = 0; k < p; ++k) write_input(b.send, o, k, 0, b.counts[k], b.displs[k]);
    break;
  case Collective::neighbor_allgather:
  case Collective::neighbor_alltoall:
    write_input(b.send, o, rank, 0, b.send_bytes / layout.extent_bytes(), 0);
    break;
  }
}

int call(const Algorithm& algorithm, bool reference, const Options& o, Buffers& b,
         const MpiTypes& types, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const Collective c = blocking_twin(algorithm.collective);
  const MPI_Datatype t = types.datatype();
  const bool in_place_send = own_block_in_recv(o, rank);
  const bool in_place_recv =
      o.in_place && (c == Collective::scatter || c == Collective::scatterv) && rank == o.root;
  const void* send = in_place_send ? MPI_IN_PLACE : b.send.data();
  void* recv = in_place_recv ? MPI_IN_PLACE : b.recv.data();
  const int n = o.count;
  MPI_Request request = MPI_REQUEST_NULL;
  switch (c) {
  case Collective::gather:
    return (reference ? PMPI_Gather : algorithm.rooted)(send, n, t, recv, n, t, o.root, comm);
  case Collective::scatter:
    return (reference ? PMPI_Scatter : algorithm.rooted)(send, n, t, recv, n, t, o.root, comm);
  case Collective::bcast:
    if (algorithm.nonblocking() && !reference)
      return completed(algorithm.ibcast(recv, n, t, o.root, comm, &request), request);
    return (reference ? PMPI_Bcast : algorithm.bcast)(recv, n, t, o.root, comm);
  case Collective::barrier:
    if (algorithm.nonblocking() && !reference)
      return completed(algorithm.ibarrier(comm, &request), request);
    return (reference ? PMPI_Barrier : algorithm.barrier)(comm);
  case Collective::ibcast: // blocking_twin() maps these three to the cases above
  case Collective::iallreduce:
  case Collective::ibarrier:
    return MPI_ERR_OTHER;
  case Collective::reduce:
    return (reference ? PMPI_Reduce : algorithm.reduce)(send, recv, n, t, types.op(), o.root, comm);
  case Collective::allreduce:
    if (algorithm.nonblocking() && !reference)
      return completed(algorithm.iallreduce(send, recv, n, t, types.op(), comm, &request), request);
    return (reference ? PMPI_Allreduce : algorithm.allreduce)(send, recv, n, t, types.op(), comm);
  case Collective::scan:
    return (reference ? PMPI_Scan : algorithm.scan)(send, recv, n, t, types.op(), comm);
  case Collective::exscan:
    return (reference ? PMPI_Exscan : algorithm.scan)(send, recv, n, t, types.op(), comm);
  case Collective::allgather:
    return (reference ? PMPI_Allgather : algorithm.allgather)(send, n, t, recv, n, t, comm);
  case Collective::gatherv:
    return (reference ? PMPI_Gatherv : algorithm.gatherv)(
        send, b.counts[rank], t, recv, b.counts.data(), b.displs.data(), t, o.root, comm);
  case Collective::scatterv:
    return (reference ? PMPI_Scatterv : algorithm.scatterv)(
        send, b.counts.data(), b.displs.data(), t, recv, b.counts[rank], t, o.root, comm);
  case Collective::allgatherv:
    return (reference ? PMPI_Allgatherv : algorithm.allgatherv)(
        send, b.counts[rank], t, recv, b.counts.data(), b.displs.data(), t, comm);
  case Collective::alltoall:
    return (reference ? PMPI_Alltoall : algorithm.alltoall)(send, n, t, recv, n, t, comm);
  case Collective::alltoallv:
    return (reference ? PMPI_Alltoallv
                      : algorithm.alltoallv)(send, b.send_counts.data(), b.send_displs.data(), t,
                                             recv, b.counts.data(), b.displs.data(), t, comm);
  case Collective::neighbor_allgather:
    return (reference ? PMPI_Neighbor_allgather : algorithm.neighbor)(send, n, t, recv, n, t, comm);
  case Collective::neighbor_alltoall:
    return (reference ? PMPI_Neighbor_alltoall : algorithm.neighbor)(send, n, t, recv, n, t, comm);
  case Collective::reduce_scatter_block:
  case Collective::reduce_scatter: {
    const int code = c == Collective::reduce_scatter_block
                         ? (reference ? PMPI_Reduce_scatter_block : algorithm.reduce_scatter_block)(
                               send, recv, n, t, types.op(), comm)
                         : (reference ? PMPI_Reduce_scatter : algorithm.reduce_scatter)(
                               send, recv, b.counts.data(), t, types.op(), comm);
    // In place, MPI defines only the first recvcounts[rank] elements of the receive buffer.
    if (o.in_place) {
      const Layout layout = layout_of(o.datatype);
      const std::int64_t own = std::int64_t{b.counts[rank]} * layout.units_per_element;
      const auto units = static_cast<std::int64_t>(b.recv.size()) / layout.unit_bytes;
      for (std::int64_t u = own; u < units; ++u) put(b.recv, layout, u, sentinel);
    }
    return code;
  }
  }
  return MPI_ERR_OTHER;
}

} // namespace collscope::run
