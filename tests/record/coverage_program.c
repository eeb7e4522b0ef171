/* Every MPI call the tracer wraps, on every kind of communicator it tracks, in a plain MPI
 * program. Same conventions as ring_program.c: a message's tag is 100 * phase + the
 * sender's rank in its communicator, and rank 0 prints deterministic results and the number
 * of messages sent. Needs at least 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size, right, left, sent = 0;

static int tag(int phase, MPI_Comm comm) {
  int r;
  MPI_Comm_rank(comm, &r);
  return 100 * phase + r;
}

/* Sends one int to the right neighbour with `send`, receives from the left with MPI_Recv. */
static void shift_with(int phase, int (*send)(const void*, int, MPI_Datatype, int, int, MPI_Comm)) {
  int out = rank, in = -1;
  MPI_Request request;
  MPI_Irecv(&in, 1, MPI_INT, left, 100 * phase + left, MPI_COMM_WORLD, &request);
  MPI_Barrier(MPI_COMM_WORLD); /* every receive is posted: MPI_Rsend is legal */
  send(&out, 1, MPI_INT, right, tag(phase, MPI_COMM_WORLD), MPI_COMM_WORLD);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  ++sent;
}

/* Nonblocking exchange completed by one of the Wait/Test families (mode 0..5). */
static int exchange(int phase, int mode) {
  int out = rank, in = -1, flag = 0, index, outcount, indices[2];
  MPI_Request r[2];
  MPI_Status statuses[2];
  MPI_Irecv(&in, 1, MPI_INT, MPI_ANY_SOURCE, 100 * phase + left, MPI_COMM_WORLD, &r[0]);
  if (mode % 2)
    MPI_Issend(&out, 1, MPI_INT, right, tag(phase, MPI_COMM_WORLD), MPI_COMM_WORLD, &r[1]);
  else
    MPI_Isend(&out, 1, MPI_INT, right, tag(phase, MPI_COMM_WORLD), MPI_COMM_WORLD, &r[1]);
  ++sent;
  switch (mode) {
  case 0:
    for (int done = 0; done < 2; ++done) MPI_Waitany(2, r, &index, MPI_STATUS_IGNORE);
    break;
  case 1:
    do MPI_Waitsome(2, r, &outcount, indices, statuses);
    while (outcount != MPI_UNDEFINED);
    break;
  case 2:
    do MPI_Testsome(2, r, &outcount, indices, MPI_STATUSES_IGNORE);
    while (outcount != MPI_UNDEFINED);
    break;
  case 3:
    do MPI_Testany(2, r, &index, &flag, MPI_STATUS_IGNORE);
    while (!flag || index != MPI_UNDEFINED);
    break;
  case 4:
    do MPI_Testall(2, r, &flag, statuses);
    while (!flag);
    break;
  default:
    for (int i = 0; i < 2; ++i) do
        MPI_Test(&r[i], &flag, &statuses[i]);
      while (!flag);
  }
  return in;
}

