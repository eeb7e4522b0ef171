#!/bin/sh
# End-to-end checks of libcollscope-trace on real MPI runs, judged through otf2-print.
# usage: check_trace.sh CHECK MPIEXEC NP TRACER_LIB PROGRAM WORKDIR [ARG]
#   messages     PROGRAM (plain MPI, not linked to the tracer) run untraced and under
#                LD_PRELOAD: same stdout; complete archive; one send record per message the
#                program counted; every receive matches a send (world ranks, tag) and its
#                sender is tag % 100 (the program's encoding); a stale DIR and DIR.partial
#                are replaced. ARG: MPI functions that must appear as regions.
#   crash        PROGRAM dies before MPI_Finalize (ARG: abort | segv): DIR.partial/INCOMPLETE
#                is one line naming the cause, and there is no DIR.
#   annotations  PROGRAM (the annotated gather) traced: USER regions, rounds, metadata and
#                block attributes as in tracer/README.md; nothing recorded while paused.
#                TRACER_LIB "-" means the program links the tracer itself.
#   repeat       PROGRAM (the annotated gather with ARG repeat) runs four times with the same
#                metadata but for the last pair in the third call: every algorithm Enter
#                carries all five pairs, with the values of its own call.
#   untraced     PROGRAM using the annotation API without the tracer runs and writes nothing.
#   gap          PROGRAM (gap_program.c) runs out of annotation-string memory on rank 0: the
#                run still succeeds, recording stops for good (resume() included), the events
#                before the gap are in DIR.partial with a MeasurementOnOff OFF, INCOMPLETE
#                says why, there is no DIR, and `collscope-trace stats` ($COLLSCOPE_TRACE_CLI)
#                opens it (exit 0), reporting an incomplete trace.
#   second-thread  PROGRAM (suite/threads.c second-thread) calls MPI from a worker thread under
#                MPI_THREAD_MULTIPLE: the run behaves as untraced, the trace is complete with
#                the main threads' messages and without the worker's, and stats say which
#                calls each rank's other threads made (not recorded).
#   watchdog     PROGRAM (hang_program.c) deadlocks: `collscope-trace record --watchdog 3`
#                stops it, naming each rank's call (MPI_Recv on rank 0, MPI_Bcast elsewhere)
#                on stderr and in INCOMPLETE; and a second run stopped by SIGTERM to `record`
#                itself leaves no rank running.
#   vite         PROGRAM traced, then Debian's ViTE ($VITE) loads the archive headless
#                (offscreen Qt) and exports it to SVG: no "already exists" abort, an SVG
#                with one container per rank.
# The caller provides OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 when running
# as root. Every mpirun is bounded by `timeout`, so a hang fails the test instead of stalling it.
set -u
check=$1 mpiexec=$2 np=$3 lib=$4 program=$5 work=$6
arg=${7:-}
otf2_print=${OTF2_PRINT:-otf2-print}
trace=$work/trace
failures=0

rm -rf "$work"
mkdir -p "$work"

fail() {
  failures=$((failures + 1))
  echo "FAIL  $*"
}
pass() { echo "ok    $*"; }
expect() { # expect DESCRIPTION COMMAND...: a check that passes when COMMAND succeeds
  description=$1
  shift
  if "$@"; then pass "$description"; else fail "$description"; fi
}
show() { [ -f "$1" ] && sed 's/^/      | /' "$1" | tail -n 20; }

# run OUT [VAR=VALUE...]: PROGRAM on NP ranks with the variables exported to every rank.
run() {
  out=$1
  shift
  exports=""
  for assignment in "$@"; do [ -n "$assignment" ] && exports="$exports -x $assignment"; done
  # shellcheck disable=SC2086
  timeout 100 "$mpiexec" --oversubscribe -np "$np" $exports "$program" $arg </dev/null \
    >"$work/$out.out" 2>"$work/$out.err"
}

preload() { [ "$lib" = "-" ] || echo "LD_PRELOAD=$lib"; }

