/* Nonblocking collectives (every MPI_I* of MPI 3.1, completed with MPI_Wait, MPI_Waitall and
 * MPI_Test) and neighbourhood collectives, blocking and nonblocking, on a periodic ring
 * (MPI_Cart_create) and on a distributed graph; a few point-to-point messages between them. */
#include "suite.h"

#include <stdlib.h>

static void wait(MPI_Request* r) {
  MPI_Wait(r, MPI_STATUS_IGNORE);
  suite_collective();
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  MPI_Comm w = MPI_COMM_WORLD;
  int* a = calloc((size_t)p * 4, sizeof(int));
  int* b = calloc((size_t)p * 4, sizeof(int));
  int* counts = malloc((size_t)p * sizeof(int));
  int* displs = malloc((size_t)p * sizeof(int));
  MPI_Datatype* types = malloc((size_t)p * sizeof(MPI_Datatype));
  for (int i = 0; i < p; ++i) counts[i] = 1, displs[i] = i, types[i] = MPI_INT;
  MPI_Request r, rs[2];
  int x = rank, y = 0;

  MPI_Ibarrier(w, &r), wait(&r);
  MPI_Ibcast(&x, 1, MPI_INT, 0, w, &r), wait(&r);
  suite_expect(x == 0, "ibcast", x);
  x = rank;
  MPI_Igather(&x, 1, MPI_INT, a, 1, MPI_INT, 0, w, &r), wait(&r);
  MPI_Igatherv(&x, 1, MPI_INT, a, counts, displs, MPI_INT, 0, w, &r), wait(&r);
  MPI_Iscatter(a, 1, MPI_INT, &y, 1, MPI_INT, 0, w, &r), wait(&r);
  MPI_Iscatterv(a, counts, displs, MPI_INT, &y, 1, MPI_INT, 0, w, &r), wait(&r);
  MPI_Iallgather(&x, 1, MPI_INT, a, 1, MPI_INT, w, &r), wait(&r);
  suite_expect(a[p - 1] == p - 1, "iallgather", a[p - 1]);
  MPI_Iallgatherv(&x, 1, MPI_INT, a, counts, displs, MPI_INT, w, &r), wait(&r);
  MPI_Ialltoall(a, 1, MPI_INT, b, 1, MPI_INT, w, &r), wait(&r);
  MPI_Ialltoallv(a, counts, displs, MPI_INT, b, counts, displs, MPI_INT, w, &r), wait(&r);
  MPI_Ialltoallw(a, counts, displs, types, b, counts, displs, types, w, &r);
  int done = 0;
  while (!done) MPI_Test(&r, &done, MPI_STATUS_IGNORE);
  suite_collective();
  MPI_Ireduce(&x, &y, 1, MPI_INT, MPI_SUM, 0, w, &r), wait(&r);
  MPI_Iallreduce(&x, &y, 1, MPI_INT, MPI_SUM, w, &rs[0]);
  MPI_Iscan(&x, &b[0], 1, MPI_INT, MPI_SUM, w, &rs[1]);
  MPI_Waitall(2, rs, MPI_STATUSES_IGNORE);
  suite_collective(), suite_collective();
  suite_expect(y == p * (p - 1) / 2, "iallreduce", y);
  MPI_Ireduce_scatter(a, &y, counts, MPI_INT, MPI_SUM, w, &r), wait(&r);
  MPI_Ireduce_scatter_block(a, &y, 1, MPI_INT, MPI_SUM, w, &r), wait(&r);
  MPI_Iexscan(&x, &y, 1, MPI_INT, MPI_SUM, w, &r), wait(&r);

  /* point-to-point around the ring, between collectives */
  const int next = (rank + 1) % p, prev = (rank + p - 1) % p;
  suite_send(&x, 1, MPI_INT, next, 3, w);
  MPI_Recv(&y, 1, MPI_INT, prev, 3, w, MPI_STATUS_IGNORE);
  suite_expect(y == prev, "ring", y);

  /* neighbourhood collectives on a periodic ring: 2 neighbours each */
  MPI_Comm ring, graph;
  int dims = p, periods = 1;
  MPI_Cart_create(w, 1, &dims, &periods, 0, &ring);
  MPI_Neighbor_allgather(&x, 1, MPI_INT, a, 1, MPI_INT, ring), suite_collective();
  suite_expect(a[1] == next, "neighbor_allgather", a[1]);
  MPI_Neighbor_allgatherv(&x, 1, MPI_INT, a, counts, displs, MPI_INT, ring), suite_collective();
  MPI_Neighbor_alltoall(a, 1, MPI_INT, b, 1, MPI_INT, ring), suite_collective();
  MPI_Neighbor_alltoallv(a, counts, displs, MPI_INT, b, counts, displs, MPI_INT, ring);
  suite_collective();
  MPI_Aint adispls[2] = {0, sizeof(int)};
  MPI_Neighbor_alltoallw(a, counts, adispls, types, b, counts, adispls, types, ring);
  suite_collective();
  MPI_Ineighbor_allgather(&x, 1, MPI_INT, a, 1, MPI_INT, ring, &r), wait(&r);
  MPI_Ineighbor_allgatherv(&x, 1, MPI_INT, a, counts, displs, MPI_INT, ring, &r), wait(&r);
  MPI_Ineighbor_alltoall(a, 1, MPI_INT, b, 1, MPI_INT, ring, &r), wait(&r);
  MPI_Ineighbor_alltoallv(a, counts, displs, MPI_INT, b, counts, displs, MPI_INT, ring, &r);
  wait(&r);
  MPI_Ineighbor_alltoallw(a, counts, adispls, types, b, counts, adispls, types, ring, &r);
  wait(&r);
  /* a directed graph: each rank sends to the next only */
  int weight = 1;
  MPI_Dist_graph_create_adjacent(w, 1, &prev, &weight, 1, &next, &weight, MPI_INFO_NULL, 0, &graph);
  MPI_Neighbor_alltoall(&x, 1, MPI_INT, &y, 1, MPI_INT, graph), suite_collective();
  suite_expect(y == prev, "graph neighbour", y);
  suite_send(&x, 1, MPI_INT, next, 4, graph); /* no reordering: graph ranks are world ranks */
  MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 4, graph, MPI_STATUS_IGNORE);
  suite_expect(y == prev, "graph message", y);
  MPI_Comm_free(&graph);
  MPI_Comm_free(&ring);
  free(a), free(b), free(counts), free(displs), free(types);
  return suite_finish();
}
