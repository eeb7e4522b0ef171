// Reference solution of the allreduce exercise (seeds/001, "The power of the
// hypercube/butterfly: Allreduce, ReduceScatter", "Allreduce ≈ Reducescatter + Allgather";
// p not a power of two as in Rabenseifner, Träff 2004, cited there).
//
// q = 2^⌊log₂p⌋, L = log₂q. When p > q, the first 2(p − q) ranks fold pairwise: the even one
// sends its vector to the odd one, which combines even ⊕ odd, and gets the result back at the
// end (2 extra rounds). The q remaining ("core") ranks, numbered 0 … q − 1 in rank order, run
//
//   small m: the butterfly: in round k exchange the whole vector with core rank v XOR 2^k
//            and combine — L rounds, L(α + βm);
//   large m: reduce-scatter by recursive halving (exchange half of the current piece with
//            v XOR 2^k for k = 0, 1, …), then allgather by recursive doubling back —
//            2L rounds, 2Lα + 2(q − 1)/q·βm.
//
// Pairing across bit 0 first keeps every partial result a reduction over consecutive ranks,
// so the lower group's partial always goes on the left: correct for non-commutative ops.
// Which of the two is used: the one the α-β model says is cheaper (task.md).
//
//   p = 6 (q = 4), small m:  round 0: 0→1 2→3 (fold)   core 1,3,4,5
//                            round 1: 1↔3 4↔5   round 2: 1↔4 3↔5   round 3: 1→0 3→2
#include <mpi.h>
#include <utility>
#include <vector>

namespace {

constexpr int tag = 4716;
constexpr double alpha = 1e-6; // s per message
constexpr double beta = 2e-10; // s per byte

struct Call {
  MPI_Datatype type;
  MPI_Op op;
  MPI_Comm comm;
  int rank;
  MPI_Aint extent;
};

/// n elements from `from` to `to`, as the datatype lays them out (a message to myself).
void copy(const void* from, void* to, int n, const Call& c) {
  MPI_Sendrecv(from, n, c.type, c.rank, tag, to, n, c.type, c.rank, tag, c.comm, MPI_STATUS_IGNORE);
}

/// Sends `out` (n_out elements) to `partner`, receives n_in elements from it into `scratch`
/// and combines them into `mine` (n_in elements), the lower ranks' operand on the left.
void exchange_combine(const void* out, int n_out, char* mine, int n_in, char* scratch, int partner,
                      bool partner_is_lower, const Call& c) {
  MPI_Sendrecv(out, n_out, c.type, partner, tag, scratch, n_in, c.type, partner, tag, c.comm,
               MPI_STATUS_IGNORE);
  if (partner_is_lower) {
    MPI_Reduce_local(scratch, mine, n_in, c.type, c.op); // mine = theirs ⊕ mine
  } else {
    MPI_Reduce_local(mine, scratch, n_in, c.type, c.op); // scratch = mine ⊕ theirs
    copy(scratch, mine, n_in, c);
  }
}

/// The α-β model's choice: reduce-scatter + allgather when it is cheaper than the butterfly.
bool large(int p, int q, int log_q, double bytes) {
  const int fold = p == q ? 0 : 2;
  const double butterfly = (log_q + fold) * (alpha + beta * bytes);
  const double halving = (2 * log_q + fold) * alpha + (2.0 * (q - 1) / q + fold) * beta * bytes;
  return halving < butterfly;
}

} // namespace

int MY_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) {
  int rank = 0, p = 1, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &size);
  if (count == 0) return MPI_SUCCESS;
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(datatype, &lb, &extent);
  const Call c{datatype, op, comm, rank, extent};
  char* buf = static_cast<char*>(recvbuf);
  copy(sendbuf, buf, count, c);
  if (p == 1) return MPI_SUCCESS;

  int q = 1, log_q = 0;
  while (2 * q <= p) q *= 2, ++log_q;
  const int folded = 2 * (p - q); // ranks 0 … folded − 1 pair up
  const auto core_rank = [&](int v) { return v < p - q ? 2 * v + 1 : v + (p - q); };
  const int v = rank < folded ? (rank % 2 == 1 ? rank / 2 : -1) : rank - (p - q);
  std::vector<char> scratch(static_cast<std::size_t>(count) * static_cast<std::size_t>(extent));

  if (rank < folded && v < 0) {
    MPI_Send(buf, count, datatype, rank + 1, tag, comm);
  } else if (rank < folded) {
    MPI_Recv(scratch.data(), count, datatype, rank - 1, tag, comm, MPI_STATUS_IGNORE);
    MPI_Reduce_local(scratch.data(), buf, count, datatype, op); // even ⊕ odd
  }

  if (v >= 0 && !large(p, q, log_q, static_cast<double>(count) * size)) {
    for (int d = 1; d < q; d *= 2)
      exchange_combine(buf, count, buf, count, scratch.data(), core_rank(v ^ d), (v ^ d) < v, c);
  } else if (v >= 0) {
    const auto at = [&](int element) { return buf + static_cast<MPI_Aint>(element) * extent; };
    std::vector<std::pair<int, int>> pieces; // [lo, hi) before each halving
    int lo = 0, hi = count;
    for (int d = 1; d < q; d *= 2) {
      pieces.emplace_back(lo, hi);
      const int mid = lo + (hi - lo) / 2;
      const bool keep_lower = (v & d) == 0; // the lower core rank keeps the lower half
      const int give_lo = keep_lower ? mid : lo, give_hi = keep_lower ? hi : mid;
      if (keep_lower)
        hi = mid;
      else
        lo = mid;
      exchange_combine(at(give_lo), give_hi - give_lo, at(lo), hi - lo, scratch.data(),
                       core_rank(v ^ d), !keep_lower, c);
    }
    for (int d = q / 2; d >= 1; d /= 2) {
      const auto [whole_lo, whole_hi] = pieces.back();
      pieces.pop_back();
      const int other_lo = lo == whole_lo ? hi : whole_lo;
      const int other_hi = lo == whole_lo ? whole_hi : lo;
      MPI_Sendrecv(at(lo), hi - lo, datatype, core_rank(v ^ d), tag, at(other_lo),
                   other_hi - other_lo, datatype, core_rank(v ^ d), tag, comm, MPI_STATUS_IGNORE);
      lo = whole_lo;
      hi = whole_hi;
    }
  }

  if (rank < folded && v < 0)
    MPI_Recv(buf, count, datatype, rank + 1, tag, comm, MPI_STATUS_IGNORE);
  else if (rank < folded)
    MPI_Send(buf, count, datatype, rank - 1, tag, comm);
  return MPI_SUCCESS;
}
