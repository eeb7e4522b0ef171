/* Where each rank of a graded run is, written by the sync-send shim (sync_send.c) into a
 * memory-mapped file `COLLSCOPE_GRADE_STATE_DIR/blocked.<world rank>` and read by
 * collscope-grade after it had to stop a run that made no progress: a rank blocked in a
 * point-to-point call names its peer, so a deadlock shows as a cycle; a rank in the
 * submission but in no MPI call is computing (an endless loop). */
#ifndef COLLSCOPE_GRADE_BLOCKED_STATE_H
#define COLLSCOPE_GRADE_BLOCKED_STATE_H

enum collscope_grade_phase {
  collscope_grade_phase_unknown = 0,
  collscope_grade_phase_submission = 1,
  collscope_grade_phase_harness = 2
};

enum collscope_grade_call {
  collscope_grade_call_none = 0,
  collscope_grade_call_send = 1,      /* MPI_Send as written */
  collscope_grade_call_send_sync = 2, /* MPI_Send, made synchronous by the shim */
  collscope_grade_call_ssend = 3,
  collscope_grade_call_recv = 4,
  collscope_grade_call_sendrecv = 5,
  collscope_grade_call_wait = 6,
  collscope_grade_call_waitall = 7,
  collscope_grade_call_probe = 8
};

struct collscope_grade_state {
  int phase; /* enum collscope_grade_phase */
  int call;  /* enum collscope_grade_call */
  int peer;  /* destination or source (rank in the call's communicator), -1 for any */
  int peer2; /* MPI_Sendrecv: the source */
  int tag;
  int calls; /* number of calls recorded so far, to tell a spinning rank from a blocked one */
  long long bytes;
  int finalized; /* 1: MPI_Finalize was called inside the submission */
  /* peer and peer2 as ranks of MPI_COMM_WORLD (the state files' names), so that the grader can
   * tell whether two blocked calls could match: -1 any rank, -2 none (MPI_PROC_NULL, or no
   * peer), -3 not known (an intercommunicator, or the translation failed). */
  int world_peer;
  int world_peer2;
};

#endif
