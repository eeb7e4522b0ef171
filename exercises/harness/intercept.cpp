// MPI functions the tracer does not record, which a submission could use to move data
// past the grader's eyes: nonblocking and neighbourhood collectives, one-sided and
// persistent communication. Defined in the graded executable, they take precedence over
// Open MPI's (and the tracer does not define them), note the call while the submission
// runs, and forward to PMPI.
#include "watch.hpp"

#include <mpi.h>

namespace collscope::grade::watch {
namespace {

constexpr const char* names[] = {"MPI_Ibarrier",
                                 "MPI_Ibcast",
                                 "MPI_Igather",
                                 "MPI_Igatherv",
                                 "MPI_Iscatter",
                                 "MPI_Iscatterv",
                                 "MPI_Iallgather",
                                 "MPI_Iallgatherv",
                                 "MPI_Ialltoall",
                                 "MPI_Ialltoallv",
                                 "MPI_Ireduce",
                                 "MPI_Iallreduce",
                                 "MPI_Ireduce_scatter",
                                 "MPI_Ireduce_scatter_block",
                                 "MPI_Iscan",
                                 "MPI_Iexscan",
                                 "MPI_Neighbor_allgather",
                                 "MPI_Neighbor_alltoall",
                                 "MPI_Ineighbor_allgather",
                                 "MPI_Ineighbor_alltoall",
                                 "MPI_Win_create",
                                 "MPI_Win_allocate",
                                 "MPI_Win_fence",
                                 "MPI_Put",
                                 "MPI_Get",
                                 "MPI_Accumulate",
                                 "MPI_Send_init",
                                 "MPI_Recv_init",
                                 "MPI_Comm_idup"};
constexpr int count = static_cast<int>(sizeof names / sizeof names[0]);

} // namespace

const char* banned_name(int bit) {
  return bit >= 0 && bit < count ? names[bit] : "?";
}

std::string banned_list(std::uint64_t mask) {
  std::string list;
  for (int bit = 0; bit < count; ++bit)
    if (mask & (std::uint64_t{1} << bit))
      list += (list.empty() ? "" : ",") + std::string(names[bit]);
  return list.empty() ? "-" : list;
}

} // namespace collscope::grade::watch

namespace {

int noted(int bit) {
  if (collscope::grade::watch::watching()) collscope::grade::watch::note_banned(bit);
  return bit;
}

} // namespace

