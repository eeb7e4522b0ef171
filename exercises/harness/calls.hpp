// Calling the submission and its native counterpart on the same buffers.
#pragma once

#include "buffers.hpp"
#include "case.hpp"

#include <mpi.h>

namespace collscope::grade {

/// The native collective, through PMPI so the tracer never records it.
int call_native(Kind kind, const Case& c, Buffers& b, MPI_Datatype type, MPI_Comm comm);
/// The submission's function.
int call_submission(Kind kind, const Case& c, Buffers& b, MPI_Datatype type, MPI_Comm comm);

/// The committed vector datatype, MPI_Type_vector(2, 1, 2, MPI_INT), or MPI_INT.
class Datatypes {
public:
  Datatypes();
  ~Datatypes();
  Datatypes(const Datatypes&) = delete;
  Datatypes& operator=(const Datatypes&) = delete;
  MPI_Datatype operator[](Dtype d) const { return d == Dtype::int_ ? MPI_INT : vector_; }

private:
  MPI_Datatype vector_ = MPI_DATATYPE_NULL;
};

} // namespace collscope::grade
