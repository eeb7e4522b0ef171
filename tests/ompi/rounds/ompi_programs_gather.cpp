// MPI_Allgather, MPI_Gather and MPI_Scatter in Open MPI 4.1.4 (coll_base_allgather.c,
// coll_base_gather.c, coll_base_scatter.c).
#include "ompi_programs.hpp"

#include <stdexcept>

namespace collscope::ompi_rounds {

namespace {

// ompi_coll_base_allgather_intra_bruck: ⌈log₂p⌉ sendrecvs, to rank − d, from rank + d.
Program allgather_bruck(int p) {
  Program out(p);
  for (int rank = 0; rank < p; ++rank)
    for (int d = 1; d < p; d <<= 1) out.sendrecv(rank, (rank - d + p) % p, (rank + d) % p);
  return out;
}

// ompi_coll_base_allgather_intra_ring: p − 1 sendrecvs, to rank + 1, from rank − 1.
Program allgather_ring(int p) {
  Program out(p);
  for (int rank = 0; rank < p; ++rank)
    for (int i = 0; i < p - 1; ++i) out.sendrecv(rank, (rank + 1) % p, (rank + p - 1) % p);
  return out;
}

// ompi_coll_base_gather_intra_basic_linear: every rank sends to the root, which receives from
// 0 … p − 1 in order.
Program gather_linear(int p, int root) {
  Program out(p);
  for (int i = 0; i < p; ++i) {
    out.send(i, root);
    out.recv(root, i);
  }
  return out;
}

} // namespace

Program allgather_program(const Case& c) {
  const int p = c.p;
  const std::string& a = c.algorithm;
  // linear: the communicator's gather to 0 then bcast from 0 (coll tuned's): the test forces
  // them to basic_linear (gather 1, bcast 1).
  if (a == "linear") {
    Program out = gather_linear(p, 0);
    Program bcast(p);
    for (int i = 1; i < p; ++i) {
      bcast.send(0, i);
      bcast.recv(i, 0);
    }
    out.append(bcast);
    return out;
  }
  if (a == "bruck") return allgather_bruck(p);
  // recursive_doubling: powers of two only, else Bruck's.
  if (a == "recursive_doubling") {
    if ((p & (p - 1)) != 0) return allgather_bruck(p);
    Program out(p);
    for (int rank = 0; rank < p; ++rank)
      for (int d = 1; d < p; d <<= 1) out.sendrecv(rank, rank ^ d, rank ^ d);
    return out;
  }
  if (a == "ring") return allgather_ring(p);
  // neighbor (neighborexchange): even p only, else the ring; p/2 sendrecvs, alternating between
  // the two neighbours, the first with neighbour[0].
  if (a == "neighbor") {
    if (p % 2 != 0) return allgather_ring(p);
    Program out(p);
    for (int rank = 0; rank < p; ++rank) {
      const bool even = rank % 2 == 0;
      const int neighbor[2] = {even ? (rank + 1) % p : (rank - 1 + p) % p,
                               even ? (rank - 1 + p) % p : (rank + 1) % p};
      for (int i = 0; i < p / 2; ++i) out.sendrecv(rank, neighbor[i % 2], neighbor[i % 2]);
    }
    return out;
  }
  throw std::invalid_argument("no allgather algorithm " + a);
}

Program gather_program(const Case& c) {
  const int p = c.p;
  const std::string& a = c.algorithm;
  if (a == "basic_linear") return gather_linear(p, c.root);
  // binomial: over the in-order binomial tree, even virtual ranks receive from their children
  // in tree_next order (blocking), then every non-root sends to its parent.
  if (a == "binomial") {
    const Tree tree = build_in_order_bmtree(p, c.root);
    Program out(p);
    for (int rank = 0; rank < p; ++rank) {
      const TreeNode& node = tree[static_cast<std::size_t>(rank)];
      if ((rank - c.root + p) % p % 2 == 0)
        for (const int child : node.children) out.recv(rank, child);
      if (rank != c.root) out.send(rank, node.parent);
    }
    return out;
  }
  // linear_sync: the root, per rank in order, irecvs the first segment, sends it a 0-byte go,
  // irecvs the second segment and waits for the first; then waits for all second segments. A
  // non-root receives the go, then sends both segments (the second may be 0 bytes).
  if (a == "linear_sync") {
    Program out(p);
    for (int i = 0; i < p; ++i) {
      if (i == c.root) continue;
      out.send(c.root, i);
      out.recv(c.root, i);
      out.recv(i, c.root);
      out.send(i, c.root);
      out.send(i, c.root);
    }
    for (int i = 0; i < p; ++i) out.recv(c.root, i);
    return out;
  }
  throw std::invalid_argument("no gather algorithm " + a);
}

Program scatter_program(const Case& c) {
  const int p = c.p;
  const std::string& a = c.algorithm;
  // basic_linear (blocking sends) and linear_nb (isends, then waitall): the root sends to
  // 0 … p − 1 in order.
  if (a == "basic_linear" || a == "linear_nb") {
    Program out(p);
    for (int i = 0; i < p; ++i) {
      out.send(c.root, i);
      out.recv(i, c.root);
    }
    return out;
  }
  // binomial: over the in-order binomial tree, a non-root receives from its parent, then sends
  // to its children, last (largest subtree) first.
  if (a == "binomial") {
    const Tree tree = build_in_order_bmtree(p, c.root);
    Program out(p);
    for (int rank = 0; rank < p; ++rank) {
      const TreeNode& node = tree[static_cast<std::size_t>(rank)];
      if (rank != c.root) out.recv(rank, node.parent);
      for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) out.send(rank, *it);
    }
    return out;
  }
  throw std::invalid_argument("no scatter algorithm " + a);
}

} // namespace collscope::ompi_rounds
