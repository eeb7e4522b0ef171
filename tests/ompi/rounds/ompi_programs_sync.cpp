// MPI_Barrier and MPI_Alltoall in Open MPI 4.1.4 (coll_base_barrier.c, coll_base_alltoall.c),
// and the dispatch from a case to its program.
#include "ompi_programs.hpp"

#include <stdexcept>

namespace collscope::ompi_rounds {

Program barrier_program(const Case& c) {
  const int p = c.p;
  Program out(p);
  const std::string& a = c.algorithm;
  // linear: every rank > 0 sends to 0 and waits for its answer; 0 irecvs from any source,
  // waits for all, then sends to 1 … p − 1. (Which sender fills which request depends on
  // arrival, but not how many rounds: 0 receives one message a round either way.)
  if (a == "linear") {
    for (int i = 1; i < p; ++i) {
      out.send(i, 0);
      out.recv(0, i);
    }
    for (int i = 1; i < p; ++i) {
      out.send(0, i);
      out.recv(i, 0);
    }
    return out;
  }
  // double_ring: twice around the ring; rank 0 starts each lap, the others receive first.
  if (a == "double_ring") {
    for (int rank = 0; rank < p; ++rank)
      for (int lap = 0; lap < 2; ++lap) {
        if (rank > 0) out.recv(rank, rank - 1);
        out.send(rank, (rank + 1) % p);
        if (rank == 0) out.recv(rank, p - 1);
      }
    return out;
  }
  // recursive_doubling: ranks ≥ 2^⌊log₂p⌋ sendrecv with rank − 2^⌊log₂p⌋ (send first, wait for
  // the answer at the end); the power of two exchanges (sendrecv) at distances 1, 2 …; then
  // the low ranks answer the extra ones.
  if (a == "recursive_doubling") {
    int adjsize = 1;
    while (adjsize * 2 <= p) adjsize *= 2;
    for (int rank = 0; rank < p; ++rank) {
      if (adjsize != p) {
        if (rank >= adjsize)
          out.sendrecv(rank, rank - adjsize, rank - adjsize);
        else if (rank < p - adjsize)
          out.recv(rank, rank + adjsize);
      }
      if (rank < adjsize)
        for (int mask = 1; mask < adjsize; mask <<= 1) out.sendrecv(rank, rank ^ mask, rank ^ mask);
      if (adjsize != p && rank < p - adjsize) out.send(rank, rank + adjsize);
    }
    return out;
  }
  // bruck: ⌈log₂p⌉ zero-byte sendrecvs, to rank + d, from rank − d.
  if (a == "bruck") {
    for (int rank = 0; rank < p; ++rank)
      for (int d = 1; d < p; d <<= 1) out.sendrecv(rank, (rank + d) % p, (rank - d + p) % p);
    return out;
  }
  // tree: up a binomial tree (receive from higher partners, send to the lower one), then down.
  if (a == "tree") {
    int depth = 1;
    while (depth < p) depth <<= 1;
    for (int rank = 0; rank < p; ++rank) {
      for (int jump = 1; jump < depth; jump <<= 1) {
        const int partner = rank ^ jump;
        if ((partner & (jump - 1)) != 0 || partner >= p) continue;
        if (partner > rank)
          out.recv(rank, partner);
        else
          out.send(rank, partner);
      }
      for (int jump = depth >> 1; jump > 0; jump >>= 1) {
        const int partner = rank ^ jump;
        if ((partner & (jump - 1)) != 0 || partner >= p) continue;
        if (partner > rank)
          out.send(rank, partner);
        else
          out.recv(rank, partner);
      }
    }
    return out;
  }
  throw std::invalid_argument("no barrier algorithm " + a);
}

Program alltoall_program(const Case& c) {
  const int p = c.p;
  Program out(p);
  const std::string& a = c.algorithm;
  // linear (persistent requests, all started, one waitall) and linear_sync with max_requests 0
  // (all posted, one waitall): sends to rank − 1, rank − 2 …; the waitall returns the receives,
  // from rank + 1, rank + 2 …, first in the request array.
  if (a == "linear" || a == "linear_sync") {
    for (int rank = 0; rank < p; ++rank)
      for (int i = 1; i < p; ++i) out.send(rank, (rank - i + p) % p);
    for (int rank = 0; rank < p; ++rank)
      for (int i = 1; i < p; ++i) out.recv(rank, (rank + i) % p);
    return out;
  }
  // pairwise: p sendrecvs, to rank + step, from rank − step (the last one with oneself: a copy).
  if (a == "pairwise") {
    for (int rank = 0; rank < p; ++rank)
      for (int step = 1; step <= p; ++step)
        out.sendrecv(rank, (rank + step) % p, (rank - step + p) % p);
    return out;
  }
  // modified_bruck: ⌈log₂p⌉ sendrecvs, to rank + d, from rank − d.
  if (a == "modified_bruck") {
    for (int rank = 0; rank < p; ++rank)
      for (int d = 1; d < p; d <<= 1) out.sendrecv(rank, (rank + d) % p, (rank - d + p) % p);
    return out;
  }
  throw std::invalid_argument("no alltoall algorithm " + a);
}

Program program_of(const Case& c) {
  const std::string& k = c.collective;
  if (k == "bcast") return bcast_program(c);
  if (k == "reduce") return reduce_program(c);
  if (k == "allreduce") return allreduce_program(c);
  if (k == "scan") return scan_program(c);
  if (k == "allgather") return allgather_program(c);
  if (k == "gather") return gather_program(c);
  if (k == "scatter") return scatter_program(c);
  if (k == "barrier") return barrier_program(c);
  if (k == "alltoall") return alltoall_program(c);
  throw std::invalid_argument("no collective " + k);
}

} // namespace collscope::ompi_rounds
