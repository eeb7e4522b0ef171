#include "common/block_broadcast.hpp"

#include "collscope/algorithms/tuning.hpp"
#include "collscope/schedule/bits.hpp"
#include "collscope/schedule/pipeline.hpp"
#include "common/buffers.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace collscope::detail {

int run_block_broadcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                        const BlockBroadcastPlan& plan) {
  const auto [rank, p] = shape(comm);
  trace::meta("blocks", plan.blocks);
  trace::meta("rounds", plan.rounds);
  const int v = schedule::virtual_rank(rank, root, p);
  const MPI_Aint extent = extent_of(datatype);
  std::vector<char> held(static_cast<std::size_t>(plan.blocks), v == 0 ? 1 : 0);
  const auto range = [&](int b) { return schedule::pipeline_block(count, plan.blocks, b); };
  std::int64_t largest = 0;
  for (int b = 0; b < plan.blocks; ++b) largest = std::max(largest, range(b).count);
  std::optional<TempBuffer> scratch;

  const auto send = [&](int, const schedule::BlockStep& s, std::optional<trace::Region>& phase) {
    const schedule::ElementRange r = range(s.send.block);
    if (plan.phase) {
      const std::string name = plan.phase(s.send.block);
      if (!name.empty()) phase.emplace("phase " + name);
    }
    trace::blocks(root, 1, r.begin, r.count);
    return Transfer{at(buffer, r.begin, extent), static_cast<int>(r.count),
                    schedule::real_rank(s.send.peer, root, p)};
  };
  const auto receive = [&](const schedule::BlockStep& s) {
    const schedule::ElementRange r = range(s.recv.block);
    void* into = at(buffer, r.begin, extent);
    if (held[static_cast<std::size_t>(s.recv.block)] != 0) {
      if (!scratch) scratch.emplace(largest, datatype);
      into = scratch->data();
    }
    held[static_cast<std::size_t>(s.recv.block)] = 1;
    return Transfer{into, static_cast<int>(r.count), schedule::real_rank(s.recv.peer, root, p)};
  };
  return play_block_steps(
      plan.rounds, plan.step, send, receive, [](const schedule::BlockStep&) { return MPI_SUCCESS; },
      datatype, bcast_tag, comm);
}

int lemma_blocks_for(int p, int count, MPI_Datatype datatype, int (*rounds)(int p, int blocks),
                     int per_block_rounds) {
  if (count <= 0) return 0;
  const PipelineTuning tuning = pipeline_tuning();
  if (tuning.blocks > 0) return std::min(tuning.blocks, count);
  if (p <= 1) return 1;
  int size = 0;
  MPI_Type_size(datatype, &size);
  const double bytes = static_cast<double>(size) * count;
  const double k = std::max(0, rounds(p, 1) - per_block_rounds);
  return schedule::lemma_blocks(k, per_block_rounds, count, bytes, tuning.alpha, tuning.beta,
                                rounds, p);
}

} // namespace collscope::detail
