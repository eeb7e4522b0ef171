// Bruck's all-to-all in radix k (seeds/001, "The power of the circulant graph", the bandwidth/
// latency trade-off of all-to-all; Bruck, Ho, Kipnis, Upfal, Weathersby 1997): the slot
// algorithm of `bruck` with the slot index written in base k = radix() (--radix, default 4).
//
//   1. local rotation: slot j of rank i gets i's block for rank i + j (mod p);
//   2. for every digit position x and digit d = 1 … k−1 with d·k^x < p: the slots whose digit x
//      is d go, as one indexed datatype, to rank i + d·k^x; the same slots come from i − d·k^x;
//   3. local inverse rotation: slot j now holds the block from rank i − j.
//
//   p = 9, k = 3: rounds (x, d) = (0, 1) slots 1 4 7 → i+1, (0, 2) slots 2 5 8 → i+2,
//                 (1, 1) slots 3 4 5 → i+3, (1, 2) slots 6 7 8 → i+6
//
// Rounds: (k−1)⌈log_k p⌉ for p = k^L, (k−1)(⌈log_k p⌉ − 1) + ⌈p/k^(⌈log_k p⌉−1)⌉ − 1 in
// general. Cost: ≤ rounds·(α + βm/2) (no round carries more than half the blocks; about m/k
// each, so the exact time schedule::bruck_radix_time is near rounds·α + (k−1)⌈log_k p⌉βm/k).
#include "alltoall/alltoall_parts.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/algorithms/radix.hpp"
#include "collscope/schedule/bruck_radix.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int mod(int a, int p) {
  return ((a % p) + p) % p;
}
schedule::RadixStep step(int p, int round) {
  return schedule::bruck_radix_steps(p, radix())[static_cast<std::size_t>(round)];
}
int unused_bit(int, int) {
  return 0;
}
std::vector<int> slots(int p, int round) {
  const schedule::RadixStep s = step(p, round);
  return schedule::slots_with_digit(p, radix(), s.position, s.digit);
}
int to(int rank, int p, int round) {
  return mod(rank + step(p, round).distance, p);
}
int from(int rank, int p, int round) {
  return mod(rank - step(p, round).distance, p);
}
int rotated(int rank, int p, int j) {
  return mod(rank + j, p);
}
int rotated_back(int rank, int p, int j) {
  return mod(rank - j, p);
}

/// Rounds for the radix the process set (radix.hpp), as the other functions here read it.
int radix_rounds(int p) {
  return schedule::bruck_radix_rounds(p, radix());
}

const detail::SlotSchedule bruck_radix{.name = "bruck-radix",
                                       .rounds = radix_rounds,
                                       .bit = unused_bit,
                                       .to = to,
                                       .from = from,
                                       .start_destination = rotated,
                                       .final_origin = rotated_back,
                                       .slots = slots};

} // namespace

COLLSCOPE_ENTRY(alltoall, alltoall_bruck_radix,
                [](auto... mpi_args) { return detail::slot_alltoall(bruck_radix, mpi_args...); })

} // namespace collscope
