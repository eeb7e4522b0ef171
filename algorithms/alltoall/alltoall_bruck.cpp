// Bruck's index algorithm for alltoall (seeds/001, "The power of the circulant graph", after
// Bruck, Ho, Kipnis, Upfal, Weathersby 1997): the hypercube's message combining on the
// circulant graph i → i + 2^k, so it works for every p.
//
//   1. local rotation: slot j of rank i gets i's block for rank i + j (mod p);
//   2. round k = 0 … ⌈log₂p⌉ − 1: the slots whose index has bit k set go, combined into one
//      message (one indexed datatype), to rank i + 2^k; the same slots come from i − 2^k;
//   3. local inverse rotation: slot j now holds the block from rank i − j.
//
//   p = 5, rank 0, slot j = block (origin → destination):
//            slot 0   slot 1   slot 2   slot 3   slot 4
//   start    0→0      0→1      0→2      0→3      0→4
//   round 0  0→0     [4→0]     0→2     [4→2]     0→4      slots 1 3 from rank 4
//   round 1  0→0      4→0     [3→0]    [2→0]     0→4      slots 2 3 from rank 3
//   round 2  0→0      4→0      3→0      2→0     [1→0]     slot 4 from rank 1
//
// Rounds: ⌈log₂p⌉.  Cost: at most ⌊p/2⌋ of the p blocks per round, so
// ≤ ⌈log₂p⌉(α + βm/2) (the lecture's ⌈log₂p⌉α + (⌈log₂p⌉/2)βm), exact for p a power of two;
// plus O(m) local copying in steps 1 and 3 and after each round.
#include "alltoall/alltoall_parts.hpp"
#include "collscope/algorithms/alltoall.hpp"
#include "collscope/schedule/alltoall.hpp"
#include "collscope/schedule/bits.hpp"
#include "common/contract.hpp"

namespace collscope {

namespace {

int mod(int a, int p) {
  return ((a % p) + p) % p;
}
int bit(int, int k) {
  return k;
}
int to(int rank, int p, int k) {
  return schedule::bruck_alltoall_step(rank, p, k).send_to;
}
int from(int rank, int p, int k) {
  return schedule::bruck_alltoall_step(rank, p, k).recv_from;
}
int rotated(int rank, int p, int j) { // step 1: slot j holds the block for rank + j
  return mod(rank + j, p);
}
int rotated_back(int rank, int p, int j) { // step 3: slot j holds the block from rank − j
  return mod(rank - j, p);
}

const detail::SlotSchedule bruck{"bruck", schedule::ceil_log2, bit, to, from,
                                 rotated, rotated_back};

} // namespace

COLLSCOPE_ENTRY(alltoall, alltoall_bruck,
                [](auto... mpi_args) { return detail::slot_alltoall(bruck, mpi_args...); })

} // namespace collscope
