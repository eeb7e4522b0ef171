// Two-phase (up/down) scan and exscan on a binomial tree in rank order (seeds/001, "Scan/Exscan:
// Two phases, up and down"; Sanders, Träff 2006, cited there). Up: in round k, rank i with
// (i + 1) mod 2^(k+1) = 2^k sends its subtree's sum B(i − 2^k + 1) … B(i) to i + 2^k, which
// adds it on its left; rank 2^j − 1 then holds its whole prefix. Down: from the largest
// distance 2^k with 3·2^k ≤ p to 1, rank i with (i + 1) mod 2^(k+1) = 0 sends its (complete)
// prefix to i + 2^k, which adds it on the left of its subtree sum and is complete.
//
//   p = 8    up   round 0: 0→1 2→3 4→5 6→7   round 1: 1→3 5→7   round 2: 3→7
//            down round 3: 3→5                round 4: 1→2 3→4 5→6
//
// Rounds: ⌊log₂p⌋ + ⌊log₂(2p/3)⌋ for p ≥ 2 (≤ 2⌊log₂p⌋; schedule/scan.hpp proves it for
// p ≤ 64).  Cost: rounds·(α + βm + γm).  Work-efficient: at most 2(p − 1) messages and ⊕ in
// all (Hillis–Steele: up to p⌈log₂p⌉).  Exscan adds every received sum also to an exclusive
// sum, in the same rounds.  Operands stay in rank order: correct for non-commutative ops.
#include "collscope/algorithms/scan.hpp"
#include "collscope/schedule/scan.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "scan/prefix_sums.hpp"

namespace collscope {

namespace {

int binomial_updown(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, bool exclusive) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region(exclusive ? "exscan" : "scan", "binomial-updown", -1, count,
                               datatype, comm);
  PrefixSums sums(sendbuf, recvbuf, count, datatype, op, exclusive);
  COLLSCOPE_TRY(sums.start());
  if (carries_no_data(count, datatype)) return MPI_SUCCESS;

  const Tag tag = exclusive ? exscan_tag : scan_tag;
  TempBuffer incoming(count, datatype);
  bool first = true;
  const int rounds = schedule::updown_rounds(p);
  for (int r = 0; r < rounds; ++r) {
    const trace::Round round(r);
    const schedule::ScanStep step = schedule::updown_step(rank, p, r);
    if (step.to >= 0) trace::blocks(step.sent.first, step.sent.count, 0, count);
    COLLSCOPE_TRY(exchange({sums.inclusive(), count, step.to}, {incoming.data(), count, step.from},
                           datatype, tag, comm));
    if (step.from < 0) continue;
    bool sends_later = false;
    for (int later = r + 1; later < rounds && !sends_later; ++later)
      sends_later = schedule::updown_step(rank, p, later).to >= 0;
    COLLSCOPE_TRY(sums.add_on_left(incoming.data(), 0, count, first, sends_later));
    first = false;
  }
  return MPI_SUCCESS;
}

} // namespace

int scan_binomial_updown(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm user_comm) {
  return detail::prefix_sum_entry(binomial_updown, false, sendbuf, recvbuf, count, datatype, op,
                                  user_comm);
}

int exscan_binomial_updown(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm user_comm) {
  return detail::prefix_sum_entry(binomial_updown, true, sendbuf, recvbuf, count, datatype, op,
                                  user_comm);
}

} // namespace collscope
