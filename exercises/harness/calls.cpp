#include "calls.hpp"

#include "collscope/grade/entry.hpp"
#include "collscope/grade/irregular.hpp"

#include <cstring>

namespace collscope::grade {

namespace {

MPI_Datatype vector_type = MPI_DATATYPE_NULL; // what the user ops recognise as the vector

/// MPI calls user ops as inout[i] = in[i] op inout[i], `in` holding the lower ranks' operand.
/// A vector element is three ints, the middle one a gap the op must not touch.
template <int (*combine)(int, int)> void user_op(void* in, void* inout, int* len, MPI_Datatype* t) {
  const bool vector = *t == vector_type;
  const std::size_t units = static_cast<std::size_t>(*len) * (vector ? 3 : 1);
  for (std::size_t u = 0; u < units; ++u) {
    if (vector && u % 3 == 1) continue;
    int x = 0, y = 0;
    std::memcpy(&x, static_cast<const char*>(in) + u * sizeof(int), sizeof(int));
    std::memcpy(&y, static_cast<char*>(inout) + u * sizeof(int), sizeof(int));
    const int z = combine(x, y);
    std::memcpy(static_cast<char*>(inout) + u * sizeof(int), &z, sizeof(int));
  }
}

int sum(int x, int y) {
  return static_cast<int>(static_cast<unsigned>(x) + static_cast<unsigned>(y));
}

template <class Rooted, class Bcast, class Allgather, class Allreduce, class Gatherv>
int dispatch(Kind kind, const Case& c, Buffers& b, const Datatypes& types, MPI_Comm comm,
             Rooted rooted, Bcast bcast, Allgather allgather, Allreduce allreduce,
             Gatherv gatherv) {
  void* send = b.send.data();
  void* recv = b.recv.data();
  const MPI_Datatype t = types[c.dtype];
  switch (kind) {
  case Kind::gather:
  case Kind::scatter:
    return rooted(send, c.count, t, recv, c.count, t, c.root, comm);
  case Kind::bcast:
    return bcast(recv, c.count, t, c.root, comm);
  case Kind::allgather:
  case Kind::alltoall:
    return allgather(send, c.count, t, recv, c.count, t, comm);
  case Kind::allreduce:
  case Kind::scan:
  case Kind::reduce_scatter_block:
    return allreduce(send, recv, c.count, t, types.op(c.op, c.dtype), comm);
  case Kind::gatherv: {
    // Every rank passes the root's arguments (MPI: significant at the root only).
    constexpr int most = 4096; // no heap: the submission's allocations are being counted
    static int counts[most], displs[most];
    for (int i = 0; i < c.p && i < most; ++i) {
      counts[i] = gatherv_count(c, i);
      displs[i] = static_cast<int>(gatherv_displ(c, i));
    }
    return gatherv(send, static_cast<int>(b.send_elements), t, recv, counts, displs, t, c.root,
                   comm);
  }
  }
  return MPI_ERR_OTHER;
}

} // namespace

int call_native(Kind kind, const Case& c, Buffers& b, const Datatypes& types, MPI_Comm comm) {
  return dispatch(kind, c, b, types, comm, kind == Kind::gather ? PMPI_Gather : PMPI_Scatter,
                  PMPI_Bcast, kind == Kind::alltoall ? PMPI_Alltoall : PMPI_Allgather,
                  kind == Kind::scan                   ? PMPI_Scan
                  : kind == Kind::reduce_scatter_block ? PMPI_Reduce_scatter_block
                                                       : PMPI_Allreduce,
                  PMPI_Gatherv);
}

int call_submission(Kind kind, const Case& c, Buffers& b, const Datatypes& types, MPI_Comm comm) {
  return dispatch(kind, c, b, types, comm, submission.rooted, submission.bcast,
                  submission.allgather, submission.allreduce, submission.gatherv);
}

Datatypes::Datatypes() {
  PMPI_Type_vector(2, 1, 2, MPI_INT, &vector_);
  PMPI_Type_commit(&vector_);
  vector_type = vector_;
  PMPI_Op_create(user_op<sum>, /*commute=*/1, &vector_sum_);
  PMPI_Op_create(user_op<compose_affine>, /*commute=*/0, &affine_);
}

Datatypes::~Datatypes() {
  PMPI_Op_free(&affine_);
  PMPI_Op_free(&vector_sum_);
  PMPI_Type_free(&vector_);
}

MPI_Op Datatypes::op(Op o, Dtype d) const {
  if (o == Op::affine) return affine_;
  return d == Dtype::int_ ? MPI_SUM : vector_sum_;
}

} // namespace collscope::grade