# print_trace: otf2-print of the archive into $work/events.txt and $work/defs.txt.
print_trace() {
  if [ -d "$trace" ] && [ ! -e "$trace.partial" ]; then
    pass "archive $trace is complete, no $trace.partial left"
  else
    fail "archive $trace is complete, no $trace.partial left"
    ls -la "$work"
    show "$trace.partial/INCOMPLETE"
  fi
  if "$otf2_print" "$trace/traces.otf2" >"$work/events.txt" 2>"$work/print.err" &&
    "$otf2_print" -G "$trace/traces.otf2" >"$work/defs.txt" 2>>"$work/print.err"; then
    pass "otf2-print reads the archive"
    if grep -q -i "warning" "$work/print.err"; then
      fail "otf2-print reads the archive without a warning"
      sort "$work/print.err" | uniq -c | head -n 5
    else
      pass "otf2-print reads the archive without a warning"
    fi
  else
    fail "otf2-print reads the archive"
    show "$work/print.err"
  fi
}

count() { grep -c "$1" "$2"; }

check_messages() {
  mkdir -p "$trace" "$trace.partial" && touch "$trace/stale" "$trace.partial/INCOMPLETE"
  functions=$arg
  arg=""
  expect "untraced run succeeds" run plain
  expect "traced run succeeds" run traced "$(preload)" "COLLSCOPE_TRACE=$trace"
  if cmp -s "$work/plain.out" "$work/traced.out"; then pass "stdout identical traced and untraced"
  else fail "stdout identical traced and untraced"; diff "$work/plain.out" "$work/traced.out"; fi
  print_trace
  expect "the older archive was replaced" test ! -e "$trace/stale"

  messages=$(sed -n 's/^messages sent: //p' "$work/plain.out")
  # The program's own: Open MPI's collectives send theirs inside with negative tags (printed
  # from 2^31 up), recorded too ("Inside the library"); they must pair up below as well.
  own() {
    awk -v kind="$1" '$1 ~ kind { t = $0; sub(/.*Tag: /, "", t); sub(/,.*/, "", t)
                                  if (t + 0 < 2147483648) n++ } END { print n + 0 }' "$work/events.txt"
  }
  sends=$(own '^MPI_I?SEND$')
  receives=$(own '^MPI_I?RECV$')
  expect "$sends MPI_SEND/MPI_ISEND records for ${messages:-?} messages" test "$sends" = "${messages:-x}"
  expect "$receives receive records for ${messages:-?} messages" test "$receives" = "${messages:-x}"
  expect "one location per rank" test "$(count '^LOCATION ' "$work/defs.txt")" = "$np"
  expect "messages on a split communicator" grep -q '^MPI_RECV .*Communicator: "MPI_Comm_split' "$work/events.txt"
  expect "at least $np MPI_Bcast and MPI_Gather collective records" \
    test "$(count 'Operation: BCAST' "$work/events.txt")" -ge "$np" -a "$(count 'Operation: GATHER' "$work/events.txt")" -ge "$np"
  missing=""
  for f in $functions; do grep -q "^REGION .*Name: \"$f\"" "$work/defs.txt" || missing="$missing $f"; done
  expect "every expected MPI function recorded${missing:+ (missing:$missing)}" test -z "$missing"

  # Every record as "kind from to tag" in world ranks: otf2-print names the peer's world rank
  # through the communicator's group, so sends and receives must pair up exactly.
  awk '/^MPI_I?SEND |^MPI_I?RECV / {
         peer = $0; sub(/.*\("rank /, "", peer); sub(/[ "].*/, "", peer)
         tag = $0; sub(/.*Tag: /, "", tag); sub(/,.*/, "", tag)
         if ($1 ~ /SEND/) print "send", $2, peer, tag >> "'"$work/sends.txt"'"
         else print "send", peer, $2, tag >> "'"$work/receives.txt"'"
         if ($1 ~ /RECV/ && tag + 0 < 2147483648) { sender = $0; sub(/.*Sender: /, "", sender); sub(/ .*/, "", sender)
                             if (sender != tag % 100) print "sender " sender " of tag " tag " at rank " $2 }
       }' "$work/events.txt" >"$work/bad_senders.txt"
  sort "$work/sends.txt" >"$work/sends.sorted" 2>/dev/null
  sort "$work/receives.txt" >"$work/receives.sorted" 2>/dev/null
  expect "every receive matches a send (world ranks, tag)" cmp -s "$work/sends.sorted" "$work/receives.sorted"
  if [ -s "$work/bad_senders.txt" ] || [ ! -s "$work/receives.txt" ]; then
    fail "receives carry the sender encoded in the tag"; show "$work/bad_senders.txt"
  else pass "receives carry the sender encoded in the tag"; fi
}

