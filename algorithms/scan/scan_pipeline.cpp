// Linear-array pipelined scan and exscan (seeds/001, "Pipelined broadcast": "Similar linear
// pipelined algorithms for reduction, scan/exscan", and the "Pipelining lemma"): the vector is
// cut into M blocks; rank i receives block b of B(0) ⊕ … ⊕ B(i − 1) from i − 1, adds its own
// block on the right and passes block b of B(0) ⊕ … ⊕ B(i) to i + 1, while the next block is
// already on its way.
//
//   round:   0    1    2    3    4          p = 4, M = 3: rank i receives block b in round
//   0→1     b0   b1   b2                    i − 1 + b and sends it on, with its own input
//   1→2          b0   b1   b2               added, in round i + b
//   2→3               b0   b1   b2
//
// Rounds: p − 1 + M − 1.  Cost: (p − 1 + M − 1)(α + βm/M + γm/M); with the lemma's
// M = √((p − 2)βm/α) the β term is βm plus lower order, where Hillis–Steele pays ⌈log₂p⌉βm.
// Exscan: rank i's result is the block it receives; it still adds its input for i + 1.
// Operands stay in rank order: correct for non-commutative ops.
#include "collscope/algorithms/scan.hpp"
#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "collscope/schedule/scan.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "scan/prefix_sums.hpp"

#include <algorithm>

namespace collscope {

namespace {

int pipeline(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
             MPI_Comm comm, bool exclusive) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region(exclusive ? "exscan" : "scan", "pipeline", -1, count, datatype,
                               comm);
  PrefixSums sums(sendbuf, recvbuf, count, datatype, op, exclusive);
  COLLSCOPE_TRY(sums.start());
  if (p == 1 || carries_no_data(count, datatype)) return MPI_SUCCESS;
  const int blocks = std::clamp(pipeline_blocks_for(p, count, datatype), 1, count);
  trace::meta("blocks", blocks);

  const Tag tag = exclusive ? exscan_tag : scan_tag;
  const MPI_Aint extent = extent_of(datatype);
  TempBuffer incoming((count + blocks - 1) / blocks, datatype); // the largest block
  const int rounds = schedule::pipeline_rounds(p, blocks);
  // Rank i is busy in rounds i − 1 … i + M − 1 only.
  for (int r = std::max(0, rank - 1); r < std::min(rounds, rank + blocks); ++r) {
    const trace::Round round(r);
    const schedule::PipelineScanStep step = schedule::pipeline_scan_step(rank, p, blocks, r);
    Transfer out, in;
    if (step.sent_block >= 0) {
      const schedule::ElementRange b = schedule::pipeline_block(count, blocks, step.sent_block);
      trace::blocks(step.step.sent.first, step.step.sent.count, b.begin, b.count);
      out = {at(sums.inclusive(), b.begin, extent), static_cast<int>(b.count), step.step.to};
    }
    schedule::ElementRange received{0, 0};
    if (step.received_block >= 0) {
      received = schedule::pipeline_block(count, blocks, step.received_block);
      in = {incoming.data(), static_cast<int>(received.count), step.step.from};
    }
    COLLSCOPE_TRY(exchange(out, in, datatype, tag, comm));
    if (step.received_block >= 0)
      COLLSCOPE_TRY(sums.add_on_left(incoming.data(), received.begin,
                                     static_cast<int>(received.count), true, rank + 1 < p));
  }
  return MPI_SUCCESS;
}

} // namespace

COLLSCOPE_ENTRY(allreduce, scan_pipeline,
                [](auto... mpi_args) { return pipeline(mpi_args..., false); })

COLLSCOPE_ENTRY(allreduce, exscan_pipeline,
                [](auto... mpi_args) { return pipeline(mpi_args..., true); })

} // namespace collscope
