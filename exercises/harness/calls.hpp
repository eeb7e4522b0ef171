// Calling the submission and its native counterpart on the same buffers.
#pragma once

#include "buffers.hpp"
#include "collscope/grade/case.hpp"

#include <mpi.h>

namespace collscope::grade {

class Datatypes;

/// The native collective, through PMPI so the tracer never records it.
int call_native(Kind kind, const Case& c, Buffers& b, const Datatypes& types, MPI_Comm comm);
/// The submission's function.
int call_submission(Kind kind, const Case& c, Buffers& b, const Datatypes& types, MPI_Comm comm);

/// The committed vector datatype, MPI_Type_vector(2, 1, 2, MPI_INT), or MPI_INT; and the
/// allreduce's ops on them (buffers.hpp: sum and the affine maps).
class Datatypes {
public:
  Datatypes();
  ~Datatypes();
  Datatypes(const Datatypes&) = delete;
  Datatypes& operator=(const Datatypes&) = delete;
  MPI_Datatype operator[](Dtype d) const { return d == Dtype::int_ ? MPI_INT : vector_; }
  /// MPI_SUM on MPI_INT; user-defined ops otherwise (MPI's own refuse derived datatypes).
  MPI_Op op(Op o, Dtype d) const;

private:
  MPI_Datatype vector_ = MPI_DATATYPE_NULL;
  MPI_Op vector_sum_ = MPI_OP_NULL;
  MPI_Op affine_ = MPI_OP_NULL;
};

} // namespace collscope::grade
