#!/bin/sh
# A run that dies half way (crash.c) keeps the first half of its trace:
#   run_crash.sh MPIEXEC NP COLLSCOPE_TRACE_CLI PROGRAM WORKDIR segv|abort|recv|kill   ($OTF2_PRINT)
# The program runs untraced and under `collscope-trace record`; both must end with the same
# (failing) exit status and the same standard output. The trace must be left in
# DIR.partial (no DIR), open in otf2-print and in `collscope-trace stats`, say why it is
# incomplete (SIGSEGV or MPI_Abort), and hold at least the messages of the steps every rank
# completed before the crash. With "recv" ("kill") the last rank dies by SIGSEGV (SIGKILL)
# right after a receive, whose MpiRecv and Leave the tracer writes only at the next event
# (recorder.hpp, defer_recv): the crash handler must still write them, and after SIGKILL
# `record` must find them in the rank's status record. Every run is bounded by `timeout`: a hang fails
# the test.
set -u
mpiexec=$1 np=$2 cli=$3 program=$4 work=$5 how=$6
limit=${SUITE_TIMEOUT:-60}
steps=400
rm -rf "$work"
mkdir -p "$work"
failures=0
fail() { failures=$((failures + 1)); echo "FAIL  $*"; }
pass() { echo "ok    $*"; }

timeout "$limit" "$mpiexec" --oversubscribe -np "$np" "$program" "$how" "$steps" </dev/null \
  >"$work/plain.out" 2>"$work/plain.err"
plain=$?
timeout "$limit" "$cli" record -o "$work/trace" -- "$mpiexec" --oversubscribe -np "$np" \
  "$program" "$how" "$steps" </dev/null >"$work/traced.out" 2>"$work/traced.err"
traced=$?
[ "$plain" -ne 0 ] && [ "$plain" -ne 124 ] && pass "untraced run dies (status $plain)" ||
  fail "untraced run dies (status $plain)"
[ "$traced" -eq "$plain" ] && pass "traced run exits $plain too" ||
  fail "traced run exits $plain too (status $traced)"
if cmp -s "$work/plain.out" "$work/traced.out"; then pass "same output traced and untraced"
else fail "same output traced and untraced"; diff "$work/plain.out" "$work/traced.out" | head -n 10; fi
said() { sed -n "s/^$1: //p" "$work/plain.out"; }
[ "$(said 'steps completed')" = $((steps / 2)) ] && pass "$((steps / 2)) steps before the crash" ||
  fail "$((steps / 2)) steps before the crash (the program says $(said 'steps completed'))"

# After SIGKILL mpirun stops the other ranks with SIGTERM; record names the silent rank first.
case $how in
  abort) cause="called MPI_Abort" ;;
  kill) cause="before MPI_Finalize" ;;
  *) cause="SIGSEGV" ;;
esac
[ ! -e "$work/trace" ] && pass "no archive $work/trace claims a whole run" ||
  fail "no archive $work/trace claims a whole run"
grep -q "incomplete trace: .*$cause" "$work/traced.err" && pass "record reports it incomplete" ||
  fail "record reports it incomplete ($cause)"
"${OTF2_PRINT:-otf2-print}" "$work/trace.partial/traces.otf2" >"$work/events.txt" 2>"$work/print.err" &&
  pass "otf2-print reads $work/trace.partial" || fail "otf2-print reads $work/trace.partial"

"$cli" stats "$work/trace" --json >"$work/stats.json" 2>"$work/stats.err" &&
  pass "stats opens the trace of the run that died" || fail "stats opens the trace (status $?)"
grep -q "\"incomplete\": \".*$cause" "$work/stats.json" && pass "stats says incomplete: $cause" ||
  fail "stats says incomplete: $cause"
messages=$(sed -n 's/^ *"messages": \([0-9]*\).*/\1/p' "$work/stats.json")
expected=$(said 'messages sent')
[ -n "$messages" ] && [ -n "$expected" ] && [ "$messages" -ge "$expected" ] &&
  pass "$messages messages kept, at least the $expected of the first half" ||
  fail "${messages:-?} messages kept, fewer than the ${expected:-?} of the first half"

if [ "$how" = kill ]; then
  # The rank that killed itself is named first, not the ranks mpirun stopped after it.
  grep -q "^rank $((np - 1)) died first, without a word" "$work/trace.partial/INCOMPLETE" &&
    pass "INCOMPLETE names rank $((np - 1)), which died first" ||
    fail "INCOMPLETE names rank $((np - 1)), which died first: $(head -n 1 "$work/trace.partial/INCOMPLETE")"
fi

if [ "$how" = recv ] || [ "$how" = kill ]; then
  last=$((np - 1))
  grep -Eq "^MPI_RECV +$last .*Sender: 0 .*Tag: 9999, Length: 4" "$work/events.txt" &&
    pass "the receive just before the crash is in the trace of rank $last" ||
    fail "the receive just before the crash is in the trace of rank $last"
  at=$(sed -n "s/^MPI_RECV  *$last  *\([0-9]*\) .*Tag: 9999,.*/\1/p" "$work/events.txt")
  grep -Eq "^LEAVE +$last +$at +Region: \"MPI_Recv\"" "$work/events.txt" &&
    pass "and so is the Leave of its MPI_Recv" || fail "and so is the Leave of its MPI_Recv"
fi

if [ "$failures" -ne 0 ]; then
  for f in "$work"/*.err; do [ -s "$f" ] && { echo "$f:"; tail -n 15 "$f" | sed 's/^/      | /'; }; done
  exit 1
fi