check_crash() {
  mkdir -p "$trace" && touch "$trace/stale" # an older run's archive must not survive the crash
  if run crash "$(preload)" "COLLSCOPE_TRACE=$trace"; then fail "the $arg run fails"; else pass "the $arg run fails"; fi
  expect "no archive $trace (the older one is gone)" test ! -e "$trace"
  expect "$trace.partial/INCOMPLETE exists" test -f "$trace.partial/INCOMPLETE"
  case $arg in abort) cause="MPI_Abort" ;; *) cause="SIGSEGV" ;; esac
  expect "INCOMPLETE is one line naming $cause" \
    test "$(wc -l <"$trace.partial/INCOMPLETE" 2>/dev/null) $(grep -c "$cause" "$trace.partial/INCOMPLETE" 2>/dev/null)" = "1 1"
  show "$trace.partial/INCOMPLETE"
}

check_annotations() {
  expect "traced run succeeds" run traced "$(preload)" "COLLSCOPE_TRACE=$trace"
  expect "the program saw the tracer recording" grep -q '^tracer recording' "$work/traced.out"
  print_trace
  rounds=0
  while [ $((1 << rounds)) -lt "$np" ]; do rounds=$((rounds + 1)); done
  expect "every rank entered 'algorithm gather/binomial'" \
    test "$(count '^ENTER .*Region: "algorithm gather/binomial"' "$work/events.txt")" = "$np"
  expect "USER region 'algorithm gather/binomial', role CODE" \
    grep -q '^REGION .*Name: "algorithm gather/binomial".*Role: CODE, Paradigm: "User"' "$work/defs.txt"
  expect "USER regions 'round 0' .. 'round $((rounds - 1))', role LOOP" \
    test "$(grep -c '^REGION .*Name: "round [0-9]*".*Role: LOOP, Paradigm: "User"' "$work/defs.txt")" = "$rounds"
  for key in collective algorithm root count; do
    expect "metadata $key on every algorithm Enter" \
      test "$(count "(\"collscope::meta::$key\" <[0-9]*>; STRING; " "$work/events.txt")" = "$np"
  done
  expect "collective = gather" grep -q '"collscope::meta::collective" <[0-9]*>; STRING; "gather"' "$work/events.txt"
  expect "$((np - 1)) sends, each carrying origin_first" \
    test "$(count '^MPI_SEND ' "$work/events.txt") $(count '"collscope::origin_first"' "$work/events.txt")" = "$((np - 1)) $((np - 1))"
  # A send of k origins' blocks of 3 ints carries 12 k bytes.
  awk '/^MPI_SEND / { length_ = $0; sub(/.*Length: /, "", length_); sub(/[^0-9].*/, "", length_); next_is = 1; next }
       next_is && /origin_count/ { n = $0; sub(/.*origin_count" <[0-9]*>; UINT32; /, "", n); sub(/\).*/, "", n)
                                   checked++
                                   if (n * 12 != length_) print "length " length_ " for " n " origins" }
       { next_is = 0 }
       END { if (checked == 0) print "no send carried block attributes" }' "$work/events.txt" >"$work/bad_blocks.txt"
  if [ -s "$work/bad_blocks.txt" ]; then fail "block attributes agree with message sizes"; show "$work/bad_blocks.txt"
  else pass "block attributes agree with message sizes"; fi
  expect "nothing recorded while paused (tag 999)" \
    sh -c "grep -q '^MPI_SEND ' '$work/events.txt' && ! grep -q 'Tag: 999' '$work/events.txt'"
}

check_repeat() {
  expect "traced run succeeds" run traced "$(preload)" "COLLSCOPE_TRACE=$trace"
  print_trace
  expect "every rank entered 'algorithm gather/binomial' four times" \
    test "$(count '^ENTER .*Region: "algorithm gather/binomial"' "$work/events.txt")" = "$((4 * np))"
  for key in collective algorithm root count call; do
    expect "metadata $key on every algorithm Enter" \
      test "$(count "(\"collscope::meta::$key\" <[0-9]*>; STRING; " "$work/events.txt")" = "$((4 * np))"
  done
  expect "call = same on three Enters of each rank, other on one" \
    test "$(count '"collscope::meta::call" <[0-9]*>; STRING; "same"' "$work/events.txt") $(count '"collscope::meta::call" <[0-9]*>; STRING; "other"' "$work/events.txt")" = "$((3 * np)) $np"
  # The third call's Enter (the third on each rank) is the one with "other".
  awk 'pending != "" { line = $0; sub(/.*"collscope::meta::call" <[0-9]*>; STRING; "/, "", line); sub(/".*/, "", line)
                       n[pending]++; want = n[pending] == 3 ? "other" : "same"
                       if (line != want) print "rank " pending " Enter " n[pending] ": call = " line
                       pending = "" }
       /^ENTER .*Region: "algorithm gather\/binomial"/ { pending = $2 }' "$work/events.txt" >"$work/bad_calls.txt"
  if [ -s "$work/bad_calls.txt" ]; then fail "each Enter carries its own call's value"; show "$work/bad_calls.txt"
  else pass "each Enter carries its own call's value"; fi
}

