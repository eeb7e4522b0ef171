// The MPI datatype and MPI_Op of a run, and how an element of each datatype lies in memory.
#pragma once

#include "options.hpp"

#include <mpi.h>
#include <optional>

namespace collscope::run {

/// One element in units of int (int, vector), float or double: vector is
/// MPI_Type_vector(2, 1, 2, MPI_INT), three ints of extent whose middle one is a gap.
struct Layout {
  int unit_bytes;
  int units_per_element;
  bool floating = false; ///< float or double (a float's unit is as wide as an int's)
  bool is_data(int unit) const { return units_per_element == 1 || unit != 1; }
  int extent_bytes() const { return unit_bytes * units_per_element; }
};

/// The noncommutative op's packing of an affine map x ↦ a·x + b into one float or double:
/// a·2^bits + b, a and b mod 2^bits (mpi_types.cpp); buffers.cpp builds its inputs so.
inline constexpr int affine_float_bits = 12;
inline constexpr int affine_double_bits = 26;

constexpr Layout layout_of(Datatype datatype) {
  switch (datatype) {
  case Datatype::int_:
    return {static_cast<int>(sizeof(int)), 1};
  case Datatype::float_:
    return {static_cast<int>(sizeof(float)), 1, true};
  case Datatype::double_:
    return {static_cast<int>(sizeof(double)), 1, true};
  case Datatype::vector:
    return {static_cast<int>(sizeof(int)), 3};
  }
  return {1, 1};
}

/// Creates (on every rank: MPI requires it) the committed datatype and the op; frees them on
/// destruction, which must come before MPI_Finalize.
class MpiTypes {
public:
  /// `op` only for reduce.
  MpiTypes(Datatype datatype, std::optional<Op> op);
  ~MpiTypes();
  MpiTypes(const MpiTypes&) = delete;
  MpiTypes& operator=(const MpiTypes&) = delete;

  MPI_Datatype datatype() const { return datatype_; }
  /// MPI_OP_NULL outside reduce.
  MPI_Op op() const { return op_; }

private:
  MPI_Datatype datatype_ = MPI_DATATYPE_NULL;
  MPI_Op op_ = MPI_OP_NULL;
  bool own_datatype_ = false;
  bool own_op_ = false;
};

} // namespace collscope::run
