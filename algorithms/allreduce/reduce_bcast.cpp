#include "allreduce/reduce_bcast.hpp"

#include "common/buffers.hpp"

#include <collscope/annotate.hpp>

namespace collscope::detail {

int reduce_then_bcast(ReduceAlgorithm reduce, int reduce_rounds, BcastAlgorithm bcast,
                      const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm) {
  const int rank = shape(comm).rank;
  // MPI_Reduce allows MPI_IN_PLACE at the root only; elsewhere the input is in recvbuf.
  const void* input = sendbuf == MPI_IN_PLACE && rank != 0 ? recvbuf : sendbuf;
  COLLSCOPE_TRY(reduce(input, recvbuf, count, datatype, op, 0, comm));
  const trace::RoundOffset after_reduce(reduce_rounds);
  return bcast(recvbuf, count, datatype, 0, comm);
}

} // namespace collscope::detail