check_untraced() {
  expect "the program runs without the tracer" run plain
  expect "and sees it absent" grep -q '^tracer not recording' "$work/plain.out"
  expect "gathered everything" grep -q '^gathered: 0 1 2 100 101 102' "$work/plain.out"
  expect "no archive written" test ! -e "$trace"
}

check_gap() {
  expect "traced run succeeds" run traced "$(preload)" "COLLSCOPE_TRACE=$trace" COLLSCOPE_TRACE_STRING_LIMIT=300
  expect "recording stopped when the strings ran out" grep -q '^recording stopped: yes' "$work/traced.out"
  expect "and resume() did not restart it" grep -q '^recording after resume: no' "$work/traced.out"
  expect "no archive $trace claims a whole run" test ! -e "$trace"
  expect "INCOMPLETE is one line naming the lost annotation strings" \
    test "$(wc -l <"$trace.partial/INCOMPLETE" 2>/dev/null) $(grep -c 'rank 0 ran out of memory for its annotation strings' "$trace.partial/INCOMPLETE" 2>/dev/null)" = "1 1"
  show "$trace.partial/INCOMPLETE"
  if "$otf2_print" "$trace.partial/traces.otf2" >"$work/events.txt" 2>"$work/print.err"; then
    pass "the events before the gap are readable in $trace.partial"
  else
    fail "the events before the gap are readable in $trace.partial"; show "$work/print.err"
  fi
  expect "rank 0's gap is a MeasurementOnOff OFF" grep -q '^MEASUREMENT_ON_OFF *0 .*Mode: OFF' "$work/events.txt"
  expect "regions recorded before the gap" grep -q '^ENTER *0 .*Region: "phase 0 with' "$work/events.txt"
  expect "nothing recorded on rank 0 after the gap (tag 555)" sh -c "! grep -q '^MPI_SEND .*Tag: 555' '$work/events.txt'"
  "${COLLSCOPE_TRACE_CLI:-false}" stats "$trace" >"$work/stats.out" 2>"$work/stats.err"
  status=$?
  expect "collscope-trace stats opens what was recorded (exit 0)" test "$status" = 0
  expect "and says incomplete trace: ... ran out of memory" grep -q 'incomplete trace: rank 0 ran out of memory' "$work/stats.err"
  expect "in its figures too" grep -q '^incomplete  *rank 0 ran out of memory' "$work/stats.out"
}

check_second_thread() {
  expect "untraced run succeeds" run plain
  expect "traced run succeeds" run traced "$(preload)" "COLLSCOPE_TRACE=$trace"
  expect "same output traced and untraced" cmp -s "$work/plain.out" "$work/traced.out"
  print_trace
  expect "no gap: no MeasurementOnOff" sh -c "! grep -q '^MEASUREMENT_ON_OFF' '$work/events.txt'"
  expect "the main threads' ring is recorded (6 sends)" test "$(grep -c '^MPI_SEND ' "$work/events.txt")" = 6
  expect "the worker's message is not (no tag 77)" sh -c "! grep -q 'Tag: 77' '$work/events.txt'"
  "${COLLSCOPE_TRACE_CLI:-false}" stats "$trace" >"$work/stats.out" 2>"$work/stats.err"
  expect "collscope-trace stats names the calls not recorded" grep -q \
    '^threads  *MPI_THREAD_MULTIPLE: only the thread that called MPI_Init_thread is recorded; rank 0 made 1 MPI call, rank 1 made 1 MPI call from other threads, which are not' \
    "$work/stats.out"
  show "$work/stats.out"
}