extern "C" {

int MPI_Ibarrier(MPI_Comm c, MPI_Request* r) {
  noted(0);
  return PMPI_Ibarrier(c, r);
}
int MPI_Ibcast(void* b, int n, MPI_Datatype t, int root, MPI_Comm c, MPI_Request* r) {
  noted(1);
  return PMPI_Ibcast(b, n, t, root, c, r);
}
int MPI_Igather(const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt,
                int root, MPI_Comm c, MPI_Request* r) {
  noted(2);
  return PMPI_Igather(sb, sn, st, rb, rn, rt, root, c, r);
}
int MPI_Igatherv(const void* sb, int sn, MPI_Datatype st, void* rb, const int rn[], const int d[],
                 MPI_Datatype rt, int root, MPI_Comm c, MPI_Request* r) {
  noted(3);
  return PMPI_Igatherv(sb, sn, st, rb, rn, d, rt, root, c, r);
}
int MPI_Iscatter(const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt,
                 int root, MPI_Comm c, MPI_Request* r) {
  noted(4);
  return PMPI_Iscatter(sb, sn, st, rb, rn, rt, root, c, r);
}
int MPI_Iscatterv(const void* sb, const int sn[], const int d[], MPI_Datatype st, void* rb, int rn,
                  MPI_Datatype rt, int root, MPI_Comm c, MPI_Request* r) {
  noted(5);
  return PMPI_Iscatterv(sb, sn, d, st, rb, rn, rt, root, c, r);
}
int MPI_Iallgather(const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt,
                   MPI_Comm c, MPI_Request* r) {
  noted(6);
  return PMPI_Iallgather(sb, sn, st, rb, rn, rt, c, r);
}
int MPI_Iallgatherv(const void* sb, int sn, MPI_Datatype st, void* rb, const int rn[],
                    const int d[], MPI_Datatype rt, MPI_Comm c, MPI_Request* r) {
  noted(7);
  return PMPI_Iallgatherv(sb, sn, st, rb, rn, d, rt, c, r);
}
int MPI_Ialltoall(const void* sb, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt,
                  MPI_Comm c, MPI_Request* r) {
  noted(8);
  return PMPI_Ialltoall(sb, sn, st, rb, rn, rt, c, r);
}
int MPI_Ialltoallv(const void* sb, const int sn[], const int sd[], MPI_Datatype st, void* rb,
                   const int rn[], const int rd[], MPI_Datatype rt, MPI_Comm c, MPI_Request* r) {
  noted(9);
  return PMPI_Ialltoallv(sb, sn, sd, st, rb, rn, rd, rt, c, r);
}
int MPI_Ireduce(const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c,
                MPI_Request* r) {
  noted(10);
  return PMPI_Ireduce(sb, rb, n, t, op, root, c, r);
}
int MPI_Iallreduce(const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
                   MPI_Request* r) {
  noted(11);
  return PMPI_Iallreduce(sb, rb, n, t, op, c, r);
}
int MPI_Ireduce_scatter(const void* sb, void* rb, const int rn[], MPI_Datatype t, MPI_Op op,
                        MPI_Comm c, MPI_Request* r) {
  noted(12);
  return PMPI_Ireduce_scatter(sb, rb, rn, t, op, c, r);
}
int MPI_Ireduce_scatter_block(const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op,
                              MPI_Comm c, MPI_Request* r) {
  noted(13);
  return PMPI_Ireduce_scatter_block(sb, rb, n, t, op, c, r);
}
int MPI_Iscan(const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
              MPI_Request* r) {
  noted(14);
  return PMPI_Iscan(sb, rb, n, t, op, c, r);
}
int MPI_Iexscan(const void* sb, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
                MPI_Request* r) {
  noted(15);
  return PMPI_Iexscan(sb, rb, n, t, op, c, r);
}
int MPI_Neighbor_allgather(const void* sb, int sn, MPI_Datatype st, void* rb, int rn,
                           MPI_Datatype rt, MPI_Comm c) {
  noted(16);
  return PMPI_Neighbor_allgather(sb, sn, st, rb, rn, rt, c);
}
int MPI_Neighbor_alltoall(const void* sb, int sn, MPI_Datatype st, void* rb, int rn,
                          MPI_Datatype rt, MPI_Comm c) {
  noted(17);
  return PMPI_Neighbor_alltoall(sb, sn, st, rb, rn, rt, c);
}
int MPI_Ineighbor_allgather(const void* sb, int sn, MPI_Datatype st, void* rb, int rn,
                            MPI_Datatype rt, MPI_Comm c, MPI_Request* r) {
  noted(18);
  return PMPI_Ineighbor_allgather(sb, sn, st, rb, rn, rt, c, r);
}
int MPI_Ineighbor_alltoall(const void* sb, int sn, MPI_Datatype st, void* rb, int rn,
                           MPI_Datatype rt, MPI_Comm c, MPI_Request* r) {
  noted(19);
  return PMPI_Ineighbor_alltoall(sb, sn, st, rb, rn, rt, c, r);
}
int MPI_Win_create(void* base, MPI_Aint size, int unit, MPI_Info info, MPI_Comm c, MPI_Win* win) {
  noted(20);
  return PMPI_Win_create(base, size, unit, info, c, win);
}
int MPI_Win_allocate(MPI_Aint size, int unit, MPI_Info info, MPI_Comm c, void* base, MPI_Win* win) {
  noted(21);
  return PMPI_Win_allocate(size, unit, info, c, base, win);
}
int MPI_Win_fence(int assert_, MPI_Win win) {
  noted(22);
  return PMPI_Win_fence(assert_, win);
}
int MPI_Put(const void* o, int on, MPI_Datatype ot, int target, MPI_Aint disp, int tn,
            MPI_Datatype tt, MPI_Win win) {
  noted(23);
  return PMPI_Put(o, on, ot, target, disp, tn, tt, win);
}
int MPI_Get(void* o, int on, MPI_Datatype ot, int target, MPI_Aint disp, int tn, MPI_Datatype tt,
            MPI_Win win) {
  noted(24);
  return PMPI_Get(o, on, ot, target, disp, tn, tt, win);
}
int MPI_Accumulate(const void* o, int on, MPI_Datatype ot, int target, MPI_Aint disp, int tn,
                   MPI_Datatype tt, MPI_Op op, MPI_Win win) {
  noted(25);
  return PMPI_Accumulate(o, on, ot, target, disp, tn, tt, op, win);
}
int MPI_Send_init(const void* b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c,
                  MPI_Request* r) {
  noted(26);
  return PMPI_Send_init(b, n, t, dest, tag, c, r);
}
int MPI_Recv_init(void* b, int n, MPI_Datatype t, int source, int tag, MPI_Comm c, MPI_Request* r) {
  noted(27);
  return PMPI_Recv_init(b, n, t, source, tag, c, r);
}
int MPI_Comm_idup(MPI_Comm c, MPI_Comm* out, MPI_Request* r) {
  noted(28);
  return PMPI_Comm_idup(c, out, r);
}

} // extern "C"
