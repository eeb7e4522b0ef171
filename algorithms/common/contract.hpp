// MPI's contract at the entry of every algorithm: the arguments are checked as Open MPI's
// MPI_* functions check them (same error classes, same order: communicator, root, MPI_IN_PLACE
// rules, datatype, count, buffer, operation), errors go through the user communicator's error
// handler, and the algorithm's own messages travel on the private duplicate of the user's
// communicator (collscope/algorithms/communicator.hpp).
//
// Arguments every rank must pass identically (root, op, bcast's and reduce's count and
// datatype) fail on every rank alike; arguments significant at the root only (gather's recv
// side, scatter's send side, the counts of the v-variants) fail at the root only, as in MPI.
// Not detectable through the MPI interface, so not checked: uncommitted datatypes.
#pragma once

#include "collscope/algorithms/checks.hpp"

#include <mpi.h>
#include <utility>

namespace collscope::detail {

/// The private duplicate of `comm` (itself when `comm` already is one, so nested algorithm
/// calls do not duplicate again). MPI error code.
int private_comm(MPI_Comm comm, MPI_Comm* own);

/// Invokes `comm`'s error handler with `code` (MPI_COMM_WORLD's for a null communicator) and
/// returns `code`, as MPI does.
int raise(MPI_Comm comm, int code);

// Argument checks: MPI_SUCCESS or the MPI error class. Those of the MPI functions with data are
// public (collscope/algorithms/checks.hpp, for libcollscope-tune); found here unqualified, as
// members of the enclosing namespace.

/// MPI_Barrier (and MPI_Ibarrier): the communicator only.
int check_barrier(MPI_Comm comm);

/// The algorithm entry: `checked` is the check's verdict; `body(own)` runs the algorithm on
/// the private communicator. Any failure, of the check or of the body, goes through the user
/// communicator's error handler.
template <class Body> int guarded(MPI_Comm user, int checked, Body&& body) {
  if (checked != MPI_SUCCESS) return raise(user, checked);
  MPI_Comm own = MPI_COMM_NULL;
  if (const int rc = private_comm(user, &own); rc != MPI_SUCCESS) return raise(user, rc);
  const int rc = std::forward<Body>(body)(own);
  return rc == MPI_SUCCESS ? rc : raise(user, rc);
}

/// The entry of an algorithm with an MPI function's arguments `args…, comm`: `check(args…,
/// comm)` on the user's communicator, then `algorithm(args…, own)` on the private one, through
/// guarded. The named entries below fix `check` and the argument types of each MPI signature;
/// COLLSCOPE_ENTRY (at the end) defines an algorithm's public function with one of them.
template <class Check, class Algorithm, class... Args>
int guarded_entry(Check check, Algorithm&& algorithm, MPI_Comm user, Args... args) {
  return guarded(user, check(args..., user),
                 [&](MPI_Comm own) { return std::forward<Algorithm>(algorithm)(args..., own); });
}

/// MPI_Gather and MPI_Scatter take the same arguments (RootedFn) and differ in their check:
/// guarded_gather and guarded_scatter are this entry with check_gather and check_scatter.
template <auto check> struct GuardedRooted {
  template <class Algorithm>
  int operator()(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 Algorithm&& algorithm) const {
    return guarded_entry(check, std::forward<Algorithm>(algorithm), comm, sendbuf, sendcount,
                         sendtype, recvbuf, recvcount, recvtype, root);
  }
};
inline constexpr GuardedRooted<check_gather> guarded_gather{};
inline constexpr GuardedRooted<check_scatter> guarded_scatter{};
template <class Algorithm>
int guarded_bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                  Algorithm&& algorithm) {
  return guarded_entry(check_bcast, std::forward<Algorithm>(algorithm), comm, buffer, count,
                       datatype, root);
}
template <class Algorithm>
int guarded_reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                   int root, MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_reduce, std::forward<Algorithm>(algorithm), comm, sendbuf, recvbuf,
                       count, datatype, op, root);
}
template <class Algorithm>
int guarded_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_allgather, std::forward<Algorithm>(algorithm), comm, sendbuf,
                       sendcount, sendtype, recvbuf, recvcount, recvtype);
}
template <class Algorithm>
int guarded_gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
                    MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_gatherv, std::forward<Algorithm>(algorithm), comm, sendbuf, sendcount,
                       sendtype, recvbuf, recvcounts, displs, recvtype, root);
}
template <class Algorithm>
int guarded_scatterv(const void* sendbuf, const int* sendcounts, const int* displs,
                     MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                     int root, MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_scatterv, std::forward<Algorithm>(algorithm), comm, sendbuf,
                       sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root);
}
template <class Algorithm>
int guarded_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       const int* recvcounts, const int* displs, MPI_Datatype recvtype,
                       MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_allgatherv, std::forward<Algorithm>(algorithm), comm, sendbuf,
                       sendcount, sendtype, recvbuf, recvcounts, displs, recvtype);
}
/// MPI_Allreduce, MPI_Scan, MPI_Exscan.
template <class Algorithm>
int guarded_allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_allreduce, std::forward<Algorithm>(algorithm), comm, sendbuf, recvbuf,
                       count, datatype, op);
}
template <class Algorithm>
int guarded_reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                 Algorithm&& algorithm) {
  const auto check = [](const void* s, const void* r, int n, MPI_Datatype t, MPI_Op o, MPI_Comm c) {
    return check_reduce_scatter(s, r, nullptr, n, t, o, c);
  };
  return guarded_entry(check, std::forward<Algorithm>(algorithm), comm, sendbuf, recvbuf, recvcount,
                       datatype, op);
}
template <class Algorithm>
int guarded_reduce_scatter(const void* sendbuf, void* recvbuf, const int* recvcounts,
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, Algorithm&& algorithm) {
  const auto check = [](const void* s, const void* r, const int* counts, MPI_Datatype t, MPI_Op o,
                        MPI_Comm c) { return check_reduce_scatter(s, r, counts, 0, t, o, c); };
  return guarded_entry(check, std::forward<Algorithm>(algorithm), comm, sendbuf, recvbuf,
                       recvcounts, datatype, op);
}
template <class Algorithm>
int guarded_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     int recvcount, MPI_Datatype recvtype, MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_alltoall, std::forward<Algorithm>(algorithm), comm, sendbuf, sendcount,
                       sendtype, recvbuf, recvcount, recvtype);
}
template <class Algorithm>
int guarded_alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls,
                      MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                      const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm,
                      Algorithm&& algorithm) {
  return guarded_entry(check_alltoallv, std::forward<Algorithm>(algorithm), comm, sendbuf,
                       sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype);
}
/// MPI_Barrier; MPI_Ibarrier passes a body that starts its schedule.
template <class Algorithm> int guarded_barrier(MPI_Comm comm, Algorithm&& algorithm) {
  return guarded_entry(check_barrier, std::forward<Algorithm>(algorithm), comm);
}

} // namespace collscope::detail

