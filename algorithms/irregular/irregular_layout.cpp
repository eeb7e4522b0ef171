#include "irregular/irregular_layout.hpp"

#include "common/buffers.hpp"

#include <collscope/annotate.hpp>
#include <string>

namespace collscope::detail {

namespace {

/// Frees a datatype MPI_Type_get_contents returned, unless it is predefined.
void release(MPI_Datatype& type) {
  int integers = 0, addresses = 0, types = 0, combiner = 0;
  MPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
  if (combiner != MPI_COMBINER_NAMED) MPI_Type_free(&type);
}

} // namespace

MPI_Datatype unit_type(MPI_Datatype type) {
  int integers = 0, addresses = 0, types = 0, combiner = 0;
  MPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
  if (combiner == MPI_COMBINER_NAMED) return type;
  std::vector<int> ints(static_cast<std::size_t>(integers));
  std::vector<MPI_Aint> addrs(static_cast<std::size_t>(addresses));
  std::vector<MPI_Datatype> inner(static_cast<std::size_t>(types));
  MPI_Type_get_contents(type, integers, addresses, types, ints.data(), addrs.data(), inner.data());
  MPI_Datatype unit = MPI_DATATYPE_NULL;
  for (MPI_Datatype& t : inner) {
    const MPI_Datatype u = unit_type(t);
    release(t);
    if (unit == MPI_DATATYPE_NULL) unit = u;
    if (u != unit) unit = MPI_BYTE;
  }
  return unit == MPI_DATATYPE_NULL ? MPI_BYTE : unit;
}

std::int64_t bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  MPI_Type_size(type, &size);
  return std::int64_t{count} * size;
}

int units_of(std::int64_t bytes, MPI_Datatype unit) {
  int size = 0;
  MPI_Type_size(unit, &size);
  return static_cast<int>(bytes / size);
}

RootBlocks::RootBlocks(const void* base, const int* counts, const int* displs, MPI_Datatype type,
                       std::span<const int> ranks) {
  std::vector<int> lengths, starts;
  bool run = true;
  for (int k : ranks) {
    if (counts[k] == 0) continue;
    if (!starts.empty() && displs[k] != starts.back() + lengths.back()) run = false;
    lengths.push_back(counts[k]);
    starts.push_back(displs[k]);
  }
  type_ = type;
  if (starts.empty()) return;
  if (run) {
    address_ = const_cast<char*>(at(base, starts.front(), extent_of(type)));
    for (int length : lengths) count_ += length;
    return;
  }
  status_ = MPI_Type_indexed(static_cast<int>(starts.size()), lengths.data(), starts.data(), type,
                             &owned_);
  if (status_ == MPI_SUCCESS) status_ = MPI_Type_commit(&owned_);
  address_ = const_cast<void*>(base);
  count_ = 1;
  type_ = owned_;
}

RootBlocks::~RootBlocks() {
  if (owned_ != MPI_DATATYPE_NULL) MPI_Type_free(&owned_);
}

int copy_block(const void* src, int scount, MPI_Datatype stype, void* dst, int rcount,
               MPI_Datatype rtype) {
  if (carries_no_data(scount, stype)) return MPI_SUCCESS;
  return typed_copy(src, scount, stype, dst, rcount, rtype);
}

int place_own_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    const int* recvcounts, const int* displs, MPI_Datatype recvtype, int rank) {
  if (sendbuf == MPI_IN_PLACE) return MPI_SUCCESS;
  return copy_block(sendbuf, sendcount, sendtype, at(recvbuf, displs[rank], extent_of(recvtype)),
                    recvcounts[rank], recvtype);
}

int keep_own_block(const void* sendbuf, const int* sendcounts, const int* displs,
                   MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root) {
  if (recvbuf == MPI_IN_PLACE) return MPI_SUCCESS;
  return copy_block(at(sendbuf, displs[root], extent_of(sendtype)), sendcounts[root], sendtype,
                    recvbuf, recvcount, recvtype);
}

std::vector<int> rank_list(int begin, int end) {
  std::vector<int> ranks;
  for (int k = begin; k < end; ++k) ranks.push_back(k);
  return ranks;
}

void meta_counts(const int* counts, int p) {
  if (!trace::active()) return;
  std::string text;
  for (int k = 0; k < p; ++k) text += (k == 0 ? "" : ",") + std::to_string(counts[k]);
  trace::meta("counts", text);
}

IrregularRegion::IrregularRegion(const char* collective, const char* name, int root,
                                 const int* counts, MPI_Datatype root_type, int own_count,
                                 MPI_Datatype own_type, MPI_Comm comm)
    : AlgorithmRegion(collective, name, root, shape(comm).rank == root ? counts[root] : own_count,
                      shape(comm).rank == root ? root_type : own_type, comm) {
  if (shape(comm).rank == root) meta_counts(counts, shape(comm).size);
}

} // namespace collscope::detail
