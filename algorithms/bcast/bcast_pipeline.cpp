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
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "common/annotate.hpp"
#include "common/buffers.hpp"
#include "common/contract.hpp"

#include <algorithm>

namespace collscope {

namespace {

int unchecked_bcast_pipeline(void* buffer, int count, MPI_Datatype datatype, int root,
                             MPI_Comm comm) {
  int p = 0;
  MPI_Comm_size(comm, &p);
  return bcast_pipeline_blocks(buffer, count, datatype, root, comm,
                               pipeline_blocks_for(p, count, datatype));
}

} // namespace

COLLSCOPE_ENTRY(bcast, bcast_pipeline, unchecked_bcast_pipeline)

namespace {

int unchecked_bcast_pipeline_blocks(void* buffer, int count, MPI_Datatype datatype, int root,
                                    MPI_Comm comm, int blocks) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("bcast", "pipeline", root, count, datatype, comm);
  if (p == 1 || carries_no_data(count, datatype)) return MPI_SUCCESS;
  blocks = std::clamp(blocks, 1, count);
  trace::meta("blocks", blocks);
  const int v = schedule::virtual_rank(rank, root, p);
  const int prev = schedule::real_rank(v - 1 + p, root, p);
  const int next = schedule::real_rank(v + 1, root, p);
  const MPI_Aint extent = extent_of(datatype);
  struct Part {
    char* data;
    int count;
  };
  // Block b, announced to the tracer as the elements it carries of the root's buffer.
  const auto part = [&](int b, bool outgoing) {
    const schedule::ElementRange r = schedule::pipeline_block(count, blocks, b);
    if (outgoing) trace::blocks(root, 1, r.begin, r.count);
    return Part{at(buffer, r.begin, extent), static_cast<int>(r.count)};
  };

  // Vrank v receives block b in round v − 1 + b and forwards it in round v + b.
  if (v == 0) {
    for (int b = 0; b < blocks; ++b) {
      const trace::Round round(b);
      const Part out = part(b, true);
      COLLSCOPE_TRY(MPI_Send(out.data, out.count, datatype, next, bcast_tag, comm));
    }
    return MPI_SUCCESS;
  }
  for (int b = 0; b <= blocks; ++b) {
    const bool receives = b<blocks, forwards = b> 0 && v < p - 1;
    if (!receives && !forwards) continue;
    const trace::Round round(v - 1 + b);
    if (receives && forwards) {
      const Part out = part(b - 1, true), in = part(b, false);
      COLLSCOPE_TRY(MPI_Sendrecv(out.data, out.count, datatype, next, bcast_tag, in.data, in.count,
                                 datatype, prev, bcast_tag, comm, MPI_STATUS_IGNORE));
    } else if (receives) {
      const Part in = part(b, false);
      COLLSCOPE_TRY(
          MPI_Recv(in.data, in.count, datatype, prev, bcast_tag, comm, MPI_STATUS_IGNORE));
    } else if (forwards) {
      const Part out = part(b - 1, true);
      COLLSCOPE_TRY(MPI_Send(out.data, out.count, datatype, next, bcast_tag, comm));
    }
  }
  return MPI_SUCCESS;
}

} // namespace

int bcast_pipeline_blocks(void* buffer, int count, MPI_Datatype datatype, int root,
                          MPI_Comm user_comm, int blocks) {
  return detail::guarded_bcast(buffer, count, datatype, root, user_comm, [&](auto... mpi_args) {
    return unchecked_bcast_pipeline_blocks(mpi_args..., blocks);
  });
}

} // namespace collscope