// The public function of an algorithm: `COLLSCOPE_ENTRY(kind, name, algorithm)` defines
// `int name(…)` with the exact signature of MPI's function for `kind` (as the public header
// collscope/algorithms/<collective>.hpp declares it) as `return guarded_<kind>(…, algorithm);`:
//
//   COLLSCOPE_ENTRY(reduce, reduce_binomial, unchecked_reduce_binomial)
//
// The parameters have MPI's names (sendbuf … recvtype, root, user_comm). `algorithm` is the
// rest of the macro's arguments, so a lambda with commas passes whole. The kinds are the
// guarded_<kind> entries above: scan and exscan are allreduce, alltoall has allgather's
// signature, scatter gather's.
#define COLLSCOPE_ENTRY(kind, name, ...)                                                           \
  int name COLLSCOPE_PARAMETERS_##kind {                                                           \
    return ::collscope::detail::guarded_##kind(COLLSCOPE_ARGUMENTS_##kind, __VA_ARGS__);           \
  }
#define COLLSCOPE_PARAMETERS_gather                                                                \
  (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,        \
   MPI_Datatype recvtype, int root, MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_gather                                                                 \
  sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, user_comm
#define COLLSCOPE_PARAMETERS_scatter COLLSCOPE_PARAMETERS_gather
#define COLLSCOPE_ARGUMENTS_scatter COLLSCOPE_ARGUMENTS_gather
#define COLLSCOPE_PARAMETERS_bcast                                                                 \
  (void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_bcast buffer, count, datatype, root, user_comm
#define COLLSCOPE_PARAMETERS_reduce                                                                \
  (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,      \
   MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_reduce sendbuf, recvbuf, count, datatype, op, root, user_comm
#define COLLSCOPE_PARAMETERS_allgather                                                             \
  (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,        \
   MPI_Datatype recvtype, MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_allgather                                                              \
  sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, user_comm
#define COLLSCOPE_PARAMETERS_alltoall COLLSCOPE_PARAMETERS_allgather
#define COLLSCOPE_ARGUMENTS_alltoall COLLSCOPE_ARGUMENTS_allgather
#define COLLSCOPE_PARAMETERS_gatherv                                                               \
  (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,                       \
   const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root, MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_gatherv                                                                \
  sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, user_comm
#define COLLSCOPE_PARAMETERS_scatterv                                                              \
  (const void* sendbuf, const int* sendcounts, const int* displs, MPI_Datatype sendtype,           \
   void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_scatterv                                                               \
  sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, user_comm
#define COLLSCOPE_PARAMETERS_allgatherv                                                            \
  (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,                       \
   const int* recvcounts, const int* displs, MPI_Datatype recvtype, MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_allgatherv                                                             \
  sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, user_comm
#define COLLSCOPE_PARAMETERS_allreduce                                                             \
  (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,                \
   MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_allreduce sendbuf, recvbuf, count, datatype, op, user_comm
#define COLLSCOPE_PARAMETERS_reduce_scatter_block                                                  \
  (const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,            \
   MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_reduce_scatter_block                                                   \
  sendbuf, recvbuf, recvcount, datatype, op, user_comm
#define COLLSCOPE_PARAMETERS_reduce_scatter                                                        \
  (const void* sendbuf, void* recvbuf, const int* recvcounts, MPI_Datatype datatype, MPI_Op op,    \
   MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_reduce_scatter sendbuf, recvbuf, recvcounts, datatype, op, user_comm
#define COLLSCOPE_PARAMETERS_alltoallv                                                             \
  (const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype,          \
   void* recvbuf, const int* recvcounts, const int* rdispls, MPI_Datatype recvtype,                \
   MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_alltoallv                                                              \
  sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, user_comm
#define COLLSCOPE_PARAMETERS_barrier (MPI_Comm user_comm)
#define COLLSCOPE_ARGUMENTS_barrier user_comm
