/* One-sided communication, which the tracer shows as unanalysed calls (regions only): windows
 * made three ways, MPI_Put / MPI_Get / MPI_Accumulate / MPI_Fetch_and_op /
 * MPI_Compare_and_swap under fences, passive-target locks, and a post/start/complete/wait
 * epoch; plus point-to-point messages, which must still all be recorded. */
#include "suite.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  const int next = (rank + 1) % p, prev = (rank + p - 1) % p;
  int cell[4] = {0, 0, 0, 0};
  MPI_Win win;
  MPI_Win_create(cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  suite_call("MPI_Win_create");
  int value = rank, got = -1, one = 1, old = 0;
  MPI_Win_fence(0, win), suite_call("MPI_Win_fence");
  MPI_Put(&value, 1, MPI_INT, next, 0, 1, MPI_INT, win), suite_call("MPI_Put");
  MPI_Accumulate(&one, 1, MPI_INT, next, 1, 1, MPI_INT, MPI_SUM, win), suite_call("MPI_Accumulate");
  MPI_Win_fence(0, win), suite_call("MPI_Win_fence");
  suite_expect(cell[0] == prev && cell[1] == 1, "put and accumulate", cell[0]);
  MPI_Get(&got, 1, MPI_INT, next, 0, 1, MPI_INT, win), suite_call("MPI_Get");
  MPI_Win_fence(0, win), suite_call("MPI_Win_fence");
  suite_expect(got == rank, "get", got);

  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win), suite_call("MPI_Win_lock");
  MPI_Fetch_and_op(&one, &old, MPI_INT, next, 2, MPI_SUM, win), suite_call("MPI_Fetch_and_op");
  MPI_Win_unlock(next, win), suite_call("MPI_Win_unlock");
  MPI_Win_lock_all(0, win), suite_call("MPI_Win_lock_all");
  int compare = 0, swapped = 0;
  MPI_Compare_and_swap(&value, &compare, &swapped, MPI_INT, next, 3, win);
  suite_call("MPI_Compare_and_swap");
  MPI_Win_flush(next, win), suite_call("MPI_Win_flush");
  MPI_Win_unlock_all(win), suite_call("MPI_Win_unlock_all");
  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Group world, neighbours;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int pair[2] = {prev, next};
  MPI_Group_incl(world, p == 2 ? 1 : 2, pair, &neighbours);
  MPI_Win_post(neighbours, 0, win), suite_call("MPI_Win_post");
  MPI_Win_start(neighbours, 0, win), suite_call("MPI_Win_start");
  MPI_Put(&value, 1, MPI_INT, next, 0, 1, MPI_INT, win), suite_call("MPI_Put");
  MPI_Win_complete(win), suite_call("MPI_Win_complete");
  MPI_Win_wait(win), suite_call("MPI_Win_wait");
  MPI_Group_free(&neighbours);
  MPI_Group_free(&world);
  MPI_Win_free(&win), suite_call("MPI_Win_free");

  int* base = 0;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  suite_call("MPI_Win_allocate");
  MPI_Win_free(&win), suite_call("MPI_Win_free");

  suite_send(&value, 1, MPI_INT, next, 8, MPI_COMM_WORLD);
  MPI_Recv(&got, 1, MPI_INT, prev, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  suite_expect(got == prev, "message", got);
  return suite_finish();
}
