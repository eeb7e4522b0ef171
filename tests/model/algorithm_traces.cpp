#include "algorithm_traces.hpp"

#include <otf2/otf2.h>

#include <algorithm>
#include <string>
#include <vector>

namespace collscope::test {

namespace {

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

} // namespace

TraceBuilder binomial_gather(int p, std::uint64_t block, bool annotate) {
  TraceBuilder b(p);
  const int rounds = ceil_log2(p);
  const std::string name = "algorithm gather/binomial";
  for (int v = 0; v < p; ++v) {
    if (annotate)
      b.enter(v, 0.0, name,
              {{"collective", "gather"},
               {"algorithm", "binomial"},
               {"root", "0"},
               {"count", "1"},
               {"datatype", "MPI_BYTE"}});
    int k = 0;
    for (; k < rounds && (v & (1 << k)) == 0; ++k) {
      const int child = v + (1 << k);
      if (child >= p) continue;
      const int size = std::min(1 << k, p - child);
      const auto bytes = static_cast<std::uint64_t>(size) * block;
      const std::string round = "round " + std::to_string(k);
      if (annotate) b.enter(v, at(k, 0.5), round);
      b.recv(v, at(k, 1), at(k, 5), child, bytes);
      if (annotate) b.leave(v, at(k, 9), round);
      if (annotate) b.enter(child, at(k, 0.5), round);
      const auto size_u = static_cast<std::uint32_t>(size);
      b.send(child, at(k, 2), at(k, 4), v, bytes, 0, 0,
             model::Blocks{static_cast<std::uint32_t>(child), size_u, 0, 1});
      if (annotate) b.leave(child, at(k, 9), round);
    }
    if (annotate) b.leave(v, at(rounds, 0), name);
  }
  return b;
}

TraceBuilder graded_linear_gather(int p, std::uint64_t block) {
  TraceBuilder b(p + 1);
  std::vector<int> members(static_cast<std::size_t>(p));
  for (int r = 0; r < p; ++r) members[static_cast<std::size_t>(r)] = r;
  const std::uint32_t comm = b.comm(members); // the case's fresh communicator
  const std::string name = "algorithm gather/submission";
  for (int r = 0; r < p; ++r)
    b.enter(r, 0.0, name,
            {{"case", "7"},
             {"p", std::to_string(p)},
             {"root", "0"},
             {"count", "1"},
             {"datatype", "MPI_INT"}});
  b.sendrecv(0, at(0, 0.2), at(0, 0.4), 0, block, 0, block, 0, comm); // the root's own block
  for (int r = 1; r < p; ++r) {
    b.recv(0, at(r - 1, 1), at(r - 1, 5), r, block, 0, comm);
    b.send(r, at(r - 1, 2), at(r - 1, 4), 0, block, 0, comm);
  }
  for (int r = 0; r < p; ++r) b.leave(r, at(p, 0), name);
  // The idle rank waits in the harness's own call meanwhile: no region, no message.
  b.enter(p, 0.0, "MPI_Barrier").leave(p, at(p, 1), "MPI_Barrier");
  return b;
}

TraceBuilder ring_allgather(int p, std::uint64_t block) {
  TraceBuilder b(p);
  for (int r = 0; r < p; ++r)
    for (int i = 0; i + 1 < p; ++i)
      b.sendrecv(r, at(i, 1), at(i, 5), (r + 1) % p, block, (r + p - 1) % p, block);
  return b;
}

TraceBuilder dissemination_allgather(int p, std::uint64_t block) {
  TraceBuilder b(p);
  for (int k = 0; (1 << k) < p; ++k) {
    const int d = 1 << k;
    const auto bytes = static_cast<std::uint64_t>(std::min(d, p - d)) * block;
    for (int r = 0; r < p; ++r)
      b.sendrecv(r, at(k, 1), at(k, 5), (r + d) % p, bytes, (r - d + p) % p, bytes);
  }
  return b;
}

TraceBuilder pipeline_bcast(int p, int blocks, std::uint64_t block) {
  TraceBuilder b(p);
  for (int v = 0; v < p; ++v) {
    if (v == 0) {
      for (int k = 0; k < blocks; ++k) b.send(0, at(k, 2), at(k, 4), 1, block);
    } else if (v == p - 1) {
      for (int k = 0; k < blocks; ++k) b.recv(v, at(v - 1 + k, 1), at(v - 1 + k, 5), v - 1, block);
    } else {
      b.recv(v, at(v - 1, 1), at(v - 1, 5), v - 1, block);
      for (int k = 1; k < blocks; ++k)
        b.sendrecv(v, at(v - 1 + k, 1), at(v - 1 + k, 5), v + 1, block, v - 1, block);
      b.send(v, at(v + blocks - 1, 2), at(v + blocks - 1, 4), v + 1, block);
    }
  }
  return b;
}

void hand_barrier(TraceBuilder& b, int p, double base) {
  for (int r = 0; r < p; ++r)
    b.collective(r, base, base + 1e-6, "MPI_Barrier", OTF2_COLLECTIVE_OP_BARRIER,
                 OTF2_UNDEFINED_UINT32, 0, 0);
}

void hand_binomial_bcast(TraceBuilder& b, int p, int root, double base, std::uint64_t bytes) {
  for (int k = 0; (1 << k) < p; ++k)
    for (int v = 0; v < (1 << k) && v + (1 << k) < p; ++v) {
      const int from = (v + root) % p;
      const int to = (v + (1 << k) + root) % p;
      b.send(from, base + at(k, 2), base + at(k, 4), to, bytes);
      b.recv(to, base + at(k, 1), base + at(k, 5), from, bytes);
    }
}

void hand_linear_gather(TraceBuilder& b, int p, double base, std::uint64_t bytes) {
  b.sendrecv(0, base + at(0, 0.2), base + at(0, 0.4), 0, bytes, 0, bytes);
  for (int r = 1; r < p; ++r) {
    b.recv(0, base + at(r - 1, 1), base + at(r - 1, 5), r, bytes);
    b.send(r, base + at(r - 1, 2), base + at(r - 1, 4), 0, bytes);
  }
}

} // namespace collscope::test
