// Helpers for MPI tests: agreement across ranks and the datatypes the tests use.
#pragma once

#include <mpi.h>
#include <string>

namespace collscope::testing {

/// The number of processes in MPI_COMM_WORLD.
int world_size();

/// True on every rank iff `ok` is true on every rank of comm.
bool all_ranks(bool ok, MPI_Comm comm);

/// How a test lays out its buffers.
enum class Types {
  ints,    ///< MPI_INT on both sides
  vectors, ///< MPI_Type_vector(2, 1, 2, MPI_INT) on both sides: non-contiguous, 2 ints + gap
  mixed    ///< sender uses the vector type, receiver 2 × MPI_INT per element: same signature
};
std::string to_string(Types types);

/// The committed datatypes of the tests, freed at destruction.
class TestTypes {
public:
  TestTypes();
  ~TestTypes();
  TestTypes(const TestTypes&) = delete;
  TestTypes& operator=(const TestTypes&) = delete;

  MPI_Datatype vector() const { return vector_; }
  /// Two consecutive ints: the element type of the non-commutative op.
  MPI_Datatype pair() const { return pair_; }
  /// x ↦ a·x + b composed, on pairs (a, b): associative and not commutative.
  MPI_Op affine() const { return affine_; }

private:
  MPI_Datatype vector_ = MPI_DATATYPE_NULL;
  MPI_Datatype pair_ = MPI_DATATYPE_NULL;
  MPI_Op affine_ = MPI_OP_NULL;
};

} // namespace collscope::testing
