// Linear-array pipelined broadcast (seeds/001, "Pipelined broadcast" and "Pipelining
// lemma"): the buffer is cut into M blocks that flow down the chain of virtual ranks
// 0 → 1 → … → p − 1; inner ranks forward block b − 1 while receiving block b.
//
//   round:   0    1    2    3    4          p = 4, M = 3
//   0→1     b0   b1   b2
//   1→2          b0   b1   b2
//   2→3               b0   b1   b2
//
// Rounds: p − 1 + M − 1.  Cost: (p − 1 + M − 1)(α + βm/M); with the lemma's
// M = √((p − 2)βm/α) this is (p − 2)α + 2√((p − 2)αβm) + βm, optimal in the β term.
#include "buffers.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/pipeline.hpp"

#include <algorithm>

namespace collscope {

int bcast_pipeline(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int p = 0;
  MPI_Comm_size(comm, &p);
  return bcast_pipeline_blocks(buffer, count, datatype, root, comm,
                               pipeline_blocks_for(p, count, datatype));
}

int bcast_pipeline_blocks(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                          int blocks) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  if (p == 1 || carries_no_data(count, datatype)) return MPI_SUCCESS;
  blocks = std::clamp(blocks, 1, count);
  const int v = schedule::virtual_rank(rank, root, p);
  const int prev = schedule::real_rank(v - 1 + p, root, p);
  const int next = schedule::real_rank(v + 1, root, p);
  const MPI_Aint extent = extent_of(datatype);
  const auto part = [&](int b) {
    const schedule::ElementRange r = schedule::pipeline_block(count, blocks, b);
    return std::pair{at(buffer, r.begin, extent), static_cast<int>(r.count)};
  };

  if (v == 0) {
    for (int b = 0; b < blocks; ++b) {
      const auto [data, n] = part(b);
      COLLSCOPE_TRY(MPI_Send(data, n, datatype, next, bcast_tag, comm));
    }
    return MPI_SUCCESS;
  }
  if (v == p - 1) {
    for (int b = 0; b < blocks; ++b) {
      const auto [data, n] = part(b);
      COLLSCOPE_TRY(MPI_Recv(data, n, datatype, prev, bcast_tag, comm, MPI_STATUS_IGNORE));
    }
    return MPI_SUCCESS;
  }
  {
    const auto [data, n] = part(0);
    COLLSCOPE_TRY(MPI_Recv(data, n, datatype, prev, bcast_tag, comm, MPI_STATUS_IGNORE));
  }
  for (int b = 1; b < blocks; ++b) {
    const auto [out, nout] = part(b - 1);
    const auto [in, nin] = part(b);
    COLLSCOPE_TRY(MPI_Sendrecv(out, nout, datatype, next, bcast_tag, in, nin, datatype, prev,
                               bcast_tag, comm, MPI_STATUS_IGNORE));
  }
  const auto [data, n] = part(blocks - 1);
  return MPI_Send(data, n, datatype, next, bcast_tag, comm);
}

} // namespace collscope
