#include "scan/scan_in_steps.hpp"

#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "scan/prefix_sums.hpp"

namespace collscope::detail {

int ScanInSteps::operator()(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm) const {
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region(exclusive ? "exscan" : "scan", schedule.name, -1, count, datatype,
                               comm);
  PrefixSums sums(sendbuf, recvbuf, count, datatype, op, exclusive);
  COLLSCOPE_TRY(sums.start());
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const Tag tag = exclusive ? exscan_tag : scan_tag;
  TempBuffer incoming(count, datatype);
  bool first = true;
  const int rounds = schedule.rounds(p);
  for (int r = 0; r < rounds; ++r) {
    const trace::Round round(r);
    const schedule::ScanStep step = schedule.step(rank, p, r);
    if (step.to >= 0) trace::blocks(step.sent.first, step.sent.count, 0, count);
    COLLSCOPE_TRY(exchange({sums.inclusive(), count, step.to}, {incoming.data(), count, step.from},
                           datatype, tag, comm));
    if (step.from < 0) continue;
    // The inclusive sum is still needed if this rank sends again in a later round.
    bool sends_later = false;
    for (int later = r + 1; later < rounds && !sends_later; ++later)
      sends_later = schedule.step(rank, p, later).to >= 0;
    COLLSCOPE_TRY(sums.add_on_left(incoming.data(), 0, count, first, sends_later));
    first = false;
  }
  return MPI_SUCCESS;
}

} // namespace collscope::detail
