// The user-defined ops. MPI calls them as inout[i] = in[i] ∘ inout[i], `in` being the
// operand of the lower ranks.
//
// noncommutative: an element is an affine map f(x) = a·x + b, and ∘ is composition,
// (a₁, b₁) ∘ (a₂, b₂) = (a₁a₂, a₁b₂ + b₁): associative, as composition is, but not
// commutative, so any reordering of operands changes the result. The pair is packed into
// one number so that every count works: an int holds a·2^16 + b with arithmetic mod 2^16
// (unsigned, so overflow wraps as in a ring); a double holds a·2^26 + b mod 2^26, which
// stays an integer below 2^52 and is therefore exact; a float, with its 24-bit significand,
// holds a·2^12 + b mod 2^12, an integer below 2^24, exact too. The vector datatype applies
// the int rule to each of its two ints.
//
// MPI's predefined ops refuse derived datatypes (Open MPI: MPI_ERR_OP), so sum and max on
// the vector datatype are user-defined too, declared commutative.
#include "mpi_types.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace collscope::run {

namespace {

MPI_Datatype vector_type = MPI_DATATYPE_NULL; // what the ops recognise as "vector"

int affine(int left, int right) {
  const auto x = static_cast<std::uint32_t>(left);
  const auto y = static_cast<std::uint32_t>(right);
  const std::uint32_t a = ((x >> 16) * (y >> 16)) & 0xffffu;
  const std::uint32_t b = ((x >> 16) * (y & 0xffffu) + (x & 0xffffu)) & 0xffffu;
  return static_cast<int>(a << 16 | b);
}

/// a·2^bits + b with a and b mod 2^bits, in a floating type whose significand holds 2·bits.
template <class T, int bits> T affine_real(T left, T right) {
  constexpr T limit = static_cast<T>(std::uint64_t{1} << (2 * bits));
  // Only corrupted data leaves the range; poison it rather than convert out of range.
  if (!(left >= 0 && left < limit && right >= 0 && right < limit)) return T(-1);
  constexpr std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  const auto x = static_cast<std::uint64_t>(left);
  const auto y = static_cast<std::uint64_t>(right);
  const std::uint64_t a = ((x >> bits) * (y >> bits)) & mask;
  const std::uint64_t b = ((x >> bits) * (y & mask) + (x & mask)) & mask;
  return static_cast<T>(a << bits | b);
}

float affine(float left, float right) {
  return affine_real<float, affine_float_bits>(left, right);
}

double affine(double left, double right) {
  return affine_real<double, affine_double_bits>(left, right);
}

template <class T> T sum(T left, T right) {
  return left + right;
}
template <class T> T max(T left, T right) {
  return std::max(left, right);
}

template <class T, T (*combine)(T, T)>
void apply(const char* in, char* inout, std::int64_t units, int stride, int skip) {
  for (std::int64_t u = 0; u < units; ++u) {
    if (stride > 1 && u % stride == skip) continue;
    T x, y;
    std::memcpy(&x, in + u * sizeof(T), sizeof(T));
    std::memcpy(&y, inout + u * sizeof(T), sizeof(T));
    y = combine(x, y);
    std::memcpy(inout + u * sizeof(T), &y, sizeof(T));
  }
}

template <int (*on_int)(int, int), float (*on_float)(float, float),
          double (*on_double)(double, double)>
void user_op(void* in, void* inout, int* len, MPI_Datatype* datatype) {
  const auto* from = static_cast<const char*>(in);
  auto* to = static_cast<char*>(inout);
  if (*datatype == MPI_INT) {
    apply<int, on_int>(from, to, *len, 1, -1);
  } else if (*datatype == MPI_FLOAT) {
    apply<float, on_float>(from, to, *len, 1, -1);
  } else if (*datatype == MPI_DOUBLE) {
    apply<double, on_double>(from, to, *len, 1, -1);
  } else if (*datatype == vector_type) {
    apply<int, on_int>(from, to, std::int64_t{3} * *len, 3, 1);
  } else {
    // An algorithm handed the op a datatype of its own making; nothing sane can be computed.
    std::fputs("collscope-run: error: the op was called with an unexpected datatype\n", stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

} // namespace

MpiTypes::MpiTypes(Datatype datatype, std::optional<Op> op) {
  switch (datatype) {
  case Datatype::int_:
    datatype_ = MPI_INT;
    break;
  case Datatype::float_:
    datatype_ = MPI_FLOAT;
    break;
  case Datatype::double_:
    datatype_ = MPI_DOUBLE;
    break;
  case Datatype::vector:
    MPI_Type_vector(2, 1, 2, MPI_INT, &datatype_);
    MPI_Type_commit(&datatype_);
    vector_type = datatype_;
    own_datatype_ = true;
    break;
  }
  if (!op) return;
  own_op_ = *op == Op::noncommutative || datatype == Datatype::vector;
  if (!own_op_) {
    op_ = *op == Op::sum ? MPI_SUM : MPI_MAX;
  } else if (*op == Op::noncommutative) {
    MPI_Op_create(user_op<affine, affine, affine>, /*commute=*/0, &op_);
  } else if (*op == Op::sum) {
    MPI_Op_create(user_op<sum<int>, sum<float>, sum<double>>, /*commute=*/1, &op_);
  } else {
    MPI_Op_create(user_op<max<int>, max<float>, max<double>>, /*commute=*/1, &op_);
  }
}

MpiTypes::~MpiTypes() {
  if (own_op_) MPI_Op_free(&op_);
  if (own_datatype_) {
    MPI_Type_free(&datatype_);
    vector_type = MPI_DATATYPE_NULL;
  }
}

} // namespace collscope::run
