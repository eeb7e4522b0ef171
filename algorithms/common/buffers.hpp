// What every algorithm needs around MPI buffers: typed addressing of blocks, temporary
// buffers laid out like the user's, a typed local copy, and error propagation.
#pragma once

#include <cstdint>
#include <mpi.h>
#include <vector>

namespace collscope::detail {

/// Tags of our point-to-point traffic, one per collective, so a trace can tell them apart.
/// Traces record the numbers: they must not change (the static_assert below).
enum Tag : int {
  gather_tag = 7101,
  scatter_tag,    // 7102
  bcast_tag,      // 7103
  reduce_tag,     // 7104
  allgather_tag,  // 7105
  gatherv_tag,    // 7106
  scatterv_tag,   // 7107
  tree_tag,       ///< 7108: constant-size messages that build data-aware trees
  allgatherv_tag, // 7109
  allreduce_tag,  // 7110
  reduce_scatter_tag = 7120,
  scan_tag = 7130,
  exscan_tag, // 7131
  alltoall_tag = 7140,
  alltoallv_tag // 7141
};
static_assert(scatter_tag == 7102 && tree_tag == 7108 && allreduce_tag == 7110 &&
                  exscan_tag == 7131 && alltoallv_tag == 7141,
              "the tags are recorded in traces: keep their numbers");

/// Returns from the enclosing function when an MPI call fails (under MPI_ERRORS_RETURN).
#define COLLSCOPE_TRY(call)                                                                        \
  do {                                                                                             \
    if (const int collscope_rc_ = (call); collscope_rc_ != MPI_SUCCESS) return collscope_rc_;      \
  } while (0)

struct CommShape {
  int rank;
  int size;
};
CommShape shape(MPI_Comm comm);

MPI_Aint extent_of(MPI_Datatype type);
/// True when `count` elements of `type` carry no bytes; by MPI's type-matching rules every
/// rank then sees zero bytes, so all can skip communication consistently.
bool carries_no_data(int count, MPI_Datatype type);

/// Address of element `index` in a buffer of elements with the given extent.
inline char* at(void* base, std::int64_t index, MPI_Aint extent) {
  return static_cast<char*>(base) + index * extent;
}
inline const char* at(const void* base, std::int64_t index, MPI_Aint extent) {
  return static_cast<const char*>(base) + index * extent;
}

/// Room for `count` elements of `type`, addressed like a user buffer (lower bound honoured),
/// so it can be passed to MPI with that type.
class TempBuffer {
public:
  TempBuffer(std::int64_t count, MPI_Datatype type);
  void* data() { return origin_; }
  char* block(std::int64_t index) { return at(origin_, index, extent_); }

private:
  std::vector<char> storage_;
  char* origin_ = nullptr;
  MPI_Aint extent_ = 0;
};

/// Whether the MPI library can apply `op` to `datatype` (Open MPI, for one, rejects predefined
/// ops on derived datatypes), found by reducing one element locally before any message is
/// sent: every rank has the same op and type signature, so all ranks fail together instead of
/// leaving a parent waiting for a child that gave up.
int check_reducible(MPI_Op op, MPI_Datatype datatype);
/// For the algorithms that sum out of rank order: MPI_ERR_OP for a non-commutative `op`, then
/// check_reducible.
int check_commutative(MPI_Op op, MPI_Datatype datatype);

/// One half of a round's traffic: `count` elements at `data` to or from rank `peer`; a
/// negative peer means this half is absent.
struct Transfer {
  const void* data = nullptr;
  int count = 0;
  int peer = -1;
};

/// A round's send and/or receive of one type: MPI_Sendrecv when both happen, else MPI_Send or
/// MPI_Recv (and nothing when neither), so a trace shows exactly the messages of the round.
int exchange(const Transfer& send, const Transfer& recv, MPI_Datatype type, int tag, MPI_Comm comm);

/// True when `type` is its bytes and nothing else (no gaps, lower bound 0); `size` its size.
bool plain(MPI_Datatype type, int& size);

/// Copies src (scount × stype) to dst (rcount × rtype); the type signatures must match.
int typed_copy(const void* src, int scount, MPI_Datatype stype, void* dst, int rcount,
               MPI_Datatype rtype);

} // namespace collscope::detail
