#!/bin/sh
# Tracing changes nothing a program does: its thread level, its threads' calls, its exit status.
# usage: check_threads.sh CHECK MPIEXEC CLI TRACER_LIB PROGRAM WORKDIR
#   multiple     PROGRAM (threads_program.c) asks for MPI_THREAD_MULTIPLE and fails unless
#                `provided` and MPI_Query_thread say it: exit 0 untraced, traced, and traced with
#                COLLSCOPE_TRACE_INSIDE=off; same output; a complete trace whose `stats` says
#                only the main thread is recorded and no other thread called MPI.
#   recorded     the same at MPI_THREAD_FUNNELED (MPI on the main thread) and
#                MPI_THREAD_SERIALIZED (a second thread makes the point-to-point calls): every
#                message is in the trace (matched, none unmatched), and stats has no `threads` line.
#   second-thread  PROGRAM's worker threads call MPI under MPI_THREAD_MULTIPLE: exit 0 untraced
#                and traced, same output, a complete trace (no INCOMPLETE), and `stats` (text and
#                JSON) says rank 0 made 2 and rank 1 made 1 MPI call from other threads; the one
#                message whose receive the main thread made shows as unmatched.
#   exit3        PROGRAM returns 3 after MPI_Finalize: `record` exits 3, and the trace is whole.
#   mpi4py       PROGRAM is a Python script (threads_mpi4py.py) run by /usr/bin/python3: same
#                output and exit 0 traced and untraced, MPI_THREAD_MULTIPLE on every rank.
#                Exits 77 (skipped) when mpi4py is not installed.
# Every run goes through `timeout`: a hang fails the test. NP is 2.
set -u
check=$1 mpiexec=$2 cli=$3 lib=$4 program=$5 work=$6
np=2
failures=0
rm -rf "$work"
mkdir -p "$work"

fail() { failures=$((failures + 1)); echo "FAIL  $*"; }
pass() { echo "ok    $*"; }
expect() { # expect DESCRIPTION COMMAND...
  description=$1
  shift
  if "$@"; then pass "$description"; else fail "$description"; fi
}
show() { [ -f "$1" ] && sed 's/^/      | /' "$1" | tail -n 15; }

# plain NAME ARGS...: PROGRAM untraced; its status in $status.
plain() {
  name=$1
  shift
  timeout 100 "$mpiexec" --oversubscribe -np "$np" "$@" </dev/null >"$work/$name.out" 2>"$work/$name.err"
  status=$?
}
# traced NAME ARGS...: PROGRAM under `collscope-trace record -o WORK/NAME.trace`; $status.
traced() {
  name=$1
  shift
  COLLSCOPE_TRACE_LIB=$lib timeout 100 "$cli" record -o "$work/$name.trace" -- \
    "$mpiexec" --oversubscribe -np "$np" "$@" </dev/null >"$work/$name.out" 2>"$work/$name.err"
  status=$?
}
same_output() {
  if cmp -s "$work/$1.out" "$work/$2.out"; then pass "$2: same output as $1"
  else fail "$2: same output as $1"; diff "$work/$1.out" "$work/$2.out" | head -n 10; fi
}
whole_trace() {
  if [ -f "$work/$1.trace/traces.otf2" ] && [ ! -e "$work/$1.trace.partial" ]; then
    pass "$1: the trace is complete"
  else
    fail "$1: the trace is complete"
    show "$work/$1.err"
    show "$work/$1.trace.partial/INCOMPLETE"
  fi
}
stats() { # stats NAME: text and JSON of the trace into NAME.stats, NAME.json
  "$cli" stats "$work/$1.trace" >"$work/$1.stats" 2>"$work/$1.stats.err" &&
    "$cli" stats "$work/$1.trace" --json >"$work/$1.json" 2>>"$work/$1.stats.err" ||
    { fail "$1: stats reads the trace"; show "$work/$1.stats.err"; }
}
key() { sed -n "s/^ *\"$2\": \([0-9]*\).*/\1/p" "$work/$1.json"; }

