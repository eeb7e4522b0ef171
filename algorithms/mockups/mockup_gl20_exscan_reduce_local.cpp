// GL20 (seeds/004 §3.1, Appendix A): MPI_Scan(n) ≤ MPI_Exscan(n) + MPI_Reduce_local(n). The
// library's MPI_Exscan gives rank r the prefix e = x₀ ⊕ … ⊕ x_{r−1}; MPI_Reduce_local then adds
// the rank's own x_r; rank 0, whose exscan result MPI leaves undefined, copies its x₀.
//
//   p = 3:  exscan → [ ?, x₀, x₀⊕x₁ ]  reduce_local → [ x₀, x₀⊕x₁, x₀⊕x₁⊕x₂ ]
//
// MPI_Reduce_local(in, inout) computes inout = in ⊕ inout. For a commutative op the own input
// goes in and recvbuf is inout (x ⊕ e, no extra buffer: Table 1); a non-commutative op needs
// e ⊕ x, so the own input is copied into a buffer of n that is inout and then copied back
// (PGMPITuneLib always computes x ⊕ e, wrong for non-commutative ops). In place, the own input
// is saved in that buffer before the exscan overwrites recvbuf. Rounds and cost: the library's.
#include "collscope/algorithms/guidelines.hpp"
#include "common/annotate.hpp"
#include "common/contract.hpp"
#include "mockups/mockup_parts.hpp"

namespace collscope {

namespace {

int unchecked_scan_gl20(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm) {
  using namespace detail;
  const auto [rank, p] = shape(comm);
  const AlgorithmRegion region("scan", "gl20-exscan-reduce_local", -1, count, datatype, comm);
  if (count == 0) return MPI_SUCCESS;
  int commutative = 1;
  COLLSCOPE_TRY(MPI_Op_commutative(op, &commutative));
  const bool in_place = sendbuf == MPI_IN_PLACE;
  TempBuffer own(in_place || !commutative ? count : 0, datatype);
  if (in_place || !commutative)
    COLLSCOPE_TRY(
        typed_copy(in_place ? recvbuf : sendbuf, count, datatype, own.data(), count, datatype));
  const void* input = in_place ? own.data() : sendbuf;
  COLLSCOPE_TRY(MPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm));
  if (rank == 0) return typed_copy(input, count, datatype, recvbuf, count, datatype);
  if (commutative) return MPI_Reduce_local(input, recvbuf, count, datatype, op);
  COLLSCOPE_TRY(MPI_Reduce_local(recvbuf, own.data(), count, datatype, op));
  return typed_copy(own.data(), count, datatype, recvbuf, count, datatype);
}

} // namespace

COLLSCOPE_ENTRY(allreduce, scan_gl20_exscan_reduce_local, unchecked_scan_gl20)

} // namespace collscope
