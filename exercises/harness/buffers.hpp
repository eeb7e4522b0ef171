// One rank's buffers for a graded call, filled so that a mistake can be read off the
// first wrong value: data values name their owner and element, and memory the collective
// must not write holds markers that say what it is.
//
// Buffers are counted in ints. MPI_INT is one int per element; the vector datatype
// MPI_Type_vector(2, 1, 2, MPI_INT) is three ints per element (extent 12 bytes) whose
// middle one is a gap the collective must leave alone.
#pragma once

#include "collscope/grade/case.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace collscope::grade {

inline constexpr int sentinel = -999; ///< receive memory the collective must not write
inline constexpr int send_gap = -555; ///< gaps of send buffers (memcpy of extents copies them)
inline constexpr int poison = -777;   ///< send data that is not significant (scatter, non-root)

/// Data of `owner`'s element `element`, int `unit` (0 or 2 within a vector element):
/// 1000000·(owner + 1) + 2·element + (unit != 0).
int data_value(int owner, std::int64_t element, int unit);
/// The affine map x ↦ ax + b that `owner`'s element `element`, int `unit`, holds for the
/// non-commutative op: a·2^16 + b with a odd (and below 2^15, so the value is positive) and
/// b both depending on owner and element, so that any two ranks' maps do not commute.
int affine_value(int owner, std::int64_t element, int unit);
/// (a₁, b₁) ∘ (a₂, b₂) = (a₁a₂, a₁b₂ + b₁) modulo 2^16: `left` applied after `right`, as
/// MPI's user ops combine inout = in ∘ inout with `in` the lower ranks' operand.
int compose_affine(int left, int right);

struct Buffers {
  std::vector<int> send; ///< empty for bcast; one guard element behind the data
  std::vector<int> recv; ///< the bcast buffer for bcast; one guard element behind the data
  Op op = Op::sum;       ///< allreduce: what the data is made for
  std::int64_t send_elements = 0;
  std::int64_t recv_elements = 0;
};

/// Identical for identical arguments, so the native and the graded call start alike.
/// Every rank gets full-size buffers, also where MPI calls them insignificant: a submission
/// that writes there is caught by the comparison instead of corrupting memory.
Buffers make_buffers(Kind kind, const Case& c, int rank);

/// The first int where `got` differs from `expected`, described for a student, e.g.
/// "recvbuf block 2 (rank 2's data), element 0: expected rank 2's element 0 (3000000),
/// got rank 1's element 0 (2000000)"; empty when the buffers are identical.
std::string first_difference(Kind kind, const Case& c, const Buffers& got, const Buffers& expected);

int units_per_element(Dtype dtype);

} // namespace collscope::grade