static void probes(void) {
  int out = rank, in = -1, flag = 0;
  MPI_Message message;
  MPI_Status status;
  MPI_Request request;
  MPI_Send(&out, 1, MPI_INT, right, tag(20, MPI_COMM_WORLD), MPI_COMM_WORLD);
  MPI_Mprobe(MPI_ANY_SOURCE, 2000 + left, MPI_COMM_WORLD, &message, &status);
  MPI_Mrecv(&in, 1, MPI_INT, &message, MPI_STATUS_IGNORE);
  MPI_Send(&out, 1, MPI_INT, right, tag(21, MPI_COMM_WORLD), MPI_COMM_WORLD);
  do MPI_Improbe(left, 2100 + left, MPI_COMM_WORLD, &flag, &message, &status);
  while (!flag);
  MPI_Imrecv(&in, 1, MPI_INT, &message, &request);
  MPI_Wait(&request, &status);
  MPI_Send(&out, 1, MPI_INT, right, tag(22, MPI_COMM_WORLD), MPI_COMM_WORLD);
  do MPI_Iprobe(MPI_ANY_SOURCE, 2200 + left, MPI_COMM_WORLD, &flag, &status);
  while (!flag);
  MPI_Probe(status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, &status);
  MPI_Recv(&in, 1, MPI_INT, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  sent += 3;
}

static void odd_requests(void) {
  int out = rank, in = -1, never = 0;
  MPI_Request request;
  MPI_Status status;
  /* MPI_PROC_NULL: calls, but no messages */
  MPI_Send(&out, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  MPI_Recv(&in, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  /* a cancelled receive */
  MPI_Irecv(&never, 1, MPI_INT, left, 9999, MPI_COMM_WORLD, &request);
  MPI_Cancel(&request);
  MPI_Wait(&request, &status);
  /* a freed send request: its message still arrives */
  MPI_Isend(&out, 1, MPI_INT, right, tag(23, MPI_COMM_WORLD), MPI_COMM_WORLD, &request);
  MPI_Request_free(&request);
  MPI_Recv(&in, 1, MPI_INT, left, 2300 + left, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  /* buffered and self messages */
  int buffer_size = 4 * (MPI_BSEND_OVERHEAD + (int)sizeof(int));
  char* buffer = malloc((size_t)buffer_size);
  MPI_Buffer_attach(buffer, buffer_size);
  MPI_Bsend(&out, 1, MPI_INT, right, tag(24, MPI_COMM_WORLD), MPI_COMM_WORLD);
  MPI_Ibsend(&out, 1, MPI_INT, 0, tag(25, MPI_COMM_SELF), MPI_COMM_SELF, &request);
  MPI_Recv(&in, 1, MPI_INT, left, 2400 + left, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Recv(&in, 1, MPI_INT, 0, 2500, MPI_COMM_SELF, MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Buffer_detach(&buffer, &buffer_size);
  free(buffer);
  int value = rank;
  MPI_Sendrecv_replace(&value, 1, MPI_INT, right, tag(26, MPI_COMM_WORLD), left, 2600 + left,
                       MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  sent += 4;
}

/* One message from rank 0 to rank 1 of comm, if it has two ranks. */
static void message_on(MPI_Comm comm, int phase) {
  int r, n, value = phase;
  if (comm == MPI_COMM_NULL) return;
  MPI_Comm_rank(comm, &r);
  MPI_Comm_size(comm, &n);
  if (n > 1 && r == 0) {
    MPI_Send(&value, 1, MPI_INT, 1, tag(phase, comm), comm);
    ++sent;
  } else if (n > 1 && r == 1) {
    MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, MPI_STATUS_IGNORE);
  }
}

static void communicators(void) {
  MPI_Comm dup, info_dup, split, shared, created, grouped, cart, sub;
  MPI_Group world_group, pair;
  const int first_two[2] = {0, 1}, dims[2] = {1, size}, periods[2] = {0, 1}, keep[2] = {0, 1};
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_dup_with_info(dup, MPI_INFO_NULL, &info_dup);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &split);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Group_incl(world_group, 2, first_two, &pair);
  MPI_Comm_create(MPI_COMM_WORLD, pair, &created);
  grouped = MPI_COMM_NULL;
  if (rank < 2) MPI_Comm_create_group(MPI_COMM_WORLD, pair, 7, &grouped);
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
  MPI_Cart_sub(cart, keep, &sub);
  MPI_Comm comms[8] = {dup, info_dup, split, shared, created, grouped, cart, sub};
  for (int i = 0; i < 8; ++i) message_on(comms[i], 30 + i);
  for (int i = 0; i < 8; ++i)
    if (comms[i] != MPI_COMM_NULL) MPI_Comm_free(&comms[i]);
  MPI_Group_free(&pair);
  MPI_Group_free(&world_group);
}

static long collectives(void) {
  int one = rank + 1, all[64], counts[64], displs[64], block[64 * 2], mine = 0;
  MPI_Datatype types[64];
  long check = 0;
  for (int i = 0; i < size; ++i) {
    counts[i] = 1;
    displs[i] = i;
    types[i] = MPI_INT;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(&one, 1, MPI_INT, size - 1, MPI_COMM_WORLD);
  check += one;
  mine = rank;
  MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    all[0] = 0;
    MPI_Gather(MPI_IN_PLACE, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  } else
    MPI_Gather(&mine, 1, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD);
  MPI_Gatherv(&mine, 1, MPI_INT, all, counts, displs, MPI_INT, 1, MPI_COMM_WORLD);
  MPI_Scatter(all, 1, MPI_INT, &mine, 1, MPI_INT, 1, MPI_COMM_WORLD);
  MPI_Scatterv(all, counts, displs, MPI_INT, &mine, 1, MPI_INT, 1, MPI_COMM_WORLD);
  check += mine;
  MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Allgatherv(&mine, 1, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
  for (int i = 0; i < size; ++i) block[i] = rank * 10 + i;
  MPI_Alltoall(block, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Alltoallv(block, counts, displs, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
  for (int i = 0; i < size; ++i) displs[i] = i * (int)sizeof(int);
  MPI_Alltoallw(block, counts, displs, types, all, counts, displs, types, MPI_COMM_WORLD);
  for (int i = 0; i < size; ++i) {
    check += all[i];
    displs[i] = i;
  }
  MPI_Reduce(&one, &mine, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Allreduce(&one, &mine, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &mine, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  check += mine;
  MPI_Reduce_scatter(block, &mine, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce_scatter_block(block, &mine, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Scan(&one, &mine, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  check += mine;
  MPI_Exscan(&one, &mine, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return check;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  if (size < 2 || size > 64) MPI_Abort(MPI_COMM_WORLD, 2);

  shift_with(1, MPI_Send);
  shift_with(2, MPI_Ssend);
  shift_with(3, MPI_Rsend);
  for (int mode = 0; mode < 6; ++mode) exchange(10 + mode, mode);
  probes();
  odd_requests();
  communicators();
  const long check = collectives();

  long checks[64];
  int total_sent = 0;
  MPI_Gather(&check, 1, MPI_LONG, checks, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  MPI_Reduce(&sent, &total_sent, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int r = 0; r < size; ++r) printf("rank %d: collective checksum %ld\n", r, checks[r]);
    printf("messages sent: %d\n", total_sent);
  }
  MPI_Finalize();
  return 0;
}