check_watchdog() {
  cli=${COLLSCOPE_TRACE_CLI:-false}
  COLLSCOPE_TRACE_LIB=$lib timeout 100 "$cli" record -o "$trace" --watchdog 3 -- \
    "$mpiexec" --oversubscribe -np "$np" "$program" </dev/null >"$work/watchdog.out" 2>"$work/watchdog.err"
  status=$?
  expect "the watchdog stopped the deadlock (status $status, not the 124 of timeout)" \
    test "$status" -ne 0 -a "$status" -ne 124
  expect "it named rank 0's MPI_Recv" grep -q 'rank 0 blocked in MPI_Recv' "$work/watchdog.err"
  expect "and rank 1's MPI_Bcast" grep -q 'rank 1 blocked in MPI_Bcast' "$work/watchdog.err"
  expect "INCOMPLETE says the watchdog stopped the run" \
    grep -q '^the watchdog stopped the run: no progress for 3 s: rank 0 blocked in MPI_Recv' "$trace.partial/INCOMPLETE"
  show "$work/watchdog.err"

  COLLSCOPE_TRACE_LIB=$lib "$cli" record -o "$trace" -- "$mpiexec" --oversubscribe -np "$np" \
    "$program" </dev/null >"$work/stopped.out" 2>"$work/stopped.err" &
  record=$!
  for _ in $(seq 100); do [ "$(grep -c deadlocks "$work/stopped.out")" = "$np" ] && break; sleep 0.2; done
  kill -TERM "$record"
  for _ in $(seq 100); do kill -0 "$record" 2>/dev/null || break; sleep 0.2; done
  expect "record ended after SIGTERM" sh -c "! kill -0 $record 2>/dev/null"
  sleep 1
  expect "and no rank of the run is left" sh -c "! pgrep -f '^$program' >/dev/null"
  kill -KILL "$record" 2>/dev/null
  return 0
}

check_vite() {
  expect "traced run succeeds" run traced "$(preload)" "COLLSCOPE_TRACE=$trace"
  print_trace
  expect "location groups and locations have distinct names" \
    test "$(grep -E '^(LOCATION_GROUP|LOCATION) ' "$work/defs.txt" | sed 's/.*Name: \("[^"]*"\).*/\1/' | sort | uniq -d | wc -l)" = 0
  # ViTE 1.2 takes the file as its first argument (its -f is rejected), and with -e it loads,
  # exports and exits; a duplicate container name aborts it (exit 134).
  QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=$work timeout 120 "${VITE:-vite}" "$trace/traces.otf2" \
    -e "$work/vite.svg" </dev/null >"$work/vite.out" 2>&1
  status=$?
  expect "vite exits 0 after exporting (status $status)" test "$status" = 0
  expect "vite does not abort on a container name" sh -c "! grep -qi 'already exists' '$work/vite.out'"
  grep -v '^Warning: cannot find rank' "$work/vite.out" | tail -n 5 | sed 's/^/      | /'
  expect "vite's SVG shows rank $((np - 1))'s thread" grep -q ">rank $((np - 1)) thread 0" "$work/vite.svg"
}

case $check in
  messages) check_messages ;;
  gap) check_gap ;;
  vite) check_vite ;;
  second-thread) check_second_thread ;;
  watchdog) check_watchdog ;;
  crash) check_crash ;;
  annotations) check_annotations ;;
  repeat) check_repeat ;;
  untraced) check_untraced ;;
  *) echo "unknown check $check" >&2; exit 2 ;;
esac

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed; files in $work"
  for f in "$work"/*.err; do [ -s "$f" ] && { echo "$f:"; show "$f"; }; done
  exit 1
fi
