#include "calls.hpp"

#include "collscope/grade/entry.hpp"

namespace collscope::grade {

namespace {

template <class Rooted, class Bcast, class Allgather>
int dispatch(Kind kind, const Case& c, Buffers& b, MPI_Datatype t, MPI_Comm comm, Rooted rooted,
             Bcast bcast, Allgather allgather) {
  void* send = b.send.data();
  void* recv = b.recv.data();
  switch (kind) {
  case Kind::gather:
  case Kind::scatter:
    return rooted(send, c.count, t, recv, c.count, t, c.root, comm);
  case Kind::bcast:
    return bcast(recv, c.count, t, c.root, comm);
  case Kind::allgather:
    return allgather(send, c.count, t, recv, c.count, t, comm);
  }
  return MPI_ERR_OTHER;
}

} // namespace

int call_native(Kind kind, const Case& c, Buffers& b, MPI_Datatype t, MPI_Comm comm) {
  return dispatch(kind, c, b, t, comm, kind == Kind::gather ? PMPI_Gather : PMPI_Scatter,
                  PMPI_Bcast, PMPI_Allgather);
}

int call_submission(Kind kind, const Case& c, Buffers& b, MPI_Datatype t, MPI_Comm comm) {
  return dispatch(kind, c, b, t, comm, submission.rooted, submission.bcast, submission.allgather);
}

Datatypes::Datatypes() {
  PMPI_Type_vector(2, 1, 2, MPI_INT, &vector_);
  PMPI_Type_commit(&vector_);
}

Datatypes::~Datatypes() {
  PMPI_Type_free(&vector_);
}

} // namespace collscope::grade
