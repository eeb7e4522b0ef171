#include "allreduce/reduce_bcast.hpp"

#include "common/annotate.hpp"
#include "common/buffers.hpp"

#include <collscope/annotate.hpp>

namespace collscope::detail {

int ReduceThenBcast::operator()(const void* sendbuf, void* recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) const {
  const int p = shape(comm).size;
  const AlgorithmRegion region("allreduce", algorithm, -1, count, datatype, comm);
  const int rounds = reduce_rounds(p, count, datatype);
  const int rank = shape(comm).rank;
  // MPI_Reduce allows MPI_IN_PLACE at the root only; elsewhere the input is in recvbuf.
  const void* input = sendbuf == MPI_IN_PLACE && rank != 0 ? recvbuf : sendbuf;
  COLLSCOPE_TRY(reduce(input, recvbuf, count, datatype, op, 0, comm));
  const trace::RoundOffset after_reduce(rounds);
  return bcast(recvbuf, count, datatype, 0, comm);
}

} // namespace collscope::detail
