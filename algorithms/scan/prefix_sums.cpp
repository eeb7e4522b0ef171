#include "scan/prefix_sums.hpp"

#include "common/contract.hpp"

namespace collscope::detail {

PrefixSums::PrefixSums(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, bool exclusive)
    : sendbuf_(sendbuf), recvbuf_(recvbuf), count_(count), datatype_(datatype), op_(op),
      exclusive_(exclusive), extent_(extent_of(datatype)) {}

int PrefixSums::start() {
  const void* input = sendbuf_ == MPI_IN_PLACE ? recvbuf_ : sendbuf_;
  if (!exclusive_) {
    inclusive_ = recvbuf_;
    return input == recvbuf_ ? MPI_SUCCESS
                             : typed_copy(input, count_, datatype_, recvbuf_, count_, datatype_);
  }
  own_.emplace(count_, datatype_);
  inclusive_ = own_->data();
  return typed_copy(input, count_, datatype_, inclusive_, count_, datatype_);
}

int PrefixSums::add_on_left(const void* in, std::int64_t begin, int n, bool first,
                            bool keep_inclusive) {
  if (exclusive_) {
    void* result = at(recvbuf_, begin, extent_);
    COLLSCOPE_TRY(first ? typed_copy(in, n, datatype_, result, n, datatype_)
                        : MPI_Reduce_local(in, result, n, datatype_, op_));
    if (!keep_inclusive) return MPI_SUCCESS;
  }
  return MPI_Reduce_local(in, at(inclusive_, begin, extent_), n, datatype_, op_);
}

} // namespace collscope::detail
