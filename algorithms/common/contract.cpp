#include "common/contract.hpp"

#include "collscope/algorithms/communicator.hpp"
#include "common/buffers.hpp"

#include <climits>

namespace collscope::detail {

namespace {

/// The attribute value that marks a private communicator itself (so it is not duplicated
/// again); any other value is the heap-held handle of the duplicate of a user communicator.
char private_marker;

int free_duplicate(MPI_Comm, int, void* value, void*) {
  if (value == &private_marker) return MPI_SUCCESS;
  auto* duplicate = static_cast<MPI_Comm*>(value);
  const int rc = MPI_Comm_free(duplicate);
  delete duplicate;
  return rc;
}

/// Created once; never freed (it lives as long as the library). The copy callback is the null
/// one: a user's MPI_Comm_dup gets its own private duplicate on first use, not ours.
int keyval(int* key) {
  static int created = MPI_KEYVAL_INVALID;
  if (created == MPI_KEYVAL_INVALID) {
    const int rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_duplicate, &created, nullptr);
    if (rc != MPI_SUCCESS) return rc;
  }
  *key = created;
  return MPI_SUCCESS;
}

int check_comm(MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  int inter = 0;
  if (MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter) return MPI_ERR_COMM;
  return MPI_SUCCESS;
}

int check_root(int root, MPI_Comm comm) {
  int p = 0;
  MPI_Comm_size(comm, &p);
  return root < 0 || root >= p ? MPI_ERR_ROOT : MPI_SUCCESS;
}

/// Open MPI's OMPI_CHECK_DATATYPE_FOR_SEND/RECV and OMPI_CHECK_USER_BUFFER: a null type, a
/// negative count, and a null buffer with data to hold (unless a derived type's true lower
/// bound makes absolute addresses out of it, as with MPI_BOTTOM).
int check_data(const void* buffer, int count, MPI_Datatype type) {
  if (type == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if (count < 0) return MPI_ERR_COUNT;
  if (buffer == nullptr && count > 0) {
    int size = 0;
    MPI_Aint true_lb = 0, true_extent = 0;
    MPI_Type_size(type, &size);
    MPI_Type_get_true_extent(type, &true_lb, &true_extent);
    if (size > 0 && true_lb == 0) return MPI_ERR_BUFFER;
  }
  return MPI_SUCCESS;
}

/// The v-variants' count and displacement arrays, and the buffer they describe.
int check_vector(const void* buffer, const int* counts, const int* displs, MPI_Datatype type,
                 MPI_Comm comm) {
  if (type == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if (counts == nullptr || displs == nullptr) return MPI_ERR_ARG;
  int p = 0;
  MPI_Comm_size(comm, &p);
  for (int i = 0; i < p; ++i)
    if (const int rc = check_data(buffer, counts[i], type); rc != MPI_SUCCESS) return rc;
  return MPI_SUCCESS;
}

int check_op(MPI_Op op, MPI_Datatype datatype) {
  if (op == MPI_OP_NULL) return MPI_ERR_OP;
  return check_reducible(op, datatype);
}

int rank_of(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

} // namespace

int private_comm(MPI_Comm comm, MPI_Comm* own) {
  int key = MPI_KEYVAL_INVALID;
  COLLSCOPE_TRY(keyval(&key));
  void* value = nullptr;
  int found = 0;
  COLLSCOPE_TRY(MPI_Comm_get_attr(comm, key, &value, &found));
  if (found) {
    *own = value == &private_marker ? comm : *static_cast<MPI_Comm*>(value);
    return MPI_SUCCESS;
  }
  auto* duplicate = new MPI_Comm(MPI_COMM_NULL);
  if (const int rc = MPI_Comm_dup(comm, duplicate); rc != MPI_SUCCESS) {
    delete duplicate;
    return rc;
  }
  // Errors inside the algorithm come back as codes and are raised once, on the user's
  // communicator, whatever its handler is now.
  MPI_Comm_set_errhandler(*duplicate, MPI_ERRORS_RETURN);
  MPI_Comm_set_attr(*duplicate, key, &private_marker);
  if (const int rc = MPI_Comm_set_attr(comm, key, duplicate); rc != MPI_SUCCESS) {
    MPI_Comm_free(duplicate);
    delete duplicate;
    return rc;
  }
  *own = *duplicate;
  return MPI_SUCCESS;
}

int raise(MPI_Comm comm, int code) {
  MPI_Comm_call_errhandler(comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, code);
  return code;
}

namespace {

/// What gather and scatter (and their v-variants) check before the root's side: the
/// communicator, the root, MPI_IN_PLACE only as the root's `own` buffer (gather's send,
/// scatter's receive buffer) and never as its `rooted` one, then every rank's `own` data.
/// `at_root` says whether the rooted side is this rank's to check.
int check_rooted(const void* own, int own_count, MPI_Datatype own_type, const void* rooted,
                 int root, MPI_Comm comm, bool& at_root) {
  COLLSCOPE_TRY(check_comm(comm));
  COLLSCOPE_TRY(check_root(root, comm));
  at_root = rank_of(comm) == root;
  if ((!at_root && own == MPI_IN_PLACE) || (at_root && rooted == MPI_IN_PLACE)) return MPI_ERR_ARG;
  return own == MPI_IN_PLACE ? MPI_SUCCESS : check_data(own, own_count, own_type);
}

} // namespace

} // namespace collscope::detail

// The checks of the MPI functions with data: public (collscope/algorithms/checks.hpp).
namespace collscope {

using namespace detail;

int check_gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  bool at_root = false;
  COLLSCOPE_TRY(check_rooted(sendbuf, sendcount, sendtype, recvbuf, root, comm, at_root));
  return at_root ? check_data(recvbuf, recvcount, recvtype) : MPI_SUCCESS;
}

int check_scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  bool at_root = false;
  COLLSCOPE_TRY(check_rooted(recvbuf, recvcount, recvtype, sendbuf, root, comm, at_root));
  return at_root ? check_data(sendbuf, sendcount, sendtype) : MPI_SUCCESS;
}

int check_bcast(const void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  COLLSCOPE_TRY(check_root(root, comm));
  return check_data(buffer, count, datatype);
}

int check_reduce(const void* sendbuf, const void* recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  COLLSCOPE_TRY(check_root(root, comm));
  const bool at_root = rank_of(comm) == root;
  if ((!at_root && sendbuf == MPI_IN_PLACE) ||
      (at_root && (recvbuf == MPI_IN_PLACE || (sendbuf == recvbuf && count > 0))))
    return MPI_ERR_ARG;
  if (sendbuf != MPI_IN_PLACE) COLLSCOPE_TRY(check_data(sendbuf, count, datatype));
  if (at_root) COLLSCOPE_TRY(check_data(recvbuf, count, datatype));
  return check_op(op, datatype);
}

int check_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  if (recvbuf == MPI_IN_PLACE) return MPI_ERR_ARG;
  if (sendbuf != MPI_IN_PLACE) COLLSCOPE_TRY(check_data(sendbuf, sendcount, sendtype));
  return check_data(recvbuf, recvcount, recvtype);
}

