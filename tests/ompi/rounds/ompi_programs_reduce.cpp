// MPI_Reduce, MPI_Allreduce and MPI_Scan in Open MPI 4.1.4 (coll_base_reduce.c,
// coll_base_allreduce.c, coll_base_scan.c).
#include "ompi_programs.hpp"

#include <stdexcept>

namespace collscope::ompi_rounds {

// ompi_coll_base_reduce_generic: an inner node, per segment, irecvs from each child in tree_next
// order, each wait completing the receive posted before, and sends the segment's result to its
// parent once the last child's is in; a leaf sends its segments (blocking, or synchronous isends
// when max_requests limits them: posted in the same order).
Program reduce_generic(const Tree& tree, int root, int segments_n) {
  const int p = static_cast<int>(tree.size());
  Program out(p);
  for (int rank = 0; rank < p; ++rank) {
    const TreeNode& node = tree[static_cast<std::size_t>(rank)];
    for (int s = 0; s < segments_n; ++s) {
      for (const int child : node.children) out.recv(rank, child);
      if (rank != root) out.send(rank, node.parent);
    }
  }
  return out;
}

namespace {

// ompi_coll_base_reduce_intra_basic_linear: every other rank sends to the root, which receives
// from p − 1, then p − 2 … 0.
Program reduce_linear(int p, int root) {
  Program out(p);
  for (int i = p - 1; i >= 0; --i) {
    out.send(i, root);
    out.recv(root, i);
  }
  return out;
}

// ompi_coll_base_reduce_intra_in_order_binary: generic reduce to rank p − 1 over the in-order
// binary tree, then p − 1 sends the result to the root.
Program in_order_binary(const Case& c) {
  Program out = reduce_generic(build_in_order_bintree(c.p), c.p - 1, segments(c.segsize, c.count));
  out.send(c.p - 1, c.root);
  out.recv(c.root, c.p - 1);
  return out;
}

// ompi_coll_base_bcast_intra_basic_linear's messages from root 0 (allreduce basic_linear).
Program bcast_linear_from_0(int p) {
  Program out(p);
  for (int i = 1; i < p; ++i) {
    out.send(0, i);
    out.recv(i, 0);
  }
  return out;
}

// ompi_coll_base_allreduce_intra_recursivedoubling: the first 2·(p − 2^⌊log₂p⌋) ranks fold in
// pairs (even → odd), the 2^⌊log₂p⌋ left exchange (sendrecv) at distances 1, 2, 4 …, and the
// odd ones hand the result back to their even partners.
Program allreduce_recursive_doubling(int p) {
  Program out(p);
  int adjsize = 1;
  while (adjsize * 2 <= p) adjsize *= 2;
  const int extra = p - adjsize;
  for (int rank = 0; rank < p; ++rank) {
    int newrank = rank - extra;
    if (rank < 2 * extra) {
      if (rank % 2 == 0) {
        out.send(rank, rank + 1);
        newrank = -1;
      } else {
        out.recv(rank, rank - 1);
        newrank = rank >> 1;
      }
    }
    for (int distance = 1; distance < adjsize && newrank >= 0; distance <<= 1) {
      const int newremote = newrank ^ distance;
      const int remote = newremote < extra ? newremote * 2 + 1 : newremote + extra;
      out.sendrecv(rank, remote, remote);
    }
    if (rank < 2 * extra) {
      if (rank % 2 == 0)
        out.recv(rank, rank + 1);
      else
        out.send(rank, rank - 1);
    }
  }
  return out;
}

// ompi_coll_base_allreduce_intra_ring (count ≥ p, else recursive doubling): reduce-scatter —
// irecv, send, then p − 2 × (irecv, wait the previous, send), wait the last — and a ring
// allgather of p − 1 sendrecvs.
Program allreduce_ring(const Case& c) {
  const int p = c.p;
  if (c.count < p) return allreduce_recursive_doubling(p);
  Program out(p);
  for (int rank = 0; rank < p; ++rank) {
    const int right = (rank + 1) % p, left = (rank + p - 1) % p;
    out.send(rank, right);
    for (int k = 2; k < p; ++k) {
      out.recv(rank, left);
      out.send(rank, right);
    }
    out.recv(rank, left);
    for (int k = 0; k < p - 1; ++k) out.sendrecv(rank, right, left);
  }
  return out;
}

} // namespace

Program reduce_program(const Case& c) {
  const int segs = segments(c.segsize, c.count);
  const std::string& a = c.algorithm;
  if (a == "linear") return reduce_linear(c.p, c.root);
  if (a == "chain") return reduce_generic(build_chain(c.fanout, c.p, c.root), c.root, segs);
  if (a == "pipeline") return reduce_generic(build_chain(1, c.p, c.root), c.root, segs);
  if (a == "binary") return reduce_generic(build_tree(2, c.p, c.root), c.root, segs);
  if (a == "binomial") return reduce_generic(build_in_order_bmtree(c.p, c.root), c.root, segs);
  if (a == "in-order_binary") return in_order_binary(c);
  throw std::invalid_argument("no reduce algorithm " + a);
}

Program allreduce_program(const Case& c) {
  const std::string& a = c.algorithm;
  if (a == "basic_linear") {
    Program out = reduce_linear(c.p, 0);
    out.append(bcast_linear_from_0(c.p));
    return out;
  }
  // nonoverlapping calls the communicator's own reduce and bcast (coll tuned): the test forces
  // them to binomial (reduce 5, bcast 6), unsegmented.
  if (a == "nonoverlapping") {
    Program out = reduce_generic(build_in_order_bmtree(c.p, 0), 0, 1);
    out.append(bcast_generic(build_bmtree(c.p, 0), 0, 1));
    return out;
  }
  if (a == "recursive_doubling") return allreduce_recursive_doubling(c.p);
  if (a == "ring") return allreduce_ring(c);
  throw std::invalid_argument("no allreduce algorithm " + a);
}

// ompi_coll_base_scan_intra_linear (coll basic, and coll tuned's scan 1): receive from rank − 1,
// send to rank + 1. ompi_coll_base_scan_intra_recursivedoubling (scan 2): sendrecv with
// rank ^ mask for every mask < p where that rank exists.
Program scan_program(const Case& c) {
  Program out(c.p);
  if (c.algorithm == "linear") {
    for (int rank = 0; rank < c.p; ++rank) {
      if (rank > 0) out.recv(rank, rank - 1);
      if (rank + 1 < c.p) out.send(rank, rank + 1);
    }
    return out;
  }
  if (c.algorithm == "recursive_doubling") {
    for (int rank = 0; rank < c.p; ++rank)
      for (int mask = 1; mask < c.p; mask <<= 1)
        if ((rank ^ mask) < c.p) out.sendrecv(rank, rank ^ mask, rank ^ mask);
    return out;
  }
  throw std::invalid_argument("no scan algorithm " + c.algorithm);
}

} // namespace collscope::ompi_rounds
