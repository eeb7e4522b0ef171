// MPI_Bcast in Open MPI 4.1.4 (coll_base_bcast.c), the nine algorithms coll tuned forces.
#include "ompi_programs.hpp"

#include <stdexcept>

namespace collscope::ompi_rounds {

int segment_count(int segsize, int count) {
  constexpr int type = 4;
  if (segsize >= type && segsize < type * count) {
    int n = segsize / type;
    if (segsize - n * type > type / 2) ++n;
    return n;
  }
  return count;
}

int segments(int segsize, int count) {
  const int per = segment_count(segsize, count);
  return count == 0 ? 0 : (count + per - 1) / per;
}

// ompi_coll_base_bcast_intra_generic: the root isends each segment to every child and waits for
// them; an inner node posts the next irecv, waits for the previous segment, isends it on; a leaf
// waits for its segments in order.
Program bcast_generic(const Tree& tree, int root, int segments_n) {
  const int p = static_cast<int>(tree.size());
  Program out(p);
  for (int rank = 0; rank < p; ++rank) {
    const TreeNode& node = tree[static_cast<std::size_t>(rank)];
    for (int s = 0; s < segments_n; ++s) {
      if (rank != root) out.recv(rank, node.parent);
      for (const int child : node.children) out.send(rank, child);
    }
  }
  return out;
}

namespace {

// ompi_coll_base_bcast_intra_basic_linear: the root isends to 0 … p−1 in order, waitall.
Program linear(int p, int root) {
  Program out(p);
  for (int i = 0; i < p; ++i) {
    out.send(root, i);
    out.recv(i, root);
  }
  return out;
}

// ompi_coll_base_bcast_intra_split_bintree: each half down its side of the binary tree, in
// segments (blocking sends), then pairs swap halves; falls back to chain fanout 1 when a half
// is empty or smaller than a segment.
Program split_bintree(const Case& c) {
  const int p = c.p, root = c.root;
  const int half0 = (c.count + 1) / 2, half1 = c.count - half0;
  if (half0 == 0 || half1 == 0 || c.segsize > half0 * 4 || c.segsize > half1 * 4)
    return bcast_generic(build_chain(1, p, root), root, segments(c.segsize, c.count));
  int segs[2] = {1, 1};
  if (c.segsize > 0) {
    const int per = c.segsize < 4 ? 1 : c.segsize / 4;
    segs[0] = (half0 + per - 1) / per;
    segs[1] = (half1 + per - 1) / per;
  }
  const Tree tree = build_tree(2, p, root);
  Program out(p);
  for (int rank = 0; rank < p; ++rank) {
    const TreeNode& node = tree[static_cast<std::size_t>(rank)];
    const int lr = ((rank + p - root) % p + 1) % 2;
    if (rank == root) {
      for (int s = 0; s < segs[0]; ++s)
        for (std::size_t i = 0; i < node.children.size() && i < 2; ++i)
          if (s < segs[i]) out.send(rank, node.children[i]);
    } else {
      for (int s = 0; s < segs[lr]; ++s) {
        out.recv(rank, node.parent);
        for (const int child : node.children) out.send(rank, child);
      }
    }
    const int pair = lr == 0 ? (rank + 1) % p : (rank + p - 1) % p;
    if (p % 2 != 0) {
      if (rank != root) out.sendrecv(rank, pair, pair);
    } else if (rank == root) {
      out.send(rank, (root + p - 1) % p);
    } else if (rank == (root + p - 1) % p) {
      out.recv(rank, root);
    } else {
      out.sendrecv(rank, pair, pair);
    }
  }
  return out;
}

// The binomial scatter both scatter_allgather variants start with: receive from the parent what
// it sends (if the block range is not empty), then blocking sends to the children, farthest
// first. Ranks in virtual-rank order, so that a parent's sends are known before its children.
void binomial_scatter(Program& out, const Case& c) {
  const int p = c.p, count = c.count, scatter = (count + p - 1) / p;
  std::vector<int> sent(static_cast<std::size_t>(p), 0); // what each vrank's parent sends it
  for (int vrank = 0; vrank < p; ++vrank) {
    const int rank = (vrank + c.root) % p;
    int curr = vrank == 0 ? count : 0;
    int mask = 1;
    for (; mask < p; mask <<= 1) {
      if ((vrank & mask) == 0) continue;
      if (count - vrank * scatter > 0) {
        out.recv(rank, (rank - mask + p) % p);
        curr = sent[static_cast<std::size_t>(vrank)];
      }
      break;
    }
    for (mask >>= 1; mask > 0; mask >>= 1) {
      if (vrank + mask >= p) continue;
      const int send = curr - scatter * mask;
      if (send > 0) {
        out.send(rank, (rank + mask) % p);
        sent[static_cast<std::size_t>(vrank + mask)] = send;
        curr -= send;
      }
    }
  }
}

int rounddown(int num, int factor) {
  return num / factor * factor;
}

// ompi_coll_base_bcast_intra_scatter_allgather: binomial scatter, then recursive-doubling
// allgather (sendrecv), non-powers of two completing by recursive halving.
Program scatter_allgather(const Case& c) {
  const int p = c.p;
  if (c.count < p) return linear(p, c.root);
  Program out(p);
  binomial_scatter(out, c);
  for (int rank = 0; rank < p; ++rank) {
    const int vrank = (rank - c.root + p) % p;
    for (int mask = 1; mask < p; mask <<= 1) {
      const int vremote = vrank ^ mask, remote = (vremote + c.root) % p;
      const int vrank_root = rounddown(vrank, mask), vremote_root = rounddown(vremote, mask);
      if (vremote < p) out.sendrecv(rank, remote, remote);
      if (vremote_root + mask > p) {
        const int alldata = p - vrank_root - mask;
        for (int half = mask >> 1; half > 0; half >>= 1) {
          const int vr = vrank ^ half, r = (vr + c.root) % p;
          const int tree_root = rounddown(vrank, half << 1);
          if (vr > vrank && vrank < tree_root + alldata && vr >= tree_root + alldata)
            out.send(rank, r);
          else if (vr < vrank && vr < tree_root + alldata && vrank >= tree_root + alldata)
            out.recv(rank, r);
        }
      }
    }
  }
  return out;
}

// ompi_coll_base_bcast_intra_scatter_allgather_ring: binomial scatter, then p − 1 ring
// sendrecvs.
Program scatter_allgather_ring(const Case& c) {
  const int p = c.p;
  if (c.count < p) return linear(p, c.root);
  Program out(p);
  binomial_scatter(out, c);
  for (int rank = 0; rank < p; ++rank)
    for (int i = 1; i < p; ++i) out.sendrecv(rank, (rank + 1) % p, (rank + p - 1) % p);
  return out;
}

} // namespace

Program bcast_program(const Case& c) {
  const int segs = segments(c.segsize, c.count);
  const std::string& a = c.algorithm;
  if (a == "basic_linear") return linear(c.p, c.root);
  if (a == "chain") return bcast_generic(build_chain(c.fanout, c.p, c.root), c.root, segs);
  if (a == "pipeline") return bcast_generic(build_chain(1, c.p, c.root), c.root, segs);
  if (a == "split_binary_tree") return split_bintree(c);
  if (a == "binary_tree") return bcast_generic(build_tree(2, c.p, c.root), c.root, segs);
  if (a == "binomial") return bcast_generic(build_bmtree(c.p, c.root), c.root, segs);
  if (a == "knomial") return bcast_generic(build_kmtree(c.p, c.root, c.radix), c.root, segs);
  if (a == "scatter_allgather") return scatter_allgather(c);
  if (a == "scatter_allgather_ring") return scatter_allgather_ring(c);
  throw std::invalid_argument("no bcast algorithm " + a);
}

} // namespace collscope::ompi_rounds