case $check in
multiple)
  plain plain "$program" multiple main
  expect "untraced run exits 0 (status $status)" test "$status" = 0
  expect "it got MPI_THREAD_MULTIPLE" grep -q '^thread level MPI_THREAD_MULTIPLE$' "$work/plain.out"
  traced traced "$program" multiple main
  expect "traced run exits 0 (status $status)" test "$status" = 0
  show "$work/traced.err"
  same_output plain traced
  whole_trace traced
  traced inside_off env COLLSCOPE_TRACE_INSIDE=off "$program" multiple main
  expect "traced with COLLSCOPE_TRACE_INSIDE=off exits 0 (status $status)" test "$status" = 0
  show "$work/inside_off.err"
  same_output plain inside_off
  whole_trace inside_off
  stats traced
  expect "stats: only the main thread is recorded, no other thread called MPI" grep -q \
    '^threads  *MPI_THREAD_MULTIPLE: only the thread that called MPI_Init_thread is recorded; no other thread made an MPI call' \
    "$work/traced.stats"
  expect "stats: the ring's 2 messages, none unmatched" \
    test "$(key traced messages)/$(key traced unmatched)" = 2/0
  ;;
recorded)
  # FUNNELED allows MPI on the main thread only; SERIALIZED on any, one at a time.
  for run in funneled:main serialized:worker; do
    level=${run%%:*} mode=${run#*:}
    plain "plain_$level" "$program" "$level" "$mode"
    expect "$level: untraced run exits 0 (status $status)" test "$status" = 0
    traced "$level" "$program" "$level" "$mode"
    expect "$level: traced run exits 0 (status $status)" test "$status" = 0
    show "$work/$level.err"
    same_output "plain_$level" "$level"
    whole_trace "$level"
    stats "$level"
    # The program's own messages: less those Open MPI's collectives sent inside (recorded too).
    own=$(($(key "$level" messages) - $(key "$level" native_messages)))
    expect "$level: every message recorded (2 of the program's, none unmatched)" \
      test "$own/$(key "$level" unmatched)" = 2/0
    expect "$level: no threads line in stats" sh -c "! grep -q '^threads' '$work/$level.stats'"
    expect "$level: threads null in stats --json" grep -q '"threads": null' "$work/$level.json"
  done
  ;;
second-thread)
  plain plain "$program" multiple worker
  expect "untraced run exits 0 (status $status)" test "$status" = 0
  traced traced "$program" multiple worker
  expect "traced run exits 0 (status $status)" test "$status" = 0
  show "$work/traced.err"
  same_output plain traced
  whole_trace traced
  stats traced
  note='MPI_THREAD_MULTIPLE: only the thread that called MPI_Init_thread is recorded; rank 0 made 2 MPI calls, rank 1 made 1 MPI call from other threads, which are not'
  expect "stats names the calls not recorded" grep -q "^threads  *$note" "$work/traced.stats"
  expect "and so does stats --json" grep -q "\"threads\": \"$note" "$work/traced.json"
  show "$work/traced.stats"
  expect "the main thread's receive is unmatched, nothing else recorded (0 messages, 1 unmatched)" \
    test "$(key traced messages)/$(key traced unmatched)" = 0/1
  ;;
exit3)
  plain plain "$program" single exit3
  expect "untraced run exits 3 (status $status)" test "$status" = 3
  traced traced "$program" single exit3
  expect "traced run exits 3 (status $status)" test "$status" = 3
  same_output plain traced
  whole_trace traced
  ;;
mpi4py)
  if ! /usr/bin/python3 -c 'from mpi4py import MPI' 2>/dev/null; then
    echo "SKIP  mpi4py is not installed (Debian: python3-mpi4py)"
    exit 77
  fi
  plain plain /usr/bin/python3 "$program"
  expect "untraced run exits 0 (status $status)" test "$status" = 0
  show "$work/plain.err"
  expect "mpi4py got MPI_THREAD_MULTIPLE" \
    grep -q '^thread levels MPI_THREAD_MULTIPLE MPI_THREAD_MULTIPLE$' "$work/plain.out"
  traced traced /usr/bin/python3 "$program"
  expect "traced run exits 0 (status $status)" test "$status" = 0
  show "$work/traced.err"
  same_output plain traced
  whole_trace traced
  ;;
*) echo "unknown check $check" >&2; exit 2 ;;
esac

[ "$failures" -eq 0 ] || exit 1
