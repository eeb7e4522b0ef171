// Broken on purpose (breaks: correct, for p not a power of two): the butterfly and the
// halving run over all p ranks as if p were a power of two, skipping a step whose partner
// rank v XOR 2^k does not exist; there is no fold. Right for p = 1, 2, 4, 8, 16; for the other
// p some ranks miss some inputs.
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
  const int folded = 0; // the bug: no fold; every rank is a core rank, partners ≥ p skipped
  if (q < p) q *= 2, ++log_q;
  const auto core_rank = [&](int v) { return v < p ? v : -1; };
  const int v = rank;
  std::vector<char> scratch(static_cast<std::size_t>(count) * static_cast<std::size_t>(extent));

  if (rank < folded && v < 0) {
    MPI_Send(buf, count, datatype, rank + 1, tag, comm);
  } else if (rank < folded) {
    MPI_Recv(scratch.data(), count, datatype, rank - 1, tag, comm, MPI_STATUS_IGNORE);
    MPI_Reduce_local(scratch.data(), buf, count, datatype, op); // even ⊕ odd
  }

  if (v >= 0 && !large(p, q, log_q, static_cast<double>(count) * size)) {
    for (int d = 1; d < q; d *= 2)
      if (core_rank(v ^ d) >= 0)
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
      if (core_rank(v ^ d) >= 0)
        exchange_combine(at(give_lo), give_hi - give_lo, at(lo), hi - lo, scratch.data(),
                         core_rank(v ^ d), !keep_lower, c);
    }
    for (int d = q / 2; d >= 1; d /= 2) {
      const auto [whole_lo, whole_hi] = pieces.back();
      pieces.pop_back();
      const int other_lo = lo == whole_lo ? hi : whole_lo;
      const int other_hi = lo == whole_lo ? whole_hi : lo;
      if (core_rank(v ^ d) >= 0)
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