int check_gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                  const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                  MPI_Comm comm) {
  bool at_root = false;
  COLLSCOPE_TRY(check_rooted(sendbuf, sendcount, sendtype, recvbuf, root, comm, at_root));
  return at_root ? check_vector(recvbuf, recvcounts, displs, recvtype, comm) : MPI_SUCCESS;
}

int check_scatterv(const void* sendbuf, const int* sendcounts, const int* displs,
                   MPI_Datatype sendtype, const void* recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm) {
  bool at_root = false;
  COLLSCOPE_TRY(check_rooted(recvbuf, recvcount, recvtype, sendbuf, root, comm, at_root));
  return at_root ? check_vector(sendbuf, sendcounts, displs, sendtype, comm) : MPI_SUCCESS;
}

int check_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                     const int* recvcounts, const int* displs, MPI_Datatype recvtype,
                     MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  if (recvbuf == MPI_IN_PLACE) return MPI_ERR_ARG;
  if (sendbuf != MPI_IN_PLACE) COLLSCOPE_TRY(check_data(sendbuf, sendcount, sendtype));
  return check_vector(recvbuf, recvcounts, displs, recvtype, comm);
}

int check_allreduce(const void* sendbuf, const void* recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  if (recvbuf == MPI_IN_PLACE || (sendbuf == recvbuf && count > 0)) return MPI_ERR_ARG;
  if (sendbuf != MPI_IN_PLACE) COLLSCOPE_TRY(check_data(sendbuf, count, datatype));
  COLLSCOPE_TRY(check_data(recvbuf, count, datatype));
  return check_op(op, datatype);
}

int check_reduce_scatter(const void* sendbuf, const void* recvbuf, const int* recvcounts, int count,
                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  if (recvbuf == MPI_IN_PLACE) return MPI_ERR_ARG;
  int p = 0;
  MPI_Comm_size(comm, &p);
  long long total = 0;
  if (recvcounts == nullptr) {
    COLLSCOPE_TRY(check_data(recvbuf, count, datatype));
    total = static_cast<long long>(count) * p;
  } else {
    for (int i = 0; i < p; ++i) {
      if (recvcounts[i] < 0) return MPI_ERR_COUNT;
      total += recvcounts[i];
    }
    COLLSCOPE_TRY(check_data(recvbuf, recvcounts[rank_of(comm)], datatype));
  }
  if (total > INT_MAX) return MPI_ERR_COUNT;
  // Aliased buffers are an error only when there is something to alias (empty ones may be
  // null on both sides).
  if (sendbuf == recvbuf && total > 0) return MPI_ERR_ARG;
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(check_data(sendbuf, static_cast<int>(total), datatype));
  return check_op(op, datatype);
}

int detail::check_barrier(MPI_Comm comm) {
  return check_comm(comm);
}

int check_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, const void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  if (recvbuf == MPI_IN_PLACE || (sendbuf == recvbuf && recvcount > 0)) return MPI_ERR_ARG;
  if (sendbuf != MPI_IN_PLACE) COLLSCOPE_TRY(check_data(sendbuf, sendcount, sendtype));
  return check_data(recvbuf, recvcount, recvtype);
}

int check_alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls,
                    MPI_Datatype sendtype, const void* recvbuf, const int* recvcounts,
                    const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm) {
  COLLSCOPE_TRY(check_comm(comm));
  if (recvbuf == MPI_IN_PLACE || (sendbuf == recvbuf && recvbuf != nullptr)) return MPI_ERR_ARG;
  if (sendbuf != MPI_IN_PLACE)
    COLLSCOPE_TRY(check_vector(sendbuf, sendcounts, sdispls, sendtype, comm));
  return check_vector(recvbuf, recvcounts, rdispls, recvtype, comm);
}

int prepare_communicator(MPI_Comm comm) {
  if (const int rc = detail::check_comm(comm); rc != MPI_SUCCESS) return detail::raise(comm, rc);
  MPI_Comm own = MPI_COMM_NULL;
  const int rc = detail::private_comm(comm, &own);
  return rc == MPI_SUCCESS ? rc : detail::raise(comm, rc);
}

} // namespace collscope
